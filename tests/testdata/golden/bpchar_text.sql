-- character(n) loses its trailing spaces when it becomes text (PostgreSQL 15)
SELECT 'abc'::char(5) || '|' AS cat, pg_typeof('abc'::char(5) || '|') AS type;
SELECT 'abc'::char(5) || 'x'::char(3) AS a, 'abc'::char(5) || 'x'::varchar AS b, 'abc'::char(5) || 'x'::text AS c;
SELECT '|' || 'abc'::char(5) || '|' AS a, 'a'::char(3) || 'b'::char(3) || 'c'::char(3) AS b;
SELECT 'abc'::char(5) || ' ' || '|' AS space_kept, '  '::char(3) || '|' AS blank, ''::char(3) || '|' AS empty;
SELECT 'abc'::char(5) || 1 AS a, 1 || 'x'::char(3) AS b, 'x'::char(3) || 1.5 AS c, 'a'::char(3) || true AS d;
SELECT 'ab'::char(4) || NULL IS NULL AS l, NULL || 'ab'::char(4) IS NULL AS r;
SELECT ('ab'::char(4) || 'cd'::char(4))::char(10) || '|' AS recast;
SELECT 'abc'::char(5)::text || '|' AS text, 'abc'::char(5)::varchar || '|' AS varchar, upper('abc'::char(5)) || '|' AS upper;
SELECT concat('abc'::char(5), '|') AS concat_keeps_padding;
-- lengths
SELECT length('abc'::char(5)) AS length, octet_length('abc'::char(5)) AS octets, char_length('abc  '::char(5)) AS chars, bit_length('abc'::char(5)) AS bits;
SELECT octet_length('abc') AS a, octet_length('abc'::varchar(5)) AS b, octet_length('é'::char(3)) AS c, octet_length('\x0102'::bytea) AS d, bit_length('\x0102'::bytea) AS e;
SELECT character_length('héllo') AS a, char_length('ab'::char(4)) AS b, octet_length(NULL) AS c;
SELECT octet_length(1);
-- comparison: bpchar's operators against bpchar, varchar and literals; text's against text
SELECT 'abc'::char(5) = 'abc'::text AS a, 'abc  '::text = 'abc'::char(5) AS b, 'abc'::char(5) = 'abc' AS c;
SELECT 'abc'::char(5) = 'abc  '::varchar AS a, 'abc'::char(5) = 'abc'::varchar AS b, 'abc  '::varchar = 'abc'::char(3) AS c;
SELECT 'abc'::char(5) = 'abc'::char(3) AS a, 'abc'::char(5) < 'abc'::char(3) AS b, 'abc'::char(5) = 'abc  ' AS c;
SELECT 'abc'::char(5) IN ('abc', 'x') AS a, 'abc'::char(5) IN ('abc'::text) AS b, 'abc'::char(5) = ANY (ARRAY['abc']) AS c;
SELECT 'abc'::char(5) <> 'abc' AS a, 'ab'::char(3) >= 'ab' AS b, 'abc'::char(5) < 'abc'::text AS c, 'abc'::char(5) > 'abc '::text AS d;
SELECT 'abc'::char(5) LIKE 'abc' AS a, 'abc'::char(5) LIKE 'abc  ' AS b;
-- columns, with and without a B-tree index
CREATE TABLE bc (id int PRIMARY KEY, c char(5), t text);
INSERT INTO bc VALUES (1, 'abc', 'abc'), (2, 'abd', 'abc  '), (3, NULL, 'x');
SELECT id, c || '|' AS c FROM bc ORDER BY id;
SELECT id FROM bc WHERE c = 'abc';
SELECT id FROM bc WHERE c = 'abc  ';
SELECT id FROM bc WHERE c = t ORDER BY id;
SELECT id FROM bc WHERE t = c ORDER BY id;
SELECT id FROM bc WHERE c IN ('abc', 'abd') ORDER BY id;
CREATE INDEX bc_c ON bc (c);
SET enable_seqscan = off;
SELECT id FROM bc WHERE c = 'abc';
SELECT id FROM bc WHERE c = 'abc  ';
SELECT id FROM bc WHERE c = 'abc'::varchar;
SELECT id FROM bc WHERE c = 'abc'::text;
SELECT id FROM bc WHERE c < 'abd' ORDER BY id;
SELECT id FROM bc WHERE c >= 'abc' ORDER BY id;
SELECT id FROM bc WHERE c IN ('abc', 'abd') ORDER BY id;
SELECT id FROM bc WHERE c = 'abcdef';
SELECT max(c) || '|' AS max, min(c) || '|' AS min FROM bc;
SELECT c || '|' AS c, count(*) FROM bc GROUP BY c ORDER BY c;
