-- Subqueries in FROM over vectors: re-ranking the HNSW candidates by another distance
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE dv (id int PRIMARY KEY, embedding vector(3));
INSERT INTO dv VALUES (1, '[1,2,3]'), (2, '[2,4,6]'), (3, '[1,2,4]'), (4, '[3,2,1]'), (5, '[10,10,10]'), (6, '[1,1,1]'), (7, '[-1,-2,-3]'), (8, '[2,2,2.5]');
CREATE INDEX ON dv USING hnsw (embedding vector_l2_ops);
-- L2 order from [1,2,3]: 1 (0), 3 (1), 8 (1.118), 6 (2.236), 4 (2.828), 2 (3.742); cosine distance: 1 and 2 (0), 3 (0.0085), 8 (0.0442), 6 (0.0742)
SELECT id FROM (SELECT id, embedding FROM dv ORDER BY embedding <-> '[1,2,3]' LIMIT 4) AS t ORDER BY embedding <=> '[1,2,3]' LIMIT 3;
SELECT t.id, round((t.embedding <=> '[1,2,3]')::numeric, 4) AS cos FROM (SELECT * FROM dv ORDER BY embedding <-> '[1,2,3]' LIMIT 4) t WHERE t.id <> 1 ORDER BY cos DESC;
SELECT * FROM (SELECT id, embedding, embedding <-> '[1,2,3]' AS d FROM dv ORDER BY d LIMIT 2) AS t(i, e) ORDER BY i;
SELECT count(*), sum(embedding) FROM (SELECT embedding FROM dv WHERE id < 4) s;
-- derived tables join; not supported: LATERAL alone in FROM, correlated references, EXPLAIN
SELECT * FROM (SELECT 1 AS x) a, (SELECT 2 AS y) b;
SELECT * FROM dv JOIN (SELECT 1 AS id) s USING (id);
SELECT * FROM LATERAL (SELECT 1) l;
SELECT id, (SELECT count(*) FROM (SELECT 1 FROM dv d2 WHERE d2.id < dv.id) s) FROM dv;
EXPLAIN SELECT id FROM (SELECT id FROM dv) t;
