-- int2vector and oidvector (pg_index.indkey, indclass, indoption,
-- pg_proc.proargtypes) as PostgreSQL 15 has them: arrays whose subscripts
-- start at 0, text "1 2", and the reflection queries ORMs send with them
-- (also run against PostgreSQL 15).
CREATE TABLE rv (id serial PRIMARY KEY, name text, code varchar(8), n int4);
CREATE INDEX rv_n ON rv (n);
CREATE TABLE rk (a text, b int8, c int4, PRIMARY KEY (c, a));
SELECT '1 2'::int2vector, ('1 2'::int2vector)[0], ('1 2'::int2vector)[1], ('1 2'::int2vector)[2], '  3   -4  '::int2vector;
SELECT pg_typeof('1 2'::int2vector), pg_typeof(('1 2'::int2vector)[0]), pg_typeof('7 8'::oidvector), pg_typeof(('7 8'::oidvector)[0]);
SELECT ''::int2vector AS empty, array_length(''::int2vector, 1) AS len0, array_length('5 6 7'::int2vector, 1) AS len3,
  cardinality('5 6 7'::oidvector) AS card;
SELECT array_to_string('5 6 7'::int2vector, ','), array_to_string('4294967295 1'::oidvector, '-'), '-1 2'::oidvector;
SELECT '1 2'::int2vector::text, array_to_string(('1 2'::int2vector)::int4[], '+'), 2 = ANY('1 2'::int2vector), 3 = ANY('1 2'::int2vector);
SELECT '1 2'::int2vector = '1 2'::int2vector, '1 2'::int2vector < '1 3'::int2vector, '2'::oidvector < '1 1'::oidvector,
  '2'::int2vector < '1 1'::int2vector;
SELECT x, o FROM unnest('5 6'::int2vector) WITH ORDINALITY AS t(x, o);
SELECT '1,2'::int2vector;
SELECT '2x 3'::int2vector;
SELECT '99999 1'::int2vector;
SELECT '1 2x'::oidvector;
SELECT '4294967296'::oidvector;
SELECT format_type(22, NULL), format_type(30, NULL), format_type(1006, NULL), format_type(1013, NULL), format_type(1028, NULL);
SELECT oid, typname, typlen, typbyval, typcategory, typelem, typarray, typsubscript, typinput, typoutput, typreceive,
  typsend, typalign, typstorage FROM pg_type WHERE oid IN (22, 30, 1006, 1013, 1028) ORDER BY oid;
-- pg_index's vectors
SELECT c.relname, pg_typeof(i.indkey) AS kt, pg_typeof(i.indclass) AS ct, pg_typeof(i.indcollation) AS lt,
  pg_typeof(i.indoption) AS ot, i.indkey, i.indkey[0] AS first, i.indkey[1] AS second, array_length(i.indkey, 1) AS len,
  i.indkey::varchar AS keytext, i.indoption::text AS opttext
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid::regclass::text IN ('rv', 'rk') ORDER BY c.relname;
-- SQLAlchemy-style: the columns of each index by = ANY
SELECT i.relname, a.attname, a.attnum
FROM pg_class t JOIN pg_index ix ON t.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid
LEFT OUTER JOIN pg_attribute a ON t.oid = a.attrelid AND a.attnum = ANY(ix.indkey)
WHERE t.relname IN ('rv', 'rk') ORDER BY i.relname, a.attnum;
-- Mastra-style: the index's first operator class and its columns in key order
SELECT c.relname, am.amname, oc.opcname, array_agg(a.attname::text ORDER BY k.ord) AS cols
FROM pg_index i JOIN pg_class c ON i.indexrelid = c.oid JOIN pg_am am ON c.relam = am.oid
JOIN pg_opclass oc ON i.indclass[0] = oc.oid
CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
WHERE i.indrelid::regclass::text IN ('rv', 'rk') GROUP BY c.relname, am.amname, oc.opcname ORDER BY c.relname;
-- Django-style: the key and option of each position
SELECT c.relname, k.key, k.option, k.arridx
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid,
  unnest(i.indkey, i.indoption) WITH ORDINALITY AS k(key, option, arridx)
WHERE i.indrelid::regclass::text IN ('rv', 'rk') ORDER BY c.relname, k.arridx;
-- pg_proc.proargtypes
SELECT proname, pg_typeof(proargtypes), proargtypes, proargtypes[0]::regtype::text AS first, array_length(proargtypes, 1)
FROM pg_proc WHERE proname IN ('strpos', 'left', 'split_part') AND pronamespace = 11 ORDER BY 1, 3;
-- bounds: int2vector and oidvector count from 0, and an empty one keeps its dimension
SELECT array_lower('1 2'::int2vector, 1), array_upper('1 2'::int2vector, 1), array_ndims('1 2'::int2vector),
  array_dims('1 2'::int2vector), array_dims('7'::oidvector), array_dims(ARRAY[5, 6]), array_upper(ARRAY[5, 6], 1);
SELECT array_lower(''::int2vector, 1), array_upper(''::int2vector, 1), array_dims(''::int2vector),
  array_lower('{}'::int4[], 1), array_ndims('{}'::int4[]), array_dims('{}'::int4[]), array_lower(ARRAY[1], 2);
SELECT c.relname, array_lower(i.indkey, 1) AS lo, array_upper(i.indkey, 1) AS hi, i.indkey[array_upper(i.indkey, 1)] AS last
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'rk_pkey';
-- generate_subscripts: from 0 for the catalog vectors
SELECT generate_subscripts('5 6'::int2vector, 1) AS s, generate_subscripts(ARRAY[5, 6], 1) AS t;
SELECT s FROM generate_subscripts('5 6 7'::oidvector, 1, true) AS s;
SELECT count(*) FROM generate_subscripts(''::int2vector, 1);
SELECT c.relname, k.k, i.indkey[k.k] AS attnum, i.indoption[k.k] AS option
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid, generate_subscripts(i.indkey, 1) AS k(k)
WHERE c.relname IN ('rk_pkey', 'rv_pkey') ORDER BY 1, 2;
-- every index's OID reads back as its name through regclass, unique ones included
CREATE TABLE ru (id serial PRIMARY KEY, ns text NOT NULL, vid text NOT NULL, code text UNIQUE);
CREATE UNIQUE INDEX ru_ns_vid ON ru (ns, vid);
SELECT c.relname, i.indexrelid::regclass::text AS regclass_name, i.indkey, i.indnkeyatts
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'ru'::regclass ORDER BY 1;
DROP TABLE rv, rk, ru;
