-- Queries whose rows stream to the client as they are produced (scans, WHERE, projection, LIMIT/OFFSET, generate_series, UNION ALL), as PostgreSQL 15
CREATE TABLE st (id int PRIMARY KEY, k int, t text);
INSERT INTO st SELECT g, g % 7, 'r' || g FROM generate_series(1, 40) g;
CREATE INDEX st_k ON st (k);
SELECT id, t FROM st WHERE id > 35;
SELECT id * 10 AS x, upper(t) FROM st WHERE k = 3;
SELECT id FROM st WHERE k = 3 LIMIT 2;
SELECT id FROM st WHERE k = 3 OFFSET 4;
SELECT id FROM st WHERE k = 3 LIMIT 2 OFFSET 1;
SELECT id FROM st LIMIT 0;
SELECT id FROM st OFFSET 40;
SELECT id FROM st OFFSET 38 LIMIT 5;
SELECT id FROM st WHERE id BETWEEN 10 AND 12 AND k <> 4;
SELECT g, g * g AS sq FROM generate_series(1, 10) g WHERE g % 3 = 0;
SELECT g FROM generate_series(5, 1, -1) g OFFSET 1 LIMIT 2;
SELECT g FROM generate_series(1, 3) g LIMIT NULL OFFSET NULL;
-- UNION ALL streams its left side, then its right side
SELECT id FROM st WHERE id < 3 UNION ALL SELECT id FROM st WHERE id > 38;
SELECT id FROM st WHERE id < 4 UNION ALL SELECT id FROM st WHERE id > 37 LIMIT 4;
SELECT id FROM st WHERE id < 4 UNION ALL SELECT id FROM st WHERE id > 37 OFFSET 2;
SELECT id FROM st WHERE id < 4 UNION ALL SELECT id FROM st WHERE id > 37 LIMIT 2 OFFSET 2;
SELECT id FROM st WHERE id < 4 UNION ALL SELECT id FROM st WHERE id > 37 LIMIT 3;
SELECT id FROM st WHERE id < 4 UNION ALL SELECT id FROM st WHERE id > 37 LIMIT 0;
SELECT id FROM st WHERE id < 3 UNION ALL SELECT id::numeric / 4 FROM st WHERE id > 38;
SELECT id, t FROM st WHERE id = 1 UNION ALL SELECT k, 'k' FROM st WHERE id = 2 UNION ALL SELECT g, NULL FROM generate_series(7, 8) g;
SELECT g FROM generate_series(1, 2) g UNION ALL (SELECT id FROM st ORDER BY id DESC LIMIT 2) UNION ALL SELECT 0 LIMIT 4;
-- an error after some rows: the rows are discarded by the client, the error is PostgreSQL's
SELECT 10 / (3 - g) FROM generate_series(1, 5) g;
SELECT id FROM st WHERE id > 39;
COPY (SELECT id, t FROM st WHERE k = 0 UNION ALL SELECT 0, 'x') TO STDOUT;
COPY st TO STDOUT;
