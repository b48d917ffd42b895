-- ALTER TABLE ... ADD / DROP / RENAME COLUMN as pgvector users write it ("Or add a vector column")
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, note text);
INSERT INTO items (note) VALUES ('a'), ('b');
ALTER TABLE items ADD COLUMN embedding vector(3);
SELECT * FROM items ORDER BY id;
INSERT INTO items (note, embedding) VALUES ('c', '[1,2,3]');
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops);
SELECT id, embedding FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 1;
-- a constant DEFAULT: existing rows read it; NOT NULL needs one when rows exist
ALTER TABLE items ADD COLUMN n int NOT NULL DEFAULT 7, ADD COLUMN flag boolean;
SELECT id, n, flag FROM items ORDER BY id;
ALTER TABLE items ADD COLUMN m int NOT NULL;
ALTER TABLE items ADD COLUMN IF NOT EXISTS n int;
ALTER TABLE items ADD COLUMN n int;
ALTER TABLE nope ADD COLUMN x int;
ALTER TABLE IF EXISTS nope ADD COLUMN x int;
-- a failing command leaves the earlier ones undone
ALTER TABLE items ADD COLUMN k int, ADD COLUMN m int NOT NULL;
SELECT k FROM items;
-- DROP COLUMN drops the indexes on it; dropping the key column drops the key
ALTER TABLE items DROP COLUMN embedding;
CREATE INDEX items_embedding_idx ON items (note);
SELECT * FROM items ORDER BY id;
ALTER TABLE items DROP COLUMN zz;
ALTER TABLE items DROP COLUMN IF EXISTS zz;
INSERT INTO items (note) VALUES ('d') RETURNING *;
ALTER TABLE items DROP COLUMN id;
INSERT INTO items (note, n) VALUES ('d', 1);
SELECT * FROM items ORDER BY note, n;
-- RENAME
ALTER TABLE items RENAME COLUMN note TO label;
ALTER TABLE items RENAME TO things;
SELECT label, n FROM things ORDER BY label, n;
ALTER TABLE things RENAME COLUMN nope TO x;
ALTER TABLE things RENAME COLUMN label TO n;
SELECT * FROM items;
-- an empty table takes NOT NULL without a default
CREATE TABLE e (id int);
ALTER TABLE e ADD COLUMN x int NOT NULL;
ALTER TABLE e ADD COLUMN y int DEFAULT 'abc';
-- ALTER COLUMN ... SET / DROP DEFAULT and NOT NULL
CREATE TABLE t (id int PRIMARY KEY, a int, b text);
INSERT INTO t VALUES (1, NULL, 'x');
ALTER TABLE t ALTER COLUMN a SET NOT NULL;
ALTER TABLE t ALTER COLUMN b SET NOT NULL;
ALTER TABLE t ALTER COLUMN id DROP NOT NULL;
ALTER TABLE t ALTER COLUMN zz SET DEFAULT 1;
ALTER TABLE t ALTER COLUMN a SET DEFAULT 5;
ALTER TABLE t ALTER a SET DEFAULT 'abc';
ALTER TABLE t ALTER COLUMN b DROP NOT NULL;
INSERT INTO t (id) VALUES (2);
ALTER TABLE t ALTER COLUMN b SET DEFAULT 'none', ALTER COLUMN a DROP DEFAULT;
INSERT INTO t (id) VALUES (3);
ALTER TABLE t ADD COLUMN c timestamptz, ALTER COLUMN c SET DEFAULT now();
INSERT INTO t (id) VALUES (4);
SELECT id, a, b, c IS NOT NULL AS has_c FROM t ORDER BY id;
-- SET STORAGE is accepted and has no effect: vecgres has no TOAST
ALTER TABLE t ALTER COLUMN b SET STORAGE PLAIN;
ALTER TABLE t ALTER COLUMN zz SET STORAGE PLAIN;
ALTER TABLE t ALTER COLUMN b SET STORAGE bogus;
