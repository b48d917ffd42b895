-- ARRAY[...] constructors: the array type comes from the elements (or from
-- a cast to an array type); pgvector casts integer[], real[], double
-- precision[] and numeric[] to vector, in assignment too.
SELECT ARRAY[1,2] AS a;
SELECT ARRAY[1.5,2.0] AS a;
SELECT ARRAY[1, 2.5] AS a, ARRAY[1::real, 2] AS b, ARRAY[1.5, 2::float8] AS c, ARRAY[-1, '2'] AS d, ARRAY[1::int2, 2] AS e;
SELECT ARRAY['1', '2.5']::real[] AS a, ARRAY[1.5, 2.5]::integer[] AS b, ARRAY[]::integer[] AS c, ARRAY[1, 2]::numeric[] AS d;
SELECT ARRAY[1.0,2.0]::vector AS a, ARRAY[1,2]::vector AS b, ARRAY[1.5,2]::real[]::vector AS c, ARRAY[0.5, 1]::double precision[]::vector(2) AS d;
SELECT ARRAY[1,2]::vector(3) AS a;
SELECT ARRAY[1,NULL]::vector AS a;
SELECT ARRAY[1,NULL] AS a;
SELECT ARRAY[1e39]::vector AS a;
SELECT ARRAY[]::vector AS a;
SELECT ARRAY['x']::integer[] AS a;
-- text[], bigint[] and boolean[] from their elements; mixed types are 42804.
SELECT ARRAY[] AS a;
SELECT ARRAY['a', 'b'] AS a;
SELECT ARRAY[5000000000] AS a;
SELECT ARRAY[true] AS a;
SELECT ARRAY[1, 'x'::text] AS a;
SELECT ARRAY[[1,2],[3,4]] AS a;
-- pgvector's casts from arrays take one dimension, any lower bound.
SELECT ARRAY[[1,2],[3,4]]::vector AS a;
SELECT '{{1,2}}'::real[]::halfvec AS a;
SELECT '{{1,2}}'::real[]::sparsevec AS a;
SELECT '[0:1]={1,2}'::real[]::vector AS a, '[0:1]={1,2}'::int[]::halfvec AS b;
CREATE TABLE items (id bigint PRIMARY KEY, n integer, embedding vector(3));
INSERT INTO items VALUES (1, 1, ARRAY[1,2,3]), (2, 2, ARRAY[1.5,2.5,3.5]), (3, 3, ARRAY[0,0,1]::real[]);
INSERT INTO items VALUES (4, 4, ARRAY[1,2]);
INSERT INTO items VALUES (4, NULL, ARRAY[1,NULL,3]);
UPDATE items SET embedding = ARRAY[n, n, 0.5] WHERE id = 3 RETURNING id, embedding;
SELECT id, embedding FROM items ORDER BY id;
SELECT id FROM items ORDER BY embedding <-> ARRAY[1.0,1.0,1.0]::vector LIMIT 2;
SELECT id, embedding <-> ARRAY[n, 2, 3]::vector AS d FROM items ORDER BY id;
SELECT id, ARRAY[n, 2] AS a, ARRAY[n * 0.5, 1] AS b FROM items WHERE id < 3 ORDER BY id;
-- what psycopg2 sends for a Python list without a cast: as in pgvector, no operator
SELECT id FROM items ORDER BY embedding <-> ARRAY[1.0,1.0,1.0] LIMIT 2;
