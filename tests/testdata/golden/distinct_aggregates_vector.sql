-- DISTINCT aggregates over vectors: pgvector's btree operator class makes
-- equal vectors one value (element-wise, then by dimensions)
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE dv (id int PRIMARY KEY, cat int, embedding vector);
INSERT INTO dv VALUES (1, 1, '[1,2,3]'), (2, 1, '[1,2,3]'), (3, 1, '[4,5,6]'), (4, 2, '[-0,0,1]'), (5, 2, '[0,0,1]'), (6, 2, NULL), (7, 3, '[1,2]'), (8, NULL, '[1,2,3]');
SELECT count(DISTINCT embedding), count(embedding), count(*) FROM dv;
SELECT cat, count(DISTINCT embedding) AS n FROM dv GROUP BY cat ORDER BY cat;
SELECT cat, sum(DISTINCT embedding), avg(DISTINCT embedding) FROM dv WHERE cat = 1 GROUP BY cat;
SELECT cat FROM dv GROUP BY cat HAVING count(DISTINCT embedding) < count(embedding) ORDER BY cat;
SELECT sum(DISTINCT embedding) FROM dv WHERE cat IN (1, 3);
SELECT count(DISTINCT embedding <-> '[0,0,0]') FROM dv WHERE cat = 1;
