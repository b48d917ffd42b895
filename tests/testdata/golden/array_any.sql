-- Array columns of the driver types, array literals with quoting and NULL
-- elements, subscripts, array_length/cardinality, and op ANY/ALL (array)
-- with PostgreSQL's NULL rules. Vector-free statements match PostgreSQL 15.
CREATE TABLE docs (id bigint PRIMARY KEY, tags text[], scores float8[], ids int8[], flags bool[], days date[], uids uuid[], meta jsonb[], names varchar(3)[], blobs bytea[], ts timestamptz[], small int2[], nums numeric[]);
INSERT INTO docs VALUES (1, '{a,"b c",NULL}', '{1.5,NaN}', '{1,2,3}', '{t,f}', '{2024-01-02}', '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}', '{"{\"k\": 1}"}', '{ab,cd}', '{"\\x0102"}', '{"2024-01-02 03:04:05+00"}', '{1,-2}', '{1.50,NULL}');
INSERT INTO docs VALUES (2, ARRAY['x', 'y'], ARRAY[1, 2.5], ARRAY[5000000000], NULL, '{}', NULL, NULL, ARRAY['abc'], NULL, NULL, NULL, ARRAY[2.0]);
INSERT INTO docs VALUES (3, '{}', NULL, '{NULL}', NULL, NULL, NULL, NULL, '{abcdef}', NULL, NULL, NULL, NULL);
INSERT INTO docs VALUES (3, '{"",NULL,"NULL"," x "}', '{}', '{4,NULL}', '{NULL,true}', NULL, NULL, NULL, NULL, NULL, NULL, '{99999}', NULL);
INSERT INTO docs (id, tags, ids) VALUES (3, '{"",NULL,"NULL"," x "}', '{4,NULL}');
SELECT * FROM docs ORDER BY id;
SELECT id, tags[1] AS first, tags[3] AS third, tags[0] AS zeroth, tags[NULL] AS n, array_length(tags, 1) AS len, cardinality(tags) AS card, array_length(tags, 2) AS len2 FROM docs ORDER BY id;
SELECT id FROM docs WHERE 'a' = ANY(tags) ORDER BY id;
SELECT id FROM docs WHERE id = ANY('{1,3}') ORDER BY id;
SELECT id FROM docs WHERE id = ANY(ARRAY[2, 3]) ORDER BY id;
SELECT id FROM docs WHERE id <> ALL(ARRAY[2]) ORDER BY id;
SELECT id FROM docs WHERE id IN (1, 2) AND 2 = ANY(ids) ORDER BY id;
SELECT id, 4 = ANY(ids) AS any4, 4 <> ALL(ids) AS all4, 0 < ALL(ids) AS pos, 'x' = ANY(tags) AS x FROM docs ORDER BY id;
-- NULL rules: ANY is NULL without a true comparison when an element is NULL;
-- an empty array gives false (ANY) or true (ALL) even for a NULL left side.
SELECT 1 = ANY('{1,2}') AS a, 3 = ANY('{1,NULL}') AS b, 3 <> ALL('{1,2}') AS c, 3 <> ALL('{1,NULL}') AS d, NULL::int = ANY('{}'::int[]) AS e, NULL::int = ALL('{}'::int[]) AS f, 1 = ANY(NULL::int[]) AS g, 1 = ANY('{1,NULL}') AS h, 1 <> ALL('{1,NULL}') AS i, NULL::int = ANY('{1}') AS j;
SELECT 2 >= ALL(ARRAY[1, 2]) AS a, 2 > ANY(ARRAY[3, 4]) AS b, 'b' <= SOME('{a,c}') AS c, 1.5 = ANY('{1.50}'::numeric[]) AS d, 2 = ANY(ARRAY[1.5, 2.0]) AS e, 'a' = ANY('{A,a}') AS f;
SELECT id FROM docs WHERE days[1] = ANY('{2024-01-02,2025-01-01}') ORDER BY id;
SELECT id FROM docs WHERE 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' = ANY(uids);
SELECT id FROM docs WHERE '\x0102'::bytea = ANY(blobs);
SELECT id FROM docs WHERE '2024-01-02 03:04:05+00'::timestamptz = ANY(ts);
SELECT id FROM docs WHERE 1.5 = ANY(nums);
SELECT id, tags[1] LIKE ANY('{a%,z%}') AS a, 'abc' NOT LIKE ALL(ARRAY['x%', '%z']) AS b, 'ABC' ILIKE ANY('{a%}') AS c FROM docs ORDER BY id;
-- errors
SELECT 1 = ANY(1);
SELECT 1 LIKE ANY('{1}'::int[]);
SELECT 1 = ANY('{a}'::text[]);
SELECT 1 = ANY('{1,x}'::int[]);
SELECT '{1,,2}'::int[];
SELECT '{1,2'::int[];
SELECT '{"a"b}'::text[];
SELECT 'x'::int[];
SELECT '{{1,2},{3,4}}'::int[];
SELECT id[1] FROM docs;
SELECT tags['x'] FROM docs;
-- casts between arrays and to text
SELECT '{1,2}'::int[]::bigint[] AS a, ARRAY[1,NULL]::text[] AS b, '{1,2}'::text[]::int[] AS c, ARRAY[1,2]::text AS d, '{ab,b}'::varchar(1)[] AS e, ARRAY['a b', '"q"', 'back\slash', ''] AS f;
UPDATE docs SET tags = ARRAY['z'], ids = ids WHERE id = 2 RETURNING id, tags, ids;
DELETE FROM docs WHERE id = ANY('{1}') RETURNING id;
SELECT id, tags FROM docs ORDER BY id;
-- vector[] (pgvector's _vector); ARRAY[...]::vector keeps pgvector's NULL error
SELECT '{"[1,2]","[3,4]"}'::vector[] AS a, ARRAY['[1,2]'::vector, NULL] AS b;
SELECT ('{"[1,2]","[3,4]"}'::vector[])[2] AS a;
SELECT '[1,2]'::vector = ANY('{"[1,2]","[3,4]"}'::vector[]) AS a;
CREATE TABLE vecs (id int, vs vector[]);
INSERT INTO vecs VALUES (1, '{"[1,2]",NULL}'), (2, ARRAY['[3,4,5]'::vector]);
SELECT id, vs, vs[1] AS first, cardinality(vs) AS n FROM vecs ORDER BY id;
SELECT ARRAY[1,NULL]::vector;
