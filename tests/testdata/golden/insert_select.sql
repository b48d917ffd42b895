-- INSERT ... SELECT and generate_series in FROM
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3));
SELECT i FROM generate_series(1, 3) AS i;
SELECT * FROM generate_series(10, 1, -4);
SELECT generate_series FROM generate_series(1, 2);
SELECT t.x, x * 2 AS double FROM generate_series(1, 5, 2) AS t(x) WHERE x > 1 ORDER BY x DESC;
SELECT count(*), sum(n), min(n), max(n) FROM generate_series(1, 1000) n;
SELECT n FROM generate_series(9223372036854775806, 9223372036854775807) n;
SELECT n FROM generate_series(2147483646, 2147483647) n;
SELECT n FROM generate_series(1, NULL) n;
SELECT n FROM generate_series(3, 1) n;
SELECT n FROM generate_series(1, 3, 0) n;
SELECT * FROM generate_series(1);
SELECT * FROM nosuch_function(1);
-- the README's bulk insert
INSERT INTO items (embedding) SELECT ARRAY[i, i, i]::vector FROM generate_series(1, 1000) i;
SELECT count(*), min(id), max(id) FROM items;
SELECT * FROM items ORDER BY embedding <-> '[3,3,3]' LIMIT 2;
-- from a table (the SELECT sees the table before the INSERT), with RETURNING
INSERT INTO items (embedding) SELECT embedding + '[0.5,0.5,0.5]' FROM items WHERE id <= 2 ORDER BY id RETURNING id, embedding;
-- a FROM-less SELECT: untyped literals take the column's type
INSERT INTO items (embedding) SELECT '[7,7,7]' RETURNING id, embedding;
INSERT INTO items (id, embedding) SELECT 5000, NULL RETURNING *;
-- with ON CONFLICT
INSERT INTO items (id, embedding) SELECT i, ARRAY[0, 0, i]::vector FROM generate_series(999, 1001) i ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding;
SELECT id, embedding FROM items WHERE id >= 999 AND id <= 1001 ORDER BY id;
-- errors
INSERT INTO items (embedding) SELECT '[1,2]';
INSERT INTO items (embedding) SELECT 'x'::text;
INSERT INTO items (embedding) SELECT 1, 2;
INSERT INTO items (id, embedding) SELECT 1;
INSERT INTO items (embedding) SELECT embedding FROM nosuch;
INSERT INTO items (id) SELECT id FROM items WHERE id = 1;
