-- uncorrelated scalar subqueries, run once per statement like PostgreSQL's InitPlan
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3));
INSERT INTO items (embedding) SELECT ARRAY[i % 7, i % 11, i % 13]::vector FROM generate_series(1, 300) i;
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops);
-- the README's query: the index scan serves it, ordered by the subquery's vector
SELECT * FROM items WHERE id != 1 ORDER BY embedding <-> (SELECT embedding FROM items WHERE id = 1) LIMIT 5;
EXPLAIN SELECT * FROM items WHERE id != 1 ORDER BY embedding <-> (SELECT embedding FROM items WHERE id = 1) LIMIT 5;
-- the same answer as with the vector written out
SELECT * FROM items WHERE id != 1 ORDER BY embedding <-> '[1,1,1]' LIMIT 5;
-- in WHERE, in the SELECT list, nested, in UPDATE and DELETE, in VALUES
SELECT id FROM items WHERE id = (SELECT max(id) FROM items);
SELECT (SELECT count(*) FROM items) AS n, (SELECT embedding FROM items WHERE id = 2);
SELECT id FROM items WHERE id = (SELECT min(id) + (SELECT 1) FROM items);
SELECT (SELECT embedding FROM items WHERE id = 999) IS NULL AS none;
UPDATE items SET embedding = (SELECT embedding FROM items WHERE id = 2) WHERE id = 3 RETURNING id, embedding;
DELETE FROM items WHERE id > (SELECT max(id) - 2 FROM items) RETURNING id;
INSERT INTO items (embedding) VALUES ((SELECT embedding + '[1,1,1]' FROM items WHERE id = 1)) RETURNING id, embedding;
-- a subquery that returns no row is NULL
SELECT count(*) FROM items WHERE embedding <-> (SELECT embedding FROM items WHERE id = 999) IS NULL;
-- errors
SELECT (SELECT embedding FROM items);
SELECT * FROM items ORDER BY embedding <-> (SELECT embedding FROM items WHERE id < 3) LIMIT 1;
SELECT (SELECT id, embedding FROM items);
SELECT id, (SELECT count(*) FROM items i2 WHERE i2.id < items.id) FROM items WHERE id < 5 ORDER BY id;
SELECT (SELECT nosuch FROM items);
SELECT EXISTS (SELECT 1);
SELECT id FROM items WHERE id IN (SELECT id FROM items WHERE id < 5) ORDER BY id;

-- still refused, naming the construct
SELECT (SELECT sum(items.id) FROM items i2 LIMIT 1) FROM items;
SELECT id FROM items WHERE (id, id) < ANY (SELECT id, id FROM items);
