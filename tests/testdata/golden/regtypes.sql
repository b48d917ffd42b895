-- regtype: input resolves type names, aliases and modifiers; output is format_type's name
SELECT 'int'::regtype AS a, 'int8'::regtype AS b, 'integer'::regtype AS c, 'character varying'::regtype AS d, 'varchar(10)'::regtype AS e;
SELECT 'name'::regtype AS a, '_name'::regtype AS b, 'name[]'::regtype AS c, 'regtype[]'::regtype AS d, 'pg_catalog.int4'::regtype AS e;
SELECT 'int'::regtype::oid AS int4, 'name'::regtype::oid AS name, '_regtype'::regtype::oid AS regtype_array, 19::regtype AS by_oid;
SELECT 'nosuchtype'::regtype;
SELECT to_regtype('int') AS known, to_regtype('nosuchtype') IS NULL AS unknown;
-- regtype[]: '{int,int8,int2}'::regtype[] as drizzle-kit sends it
SELECT '{int,int8,int2}'::regtype[] AS arr, pg_typeof('{int,int8,int2}'::regtype[]) AS type;
SELECT '{int,int8,int2}'::regtype[]::oid[] AS oids, ('{int,text}'::regtype[])[2] AS elem;
SELECT 23::oid = ANY ('{int,int8,int2}'::regtype[]) AS int4_in, 25::oid = ANY ('{int,int8,int2}'::regtype[]) AS text_in;
SELECT '{int,nosuchtype}'::regtype[];
CREATE TABLE rt (id serial PRIMARY KEY, n int, b bigint, s smallint, t text);
SELECT attname, atttypid = ANY ('{int,int8,int2}'::regtype[]) AS is_int, CASE atttypid WHEN 'int'::regtype THEN 'serial' WHEN 'int8'::regtype THEN 'bigserial' WHEN 'int2'::regtype THEN 'smallserial' END AS serial_name
  FROM pg_attribute WHERE attrelid = 'rt'::regclass AND attnum > 0 ORDER BY attnum;
-- regclass prints a sequence's or index's name unqualified when it is visible on search_path
SELECT pg_get_serial_sequence('rt', 'id')::regclass AS seq, 'rt_pkey'::regclass AS pkey, 'public.rt'::regclass AS tbl;
SELECT 'nextval(''' || pg_get_serial_sequence('rt', 'id')::regclass || '''::regclass)' AS expr;
SELECT a.attname, CASE WHEN a.atttypid = ANY ('{int,int8,int2}'::regtype[]) AND EXISTS (
    SELECT FROM pg_attrdef ad WHERE ad.adrelid = a.attrelid AND ad.adnum = a.attnum
      AND pg_get_expr(ad.adbin, ad.adrelid) = 'nextval(''' || pg_get_serial_sequence(a.attrelid::regclass::text, a.attname)::regclass || '''::regclass)')
  THEN 'serial' ELSE format_type(a.atttypid, a.atttypmod) END AS data_type
  FROM pg_attribute a WHERE a.attrelid = 'rt'::regclass AND a.attnum > 0 ORDER BY a.attnum;
CREATE SCHEMA other;
CREATE TABLE other.ot (id serial PRIMARY KEY);
SELECT pg_get_serial_sequence('other.ot', 'id')::regclass AS seq, 'other.ot'::regclass AS tbl, 'other.ot_pkey'::regclass AS pkey;
SET search_path = other, public;
SELECT pg_get_serial_sequence('other.ot', 'id')::regclass AS seq, 'ot'::regclass AS tbl;
RESET search_path;
-- errors and to_regclass
SELECT 'nosuchrel'::regclass;
SELECT to_regclass('nosuchrel') IS NULL AS unknown, to_regclass('rt') AS known, to_regclass('rt')::oid = 'rt'::regclass::oid AS same;
-- regclass is a type (OID 2205): its value is the OID, printed as the visible name
CREATE TABLE "Mixed" (a int);
SELECT pg_typeof('rt'::regclass) AS type, 'rt'::regclass::oid = (SELECT oid FROM pg_class WHERE relname = 'rt') AS oid_matches;
SELECT '"Mixed"'::regclass AS quoted, 'pg_class'::regclass AS catalog, 'pg_catalog.pg_class'::regclass AS qualified, 'information_schema.tables'::regclass AS infoschema;
SELECT 1259::regclass AS by_int, 1259::oid::regclass AS by_oid, 999999::regclass AS unknown_oid, '1259'::regclass AS by_text;
SELECT 'rt'::regclass = 'rt'::regclass AS eq, 'rt'::regclass = 'rt'::regclass::oid AS eq_oid, 'rt'::regclass <> 'pg_class'::regclass AS ne, 'rt'::regclass::text AS txt;
SELECT attrelid::regclass AS rel, attname FROM pg_attribute WHERE attrelid = '"Mixed"'::regclass AND attnum > 0;
SELECT c.relname FROM pg_class c WHERE c.oid::regclass::text = '"Mixed"';
SELECT 'rt'::regclass || '!' AS cat, ARRAY['rt'::regclass, 'pg_class'::regclass] AS arr, pg_typeof(ARRAY['rt'::regclass]) AS arr_type;
-- regclass[]
SELECT '{rt,pg_class,"\"Mixed\""}'::regclass[] AS arr, pg_typeof('{rt}'::regclass[]) AS type;
SELECT 'rt'::regclass = ANY ('{rt,pg_class}'::regclass[]) AS found, 'other.ot'::regclass = ANY ('{rt,pg_class}'::regclass[]) AS not_found;
SELECT '{1259,999999}'::oid[]::regclass[] AS from_oids;
SELECT '{rt,nosuchrel}'::regclass[];
SELECT pg_typeof(to_regclass('rt')) AS to_regclass_type, to_regclass('"Mixed"') AS mixed, to_regclass('other.ot') AS qualified;
-- regnamespace and regrole, to_regnamespace and to_regrole
SELECT 'public'::regnamespace AS public, 'pg_catalog'::regnamespace::oid AS catalog_oid, 2200::regnamespace AS by_oid, 99999::regnamespace AS unknown_oid;
SELECT 'postgres'::regrole AS role, 10::regrole AS by_oid, 'postgres'::regrole = 10::oid AS eq_oid, pg_typeof('postgres'::regrole) AS type;
SELECT 'nosuchschema'::regnamespace;
SELECT 'nosuchrole'::regrole;
SELECT '"Public"'::regnamespace;
SELECT 'a.b'::regnamespace;
SELECT to_regnamespace('nosuchschema') IS NULL AS no_schema, to_regrole('nosuchrole') IS NULL AS no_role, to_regnamespace('public') AS schema, to_regrole('postgres') AS role;
SELECT pg_typeof(to_regnamespace('public')) AS t1, pg_typeof(to_regrole('postgres')) AS t2;
SELECT to_regnamespace('a.b');
CREATE SCHEMA "My S";
SELECT '"My S"'::regnamespace AS quoted, to_regnamespace('"My S"') AS to_quoted, '"My S"'::regnamespace::oid = (SELECT oid FROM pg_namespace WHERE nspname = 'My S') AS oid_matches;
SELECT nspname FROM pg_namespace WHERE oid = 'other'::regnamespace;
SELECT relname FROM pg_class WHERE relnamespace = 'other'::regnamespace AND relkind = 'r';
SELECT relname, relnamespace::regnamespace AS schema FROM pg_class WHERE relname = 'ot';
-- regproc and to_regproc
SELECT 'now'::regproc AS fn, to_regproc('now') AS to_fn, 'pg_catalog.now'::regproc AS qualified, pg_typeof('now'::regproc) AS type;
SELECT 'nosuchfunc'::regproc;
SELECT 'abs'::regproc;
SELECT to_regproc('abs') IS NULL AS ambiguous, to_regproc('nosuchfunc') IS NULL AS unknown;
SELECT 0::regproc AS zero, '-'::regproc AS dash, 'now'::regproc = 'now'::regproc AS eq, 'now'::regproc::text AS txt;
-- malformed relation names
SELECT 'a.b.c.d'::regclass;
SELECT 'x.pg_catalog.pg_class'::regclass;
SELECT '"a'::regclass;
SELECT to_regclass('a.b.c.d');
