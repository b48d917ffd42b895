-- statistics of jsonb, array and bytea columns: a k-NN query and ANALYZE on a table with one of them
-- holding more than 100 distinct values failed with XX000 "hash of unhashable type"
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE r (id int PRIMARY KEY, j jsonb, v vector(2));
INSERT INTO r SELECT i, ('{"n":' || i || '}')::jsonb, ('[' || i || ',1]')::vector FROM generate_series(1,101) i;
CREATE INDEX ON r USING hnsw (v vector_l2_ops);
SELECT id FROM r ORDER BY v <-> '[1,1]' LIMIT 1;
ANALYZE r;
SELECT id, j FROM r WHERE j = '{"n": 50.0}' ORDER BY v <-> '[1,1]' LIMIT 1;
CREATE TABLE a (id int PRIMARY KEY, t text[], b bytea, n numeric[], v vector(2));
INSERT INTO a SELECT i, ARRAY['x' || i, 'y'], ('z' || i)::bytea, ARRAY[i / 2.0], ('[' || i || ',1]')::vector FROM generate_series(1,150) i;
CREATE INDEX ON a USING hnsw (v vector_l2_ops);
SELECT id FROM a ORDER BY v <-> '[7,1]' LIMIT 2;
ANALYZE;
SELECT id, t, b FROM a WHERE t >= '{x7,y}' AND b <> 'z7' ORDER BY v <-> '[7,1]' LIMIT 2;
-- a table in an unknown schema is refused, not made in public
CREATE TABLE other.t (a int);
SELECT count(*) FROM pg_class WHERE relname IN ('u', 'tt', 'pg_temp.tt', 'other.t');
