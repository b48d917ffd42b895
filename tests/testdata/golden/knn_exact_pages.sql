-- k-NN pages past hnsw.ef_search are the rows a sequential scan and sort return (ties by insertion order, NULL distances last)
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE line (id int PRIMARY KEY, embedding vector(2));
INSERT INTO line SELECT i, ARRAY[i, 0]::vector FROM generate_series(1, 1000) i;
CREATE INDEX line_l2 ON line USING hnsw (embedding vector_l2_ops);
SET hnsw.ef_search = 40;
-- rows 480 and 520 tie at distance 20, the last of LIMIT 41: both come, 479 (distance 21) does not
SELECT id, embedding <-> '[500,0]' AS d FROM line ORDER BY embedding <-> '[500,0]' LIMIT 5 OFFSET 36;
SELECT id FROM line ORDER BY embedding <-> '[500,0]' LIMIT 6 OFFSET 995;
EXPLAIN SELECT id FROM line ORDER BY embedding <-> '[500,0]' LIMIT 41;
-- hnsw.iterative_scan opts in to the index past ef_search: one HNSW search for LIMIT + OFFSET + 1 rows (this graph is small enough to be searched whole)
SET hnsw.iterative_scan = relaxed_order;
EXPLAIN SELECT id FROM line ORDER BY embedding <-> '[500,0]' LIMIT 41;
SELECT id, embedding <-> '[500,0]' AS d FROM line ORDER BY embedding <-> '[500,0]' LIMIT 5 OFFSET 36;
-- a walk expected to visit more than hnsw.max_scan_tuples nodes is not run: the exact plan answers
SET hnsw.iterative_scan = strict_order;
SET hnsw.max_scan_tuples = 100;
EXPLAIN SELECT id FROM line ORDER BY embedding <-> '[500,0]' LIMIT 41;
RESET hnsw.max_scan_tuples;
RESET hnsw.iterative_scan;
-- inner product: LIMIT 10 OFFSET 500 is 500..491
DROP INDEX line_l2;
CREATE INDEX line_ip ON line USING hnsw (embedding vector_ip_ops);
SELECT id FROM line ORDER BY embedding <#> '[1,0]' LIMIT 10 OFFSET 500;
SELECT id FROM line ORDER BY embedding <#> '[1,0]' LIMIT 3 OFFSET 997;
-- NULL vectors are not in the index but come last, as PostgreSQL sorts NULL distances (pgvector returns only the 3 others)
CREATE TABLE nv (id int PRIMARY KEY, v vector(2));
INSERT INTO nv VALUES (1, '[1,1]'), (2, NULL), (3, '[2,1]'), (4, NULL), (5, '[3,1]');
CREATE INDEX ON nv USING hnsw (v vector_l2_ops);
SELECT id, v <-> '[1,1]' AS d FROM nv ORDER BY v <-> '[1,1]' LIMIT 10;
SELECT id FROM nv ORDER BY v <-> '[1,1]' LIMIT 2 OFFSET 2;
SELECT id FROM nv WHERE id > 1 ORDER BY v <-> '[1,1]' LIMIT 3;
SELECT id FROM nv ORDER BY v <-> '[1,1]' LIMIT 1 OFFSET 4;
EXPLAIN SELECT id FROM nv ORDER BY v <-> '[1,1]' LIMIT 10;
