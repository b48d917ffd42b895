-- CREATE TABLE AS and SELECT INTO (PostgreSQL 15 docs): columns and types from the query, a column
-- list renaming them, WITH NO DATA, IF NOT EXISTS, in a rolled-back block; also run against PostgreSQL 15.
CREATE TABLE src (id int PRIMARY KEY, name varchar(10), score numeric(6,2), tags text[]);
INSERT INTO src VALUES (1, 'a', 1.5, '{x}'), (2, 'b', 2.25, NULL), (3, 'c', NULL, '{y,z}');
CREATE TABLE c1 AS SELECT * FROM src WHERE id < 3;
SELECT * FROM c1 ORDER BY id;
SELECT pg_typeof(id), pg_typeof(tags) FROM c1 LIMIT 1;
SELECT pg_typeof(name), pg_typeof(score) FROM c1 LIMIT 1;
CREATE TABLE c2 (a, b) AS SELECT id * 10, upper(name), 'lit' AS l FROM src ORDER BY id DESC;
SELECT * FROM c2;
CREATE TABLE IF NOT EXISTS c2 AS SELECT 1;
CREATE TABLE c2 AS SELECT 1;
CREATE TABLE c3 AS SELECT id FROM src WITH NO DATA;
SELECT count(*) FROM c3;
SELECT id, name INTO c4 FROM src WHERE score > 2;
SELECT * FROM c4;
CREATE TABLE c5 (a, b, c) AS SELECT 1, 2;
CREATE TABLE c6 AS SELECT 1 AS x, 2 AS x;
CREATE TABLE c7 AS SELECT pg_sleep(0);
BEGIN;
CREATE TABLE c8 AS SELECT g FROM generate_series(1, 3) g;
SELECT sum(g) FROM c8;
ROLLBACK;
SELECT * FROM c8;
CREATE TABLE c9 AS SELECT unnest(tags) AS tag, id FROM src;
SELECT * FROM c9 ORDER BY tag;
INSERT INTO c9 VALUES ('w', 9);
SELECT count(*) FROM c9;
