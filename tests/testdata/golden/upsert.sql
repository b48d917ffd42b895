-- INSERT ... ON CONFLICT as pgvector's README uses it, and PostgreSQL's rules around it
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3), note text);
INSERT INTO items (embedding) VALUES ('[1,2,3]'), ('[4,5,6]');
-- the README's upsert: both rows exist, both are updated and counted
INSERT INTO items (id, embedding) VALUES (1, '[1,2,3]'), (2, '[4,5,6]') ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding;
INSERT INTO items (id, embedding) VALUES (1, '[7,7,7]'), (3, '[7,8,9]') ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding RETURNING id, embedding;
-- DO NOTHING with and without a target: only the new row is inserted
INSERT INTO items (id, embedding) VALUES (1, '[9,9,9]'), (4, '[0,0,4]') ON CONFLICT DO NOTHING RETURNING *;
INSERT INTO items (id, embedding) VALUES (2, '[9,9,9]') ON CONFLICT (id) DO NOTHING;
-- a row proposed twice: DO NOTHING skips the second
INSERT INTO items (id, embedding) VALUES (5, '[5,5,5]'), (5, '[6,6,6]') ON CONFLICT (id) DO NOTHING;
-- ON CONSTRAINT, WHERE on DO UPDATE (reading the existing row and EXCLUDED), SET from both
INSERT INTO items (id, embedding, note) VALUES (1, '[0,0,1]', 'a'), (2, '[0,0,2]', 'b') ON CONFLICT ON CONSTRAINT items_pkey DO UPDATE SET embedding = items.embedding + EXCLUDED.embedding, note = EXCLUDED.note WHERE items.id = 1 RETURNING id, embedding, note;
INSERT INTO items (id, embedding) VALUES (3, '[1,1,1]') ON CONFLICT (id) DO UPDATE SET note = 'touched' WHERE EXCLUDED.embedding <-> items.embedding > 100;
SELECT * FROM items ORDER BY id;
-- changing the key in DO UPDATE
INSERT INTO items (id, embedding) VALUES (5, '[0,0,0]') ON CONFLICT (id) DO UPDATE SET id = 50 RETURNING id, embedding;
INSERT INTO items (id, embedding) VALUES (4, '[0,0,0]') ON CONFLICT (id) DO UPDATE SET id = 50;
-- errors
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]'), (1, '[2,2,2]') ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding;
INSERT INTO items (id, embedding) VALUES (9, '[1,1,1]'), (9, '[2,2,2]') ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT (embedding) DO NOTHING;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT (id, embedding) DO NOTHING;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT (nosuch) DO NOTHING;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT DO UPDATE SET embedding = EXCLUDED.embedding;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT ON CONSTRAINT nope DO NOTHING;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.nope;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT (id) DO UPDATE SET nope = 1;
INSERT INTO items (id, embedding) VALUES (1, '[1,1,1]') ON CONFLICT (id) DO UPDATE SET embedding = '[1,2]';
-- nothing of the failed statements is left
SELECT * FROM items ORDER BY id;
-- a table without a primary key: DO NOTHING just inserts, a target has no constraint
CREATE TABLE nokey (v vector(2));
INSERT INTO nokey VALUES ('[1,2]'), ('[1,2]') ON CONFLICT DO NOTHING;
INSERT INTO nokey VALUES ('[1,2]') ON CONFLICT (v) DO NOTHING;
-- upsert inside a transaction sees the transaction's own rows
BEGIN;
INSERT INTO items (id, embedding) VALUES (20, '[2,0,0]');
INSERT INTO items (id, embedding) VALUES (20, '[2,2,0]') ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding RETURNING *;
COMMIT;
SELECT id, embedding FROM items WHERE id = 20;
