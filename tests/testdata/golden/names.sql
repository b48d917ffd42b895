-- PostgreSQL's name type (OID 19): input truncates to 63 bytes on a character boundary
SELECT 'abc'::name AS n, pg_typeof('abc'::name) AS type;
SELECT repeat('x', 70)::name AS cut, length(repeat('x', 70)::name) AS len;
SELECT length(repeat('é', 40)::name) AS chars, octet_length(repeat('é', 40)::name) AS bytes;
SELECT octet_length(('a' || repeat('€', 30))::name) AS bytes, octet_length(repeat('x', 63)::name) AS exact;
SELECT CAST(repeat('y', 64) AS name) = repeat('y', 63) AS truncated;
-- casts to and from text, varchar, character(n), integers
SELECT 'abc'::name::text AS text, 'abc'::name::varchar(2) AS varchar2, 'abc'::name::char(5) || '|' AS bpchar;
SELECT 'abc'::varchar::name AS from_varchar, 'ab  '::char(4)::name || '|' AS from_bpchar, 'x'::text::name AS from_text;
SELECT 1::name AS from_int, '42'::name::int AS to_int, pg_typeof(1::name) AS type;
SELECT 'x'::name::int;
-- operators: comparison in C order, || gives text, LIKE
SELECT 'a'::name < 'b'::name AS lt, 'B'::name < 'a'::name AS upper_first, 'abc'::name = 'abc' AS eq_literal;
SELECT 'abc'::name = 'abc'::text AS name_text, 'abc'::text = 'abc'::name AS text_name, 'abc'::name <> 'abd'::varchar AS ne_varchar;
SELECT 'a'::name || 'b'::name AS cat, pg_typeof('a'::name || 'b'::name) AS type, 'a'::name || 1 AS cat_int;
SELECT 'abc'::name LIKE 'a%' AS like, 'abc'::name NOT LIKE '_b' AS not_like, 'ABC'::name ILIKE 'a%' AS ilike;
SELECT upper('abc'::name) AS upper, length('abc'::name) AS length, lower('ABC'::name) AS lower;
SELECT 'abc'::name IN ('abc', 'x') AS in_list, 'abc'::name = ANY (ARRAY['x', 'abc']) AS any_text;
SELECT NULL::name IS NULL AS null_name, 'a'::name::bpchar AS to_bpchar;
-- arrays of name: name[] (1003)
SELECT '{a,B}'::name[] AS arr, pg_typeof('{a,B}'::name[]) AS type, ARRAY['x'::name, 'y'] AS ctor;
SELECT pg_typeof(ARRAY['x'::name]) AS ctor_type, ('{a,b}'::name[])[2] AS elem;
-- name in a user table, with an index
CREATE TABLE nm (n name PRIMARY KEY, t text);
INSERT INTO nm VALUES ('zeta', 'a'), ('Alpha', 'b'), (repeat('y', 80), 'c');
SELECT n, length(n) AS len FROM nm ORDER BY n;
SELECT t FROM nm WHERE n = 'zeta';
SELECT t FROM nm WHERE n = repeat('y', 80)::name;
SELECT count(*) FROM nm WHERE n > 'B';
SELECT max(n) AS max, min(n) AS min FROM nm WHERE length(n) < 10;
INSERT INTO nm VALUES ('zeta', 'dup');
SELECT n || '!' AS shout, pg_typeof(n || '!') AS type FROM nm WHERE n LIKE 'A%';
SELECT array_agg(n ORDER BY n) AS names, pg_typeof(array_agg(n)) AS type FROM nm WHERE length(n) < 10;
-- the catalog's name columns, and session functions of type name
CREATE TABLE nm_cols (a int, b text);
SELECT array_agg(attname ORDER BY attnum) AS cols, pg_typeof(array_agg(attname)) AS type FROM pg_attribute WHERE attrelid = 'nm_cols'::regclass AND attnum > 0;
SELECT pg_typeof(relname) AS relname, pg_typeof(nspname) AS nspname FROM pg_class JOIN pg_namespace ON relnamespace = pg_namespace.oid WHERE relname = 'nm_cols';
SELECT relname || '_x' AS cat, upper(relname) AS up FROM pg_class WHERE relname = 'nm_cols';
SELECT c.column_name FROM information_schema.columns c JOIN pg_attribute a ON c.column_name = a.attname AND a.attrelid = 'nm_cols'::regclass WHERE c.table_name = 'nm_cols' ORDER BY a.attnum;
SELECT current_schema() AS schema, pg_typeof(current_schema()) AS t1, pg_typeof(current_user) AS t2, pg_typeof(session_user) AS t3, pg_typeof(current_database()) AS t4;
SELECT pg_typeof(current_schemas(false)) AS schemas;
