-- array_fill(value, dims [, lower bounds]), with PostgreSQL's errors (also
-- run against PostgreSQL 15 with pgvector 0.8.1).
CREATE EXTENSION IF NOT EXISTS vector;
SELECT array_fill(7, ARRAY[3]) AS a, array_fill('x'::text, ARRAY[2]) AS b, array_fill(NULL::int, ARRAY[2]) AS c, array_fill(1.5, ARRAY[1]) AS d;
SELECT array_fill(7, ARRAY[2], ARRAY[1]) AS a, array_fill(7, '{2}') AS b, array_fill(7, ARRAY[3], ARRAY[1]) = ARRAY[7,7,7] AS eq;
SELECT array_fill(7, ARRAY[0]) AS z, array_fill(7, '{}'::int[]) AS e, array_fill(7, ARRAY[0], ARRAY[5]) AS zl, array_fill(7, ARRAY[2,0]) AS z2;
SELECT pg_typeof(array_fill(7, ARRAY[3])) AS i, pg_typeof(array_fill(now()::date, ARRAY[1])) AS d, pg_typeof(array_fill('[1]'::vector, ARRAY[1])) AS v;
SELECT array_fill('[1,2]'::vector, ARRAY[2]) AS v, array_fill(B'101', ARRAY[2]) AS b, array_fill(true, ARRAY[2]) AS t;
SELECT array_length(array_fill(7, ARRAY[5]), 1) AS len, (array_fill(7, ARRAY[5]))[5] AS last;
SELECT array_fill(7, ARRAY[-1]);
SELECT array_fill(7, ARRAY[0,-1]);
SELECT array_fill(7, ARRAY[200000000]);
SELECT array_fill(7, ARRAY[2], ARRAY[2147483647]);
SELECT array_fill(7, ARRAY[1,1,1,1,1,1,1]);
SELECT array_fill('x', ARRAY[2]);
SELECT array_fill(NULL, ARRAY[2]);
SELECT array_fill(7, NULL);
SELECT array_fill(7, ARRAY[2], NULL);
SELECT array_fill(7, ARRAY[NULL]::int[]);
SELECT array_fill(7, ARRAY[2], ARRAY[NULL]::int[]);
SELECT array_fill(7, ARRAY[2], ARRAY[NULL,1]);
SELECT array_fill(7, ARRAY[2], ARRAY[1,2]);
SELECT array_fill(7, '{}'::int[], ARRAY[1]);
SELECT array_fill(7, ARRAY[2.5]);
SELECT array_fill(ARRAY[1], ARRAY[2]);
SELECT proname, pg_get_function_arguments(oid) AS args, format_type(prorettype, NULL) AS ret, proisstrict, provolatile
  FROM pg_proc WHERE proname = 'array_fill' ORDER BY pronargs;
SELECT array_fill(7, ARRAY[2,2]) AS a, array_fill(7, ARRAY[3], ARRAY[2]) AS b, array_fill('x'::text, ARRAY[1,2], ARRAY[0,-1]) AS c;
