-- Transactional DDL with vectors: ROLLBACK undoes CREATE TABLE, CREATE INDEX (HNSW),
-- ADD COLUMN, TRUNCATE, DROP INDEX and DROP TABLE (and the rows, KNN and the HNSW index come back)
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3));
INSERT INTO items (embedding) VALUES ('[1,2,3]'), ('[4,5,6]'), ('[1,1,1]');
BEGIN;
CREATE TABLE docs (id int PRIMARY KEY, embedding vector(2));
INSERT INTO docs VALUES (1, '[1,2]');
CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops);
ALTER TABLE items ADD COLUMN note text DEFAULT 'n';
SELECT id, note FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
ROLLBACK;
SELECT * FROM docs;
SELECT * FROM items ORDER BY id;
EXPLAIN (COSTS OFF) SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
-- the index name is free again
CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops);
BEGIN;
TRUNCATE items;
SELECT count(*) FROM items;
DROP INDEX items_hnsw;
DROP TABLE items;
SELECT count(*) FROM items;
ROLLBACK;
SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
EXPLAIN (COSTS OFF) SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
-- COMMIT AND CHAIN keeps the block open with the same modes
BEGIN ISOLATION LEVEL REPEATABLE READ;
INSERT INTO items (embedding) VALUES ('[0,0,0]');
COMMIT AND CHAIN;
SHOW transaction_isolation;
ROLLBACK;
COMMIT AND CHAIN;
SELECT count(*) FROM items;
-- set_config(..., true) is SET LOCAL
BEGIN;
SELECT set_config('hnsw.ef_search', '77', true);
SHOW hnsw.ef_search;
COMMIT;
SHOW hnsw.ef_search;
