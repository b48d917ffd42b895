-- zero vectors under vector_cosine_ops: their cosine distance is NaN, which sorts after every number; pgvector does not index them
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE zr (id int PRIMARY KEY, v vector(2));
INSERT INTO zr VALUES (1,'[0,0]'),(2,'[1,0]'),(3,'[0,1]'),(4,'[0,0]'),(5,'[-1,-1]');
SELECT id, v <=> '[1,1]' AS d FROM zr ORDER BY v <=> '[1,1]', id;
CREATE INDEX ON zr USING hnsw (v vector_cosine_ops);
SELECT id FROM zr ORDER BY v <=> '[1,1]' LIMIT 2;
SELECT id FROM zr WHERE id > 1 ORDER BY v <=> '[1,1]' LIMIT 2;
SELECT id FROM zr ORDER BY v <=> '[1,1]' LIMIT 10;
-- 300 rows, 3 of them zero vectors (ids 52, 157, 262): they come last (tests/cosine_zero_test.go checks duplicates)
CREATE TABLE nanrepro (id int PRIMARY KEY, v vector(3));
INSERT INTO nanrepro SELECT g, ARRAY[g%7-3, g%5-2, g%3-1]::real[]::vector FROM generate_series(1,300) g;
CREATE INDEX ON nanrepro USING hnsw (v vector_cosine_ops);
SELECT id, v <=> '[1,2,3]' AS d FROM nanrepro ORDER BY v <=> '[1,2,3]' LIMIT 1000 OFFSET 295;
