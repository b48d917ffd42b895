-- FILTER (WHERE ...) and ORDER BY inside aggregates, jsonb_agg and
-- jsonb_object_agg (PostgreSQL 15 docs 4.2.7, 9.21), as Mastra sends
-- array_agg(x ORDER BY y); also run against PostgreSQL 15 (TestGoldenPG15).
CREATE TABLE agg (id int PRIMARY KEY, grp text, k text, v int, f float8);
INSERT INTO agg VALUES (1, 'a', 'x', 3, 0.5), (2, 'a', 'y', NULL, 1.5), (3, 'a', 'x', 1, NULL), (4, 'b', 'z', 2, 2.5), (5, 'b', NULL, 5, 3.5);

-- FILTER
SELECT count(*) FILTER (WHERE v > 1), count(v) FILTER (WHERE grp = 'a'), sum(v) FILTER (WHERE v > 100), count(*) FROM agg;
SELECT grp, count(*) FILTER (WHERE f > 1), array_agg(id) FILTER (WHERE v IS NOT NULL), avg(f) FILTER (WHERE id <> 1) FROM agg GROUP BY grp ORDER BY grp;
SELECT count(DISTINCT k) FILTER (WHERE id < 4) FROM agg;
SELECT count(*) FILTER (WHERE v) FROM agg;
SELECT count(*) FILTER (WHERE count(*) > 1) FROM agg;
SELECT lower(k) FILTER (WHERE true) FROM agg;

-- ORDER BY inside the call
SELECT array_agg(id ORDER BY v), array_agg(id ORDER BY v DESC), array_agg(id ORDER BY v NULLS FIRST), array_agg(id ORDER BY v DESC NULLS LAST) FROM agg;
SELECT string_agg(k, ',' ORDER BY id DESC), string_agg(k, '-' ORDER BY k, id DESC) FROM agg;
SELECT grp, array_agg(k ORDER BY f DESC, id) FROM agg GROUP BY grp ORDER BY grp;
SELECT array_agg(v ORDER BY v) FILTER (WHERE v <> 2) FROM agg;
SELECT array_agg(DISTINCT v ORDER BY v DESC), array_agg(DISTINCT k ORDER BY k) FROM agg;
SELECT array_agg(DISTINCT v ORDER BY id) FROM agg;
SELECT sum(v ORDER BY id), count(v ORDER BY id DESC), min(f ORDER BY f DESC) FROM agg;
SELECT lower(k ORDER BY k) FROM agg;
SELECT array_agg(id ORDER BY 'x') FROM agg;
SELECT array_agg(id ORDER BY count(*)) FROM agg;
SELECT array_agg(id ORDER BY id) FROM agg WHERE false;

-- jsonb_agg, jsonb_object_agg
SELECT jsonb_agg(v), jsonb_agg(k ORDER BY id DESC), jsonb_agg(f) FILTER (WHERE f IS NOT NULL) FROM agg;
SELECT grp, jsonb_agg(jsonb_build_object('id', id, 'k', k) ORDER BY id) FROM agg GROUP BY grp ORDER BY grp;
SELECT jsonb_object_agg(k, v) FILTER (WHERE k IS NOT NULL), jsonb_object_agg(id, f ORDER BY id DESC) FROM agg;
SELECT jsonb_object_agg(k, v) FROM agg;
SELECT jsonb_object_agg(ARRAY[id], v) FROM agg;
SELECT jsonb_agg(id), jsonb_object_agg(k, v) FROM agg WHERE false;
SELECT jsonb_agg(DISTINCT grp ORDER BY grp DESC) FROM agg;
