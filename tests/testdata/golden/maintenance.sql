-- TRUNCATE, VACUUM, REINDEX, CHECKPOINT
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3));
CREATE TABLE other (a int);
INSERT INTO items (embedding) VALUES ('[1,2,3]'), ('[4,5,6]'), ('[7,8,9]');
INSERT INTO other VALUES (1);
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops);
TRUNCATE items;
SELECT count(*) FROM items;
SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 5;
-- the sequence goes on, as PostgreSQL's without RESTART IDENTITY; the index takes new rows
INSERT INTO items (embedding) VALUES ('[1,1,1]'), ('[9,9,9]');
SELECT id, embedding FROM items ORDER BY embedding <-> '[1,1,2]' LIMIT 1;
TRUNCATE TABLE items, other;
SELECT (SELECT count(*) FROM items) AS items, (SELECT count(*) FROM other) AS other;
TRUNCATE items, nope;
TRUNCATE nope;
-- VACUUM and REINDEX
INSERT INTO items (embedding) VALUES ('[1,2,3]'), ('[3,2,1]');
DELETE FROM items WHERE embedding = '[1,2,3]';
VACUUM;
VACUUM items;
VACUUM ANALYZE items;
VACUUM (VERBOSE, ANALYZE) items, other;
VACUUM nope;
REINDEX INDEX items_embedding_idx;
REINDEX TABLE items;
REINDEX INDEX CONCURRENTLY items_embedding_idx;
REINDEX INDEX items_pkey;
SELECT id, embedding FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 5;
REINDEX INDEX nope;
REINDEX TABLE nope;
CHECKPOINT;
