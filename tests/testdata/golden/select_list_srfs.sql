-- Set-returning functions in the select list (PostgreSQL 15's ProjectSet, docs 9.26): rows expanded
-- per input row in lockstep, NULL-padded; ORDER BY, DISTINCT and LIMIT over the expanded rows; also run
-- against PostgreSQL 15 (TestGoldenPG15).
CREATE TABLE sa (id int PRIMARY KEY, tags text[], meta jsonb);
INSERT INTO sa VALUES (1, ARRAY['a', 'b'], '{"k": [1, 2, 3]}'), (2, ARRAY['c'], '{"k": []}'), (3, '{}', '{"k": [4]}'), (4, NULL, NULL);
SELECT unnest(ARRAY[1, 2, 3]);
SELECT generate_series(1, 3) AS g, 'x' AS x;
SELECT id, unnest(tags) FROM sa ORDER BY id;
SELECT id, unnest(tags) AS tag, jsonb_array_elements(meta->'k') AS k FROM sa ORDER BY id, k;
SELECT id, unnest(tags) || '!' AS t FROM sa WHERE id < 3 ORDER BY t DESC;
SELECT DISTINCT unnest(ARRAY[3, 1, 3, NULL]) AS v ORDER BY v;
SELECT unnest(tags) FROM sa ORDER BY 1 LIMIT 2;
SELECT id, jsonb_object_keys(meta) FROM sa ORDER BY id;
SELECT generate_series(1, id), id FROM sa WHERE id <= 3 ORDER BY id, 1;
SELECT jsonb_array_elements_text('["x", null]') AS v, generate_series(1, 3) AS n;
SELECT unnest(ARRAY[1, 2]) + 1 AS v, upper(unnest(ARRAY['p', 'q']));
SELECT * FROM sa WHERE unnest(tags) = 'a';
INSERT INTO sa SELECT 10 + g, ARRAY[g::text], NULL FROM (SELECT generate_series(1, 2) AS g) s;
SELECT id, tags FROM sa WHERE id > 9 ORDER BY id;
