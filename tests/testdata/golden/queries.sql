-- the psql session of the first issue, then the SQL around it
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, category text, embedding vector(3));
INSERT INTO items (category, embedding) VALUES ('a', '[1,2,3]'), ('b', '[4,5,6]'), ('a', '[1,1,2]') RETURNING id;
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64);
SELECT id, embedding, embedding <-> '[1,1,1]' AS d FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
EXPLAIN SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
-- no matching index for <=>: exact scan, same order rules
EXPLAIN SELECT id FROM items ORDER BY embedding <=> '[1,1,1]' LIMIT 2;
SELECT id, embedding <=> '[1,1,1]' AS d FROM items ORDER BY embedding <=> '[1,1,1]' LIMIT 2;
-- filters with the index scan never come back short
SELECT id FROM items WHERE category = 'b' ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
SELECT id, category FROM items WHERE category IN ('a', 'c') AND id BETWEEN 1 AND 3 ORDER BY id DESC;
SELECT id FROM items WHERE NOT (category = 'a') OR id = 1 ORDER BY 1;
SELECT count(*) FROM items;
SELECT count(*), min(id), max(id), sum(id), avg(id) FROM items WHERE category = 'a';
SELECT * FROM items ORDER BY id LIMIT 2 OFFSET 1;
INSERT INTO items (category, embedding) VALUES (NULL, NULL) RETURNING *;
SELECT id, category IS NULL AS nocat FROM items ORDER BY category NULLS FIRST, id;
SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 10;
UPDATE items SET category = 'z', embedding = '[0,0,0]' WHERE id = 4 RETURNING id, category, embedding;
SELECT id FROM items ORDER BY embedding <-> '[0,0,0]' LIMIT 1;
DELETE FROM items WHERE category = 'z';
SELECT id FROM items ORDER BY embedding <-> '[0,0,0]' LIMIT 10;
INSERT INTO items (id, category) VALUES (1, 'dup');
INSERT INTO items (id, category) VALUES (NULL, 'x');
SELECT id, embedding FROM items WHERE id = 99;
SELECT nosuch FROM items;
SELECT * FROM nosuch;
SELECT id FROM items GROUP BY id;
SELECT id, count(*) FROM items;
SELECT 1 + 1, 7 / 2, 2147483647 + 1::bigint, 'a' || 'b', 'abc' LIKE 'a%', 'abc' NOT LIKE '_b_';
SELECT 2147483647::int + 1;
-- 42803 names the clause, and nested aggregates, as PostgreSQL words them.
SELECT id FROM items WHERE count(*) > 1;
SELECT sum(count(*)) FROM items;
DROP TABLE items;
DROP TABLE IF EXISTS items;
SELECT id FROM items;
