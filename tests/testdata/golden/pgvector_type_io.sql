-- pgvector's type support functions called by name (vector_in, vector_out,
-- vector_send, vector_typmod_in and halfvec's and sparsevec's), the
-- functions taking internal that SQL cannot call (receive functions,
-- access method handlers, support functions), the pseudo-types of their
-- signatures and pg_am's handlers (also run against PostgreSQL 15 with
-- pgvector 0.8.1).
CREATE EXTENSION IF NOT EXISTS vector;
SELECT vector_in('[1,2]', 0, -1) AS v, vector_in('[1.5, 2]', 0, 2) AS v2, pg_typeof(vector_in('[1]', 0, -1)) AS t;
SELECT vector_in('[1,2]', 0, 3);
SELECT vector_in('[1,a]', 0, -1);
SELECT vector_in(NULL, 0, -1) IS NULL AS null_in;
SELECT vector_in('[1,2]'::text, 0, -1);
SELECT vector_in('[1,2]'::cstring, 0::oid, -1) AS v;
SELECT vector_out('[1,2.5]') AS o, pg_typeof(vector_out('[1]')) AS t, vector_out('[3]')::text AS txt;
SELECT vector_send('[1,2]') AS s, halfvec_send('[1,2]') AS h, sparsevec_send('{1:2}/3') AS sp;
SELECT vector_typmod_in('{3}'::cstring[]) AS a, vector_typmod_in(ARRAY['16000']::cstring[]) AS b;
SELECT vector_typmod_in('{0}'::cstring[]);
SELECT vector_typmod_in('{3,4}'::cstring[]);
SELECT vector_typmod_in('{16001}'::cstring[]);
SELECT vector_typmod_in('{a}'::cstring[]);
SELECT vector_typmod_in('{}'::cstring[]);
SELECT vector_typmod_in(ARRAY[NULL]::cstring[]);
SELECT halfvec_in('[1,2]', 0, -1) AS h, halfvec_out('[1.5,2]') AS o, halfvec_typmod_in('{2}'::cstring[]) AS m;
SELECT halfvec_in('[1,2,3]', 0, 2);
SELECT halfvec_typmod_in('{16001}'::cstring[]);
SELECT sparsevec_in('{1:1}/3', 0, -1) AS s, sparsevec_out('{1:2}/3') AS o, sparsevec_typmod_in('{5}'::cstring[]) AS m;
SELECT sparsevec_typmod_in('{1000000001}'::cstring[]);
SELECT sparsevec_typmod_in('{0}'::cstring[]);
SELECT 'abc'::cstring AS c, pg_typeof('abc'::cstring) AS t, pg_typeof('{a,b}'::cstring[]) AS ta;
SELECT vector_recv(NULL, 0, -1);
SELECT hnswhandler(NULL);
SELECT ivfflathandler(NULL);
SELECT hnsw_halfvec_support(NULL);
SELECT ivfflat_bit_support(NULL);
SELECT typname, typtype, typcategory, typlen, typbyval, typalign, typarray, typinput, typoutput, typreceive, typsend
  FROM pg_type WHERE typname IN ('cstring', '_cstring', 'internal', 'index_am_handler', 'table_am_handler') ORDER BY typname;
SELECT amname, amhandler, amtype FROM pg_am WHERE amname IN ('heap', 'btree', 'hnsw', 'ivfflat') ORDER BY amname;
SELECT p.proname, pg_get_function_arguments(p.oid) AS args, format_type(p.prorettype, NULL) AS ret, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_am a JOIN pg_proc p ON p.oid = a.amhandler WHERE a.amname IN ('hnsw', 'ivfflat') ORDER BY 1;
SELECT proname, pg_get_function_arguments(oid) AS args, format_type(prorettype, NULL) AS ret
  FROM pg_proc WHERE proname IN ('vector_in', 'vector_out', 'vector_recv', 'vector_send', 'vector_typmod_in', 'hnsw_bit_support') ORDER BY 1;
CREATE TABLE cs (c cstring);
CREATE TABLE cs (id int);
ALTER TABLE cs ADD COLUMN c cstring;
CREATE TABLE cs2 AS SELECT vector_out('[1]') AS c;
SELECT 'x'::text::cstring AS c;
SELECT '[1,2]'::vector::cstring;
SELECT 1::cstring;
SELECT a.amname, CASE a.amtype WHEN 'i' THEN 'Index' WHEN 't' THEN 'Table' END AS type, a.amhandler AS handler, obj_description(a.oid, 'pg_am') AS description
  FROM pg_am a WHERE a.amname IN ('heap', 'btree', 'hnsw', 'ivfflat') ORDER BY 1;
