-- edge cases a tester found, with PostgreSQL 15 + pgvector 0.8's answers:
-- LIMIT/OFFSET near the int8 range, empty target lists, $n in a simple
-- query, vector arithmetic range checks, INSERT rows shorter or longer
-- than the table
CREATE TABLE items (id int PRIMARY KEY, embedding vector(3));
INSERT INTO items VALUES (1, '[1,1,1]'), (2, '[2,2,2]'), (3, '[3,3,3]'), (4, '[4,4,4]');
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops);
SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 9223372036854775807 OFFSET 1;
SELECT id FROM items WHERE id > 1 ORDER BY embedding <-> '[1,1,1]' LIMIT 9223372036854775807 OFFSET 1;
SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2 OFFSET 9223372036854775807;
SELECT id FROM items ORDER BY id LIMIT 9223372036854775807 OFFSET 9223372036854775807;
SELECT id FROM items ORDER BY id LIMIT 99999999999999999999;
SELECT id FROM items ORDER BY id OFFSET 99999999999999999999;
SELECT id FROM items ORDER BY id LIMIT 1.5;
SELECT id FROM items ORDER BY id LIMIT -1;
-- a SELECT with no target list returns its rows with no columns
SELECT;
SELECT --comment
;
SELECT FROM items WHERE id < 3;
-- a simple query has no parameters
SELECT $1;
SELECT 1, 'é', $12;
SELECT '$1', $$ $2 $$;
-- pgvector checks every element of + - * for infinity, and * for zero
-- products of non-zero elements
SELECT '[1e-38]'::vector * '[1e-38]';
SELECT '[1e38]'::vector * '[1e38]';
SELECT '[3e38]'::vector + '[3e38]';
SELECT '[-3e38]'::vector - '[3e38]';
SELECT '[1e-38]'::vector - '[1e-38]';
SELECT '[0,2]'::vector * '[1e-38,3]';
SELECT ARRAY[NULL]::real[]::vector;
-- a short VALUES row without a column list takes the defaults
CREATE TABLE t (a int, b text DEFAULT 'dflt', c int);
INSERT INTO t VALUES (5, 'x');
INSERT INTO t VALUES (6);
INSERT INTO t VALUES (7), (8, 'y');
INSERT INTO t (a, b) VALUES (1);
INSERT INTO t (a, b) VALUES (1), (2, 'z');
INSERT INTO t VALUES (1, 'a', 2, 3);
INSERT INTO t SELECT 9;
INSERT INTO t (a, c) SELECT 9;
INSERT INTO t SELECT 10, 'q', 1, 2;
SELECT * FROM t ORDER BY a;
