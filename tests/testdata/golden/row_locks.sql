-- SELECT ... FOR UPDATE and co in one session (PostgreSQL 15 docs,
-- SELECT, "The Locking Clause"; planner/rowlock.go). Waits between
-- sessions are in planner/rowlock_test.go.
CREATE TABLE jobs (id int PRIMARY KEY, state text, n int);
INSERT INTO jobs VALUES (1, 'new', 10), (2, 'new', 20), (3, 'done', 30), (4, 'new', 40);
BEGIN;
SELECT id, state FROM jobs WHERE state = 'new' ORDER BY id LIMIT 2 FOR UPDATE SKIP LOCKED;
SELECT id FROM jobs WHERE id = 3 FOR NO KEY UPDATE NOWAIT;
SELECT id, n * 2 AS twice FROM jobs WHERE n > 15 ORDER BY n DESC FOR SHARE;
SELECT j.id FROM jobs j WHERE j.id < 3 ORDER BY j.id FOR KEY SHARE OF j;
SELECT id FROM jobs ORDER BY id OFFSET 3 FOR UPDATE FOR SHARE;
UPDATE jobs SET state = 'running' WHERE id = (SELECT id FROM jobs WHERE state = 'new' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, state;
SELECT id, state FROM jobs ORDER BY id FOR UPDATE;
COMMIT;
-- A row locked and then changed by the same transaction.
BEGIN;
SELECT id FROM jobs WHERE id = 1 FOR UPDATE;
DELETE FROM jobs WHERE id = 1;
SELECT id FROM jobs ORDER BY id FOR UPDATE;
ROLLBACK;
-- A lock taken after a savepoint and rolled back to it.
BEGIN;
SAVEPOINT a;
SELECT id FROM jobs WHERE id = 2 FOR UPDATE;
ROLLBACK TO SAVEPOINT a;
SELECT count(*) FROM jobs;
COMMIT;
-- Queries without rows of a table to lock.
SELECT 1 AS one FOR UPDATE;
SELECT g FROM generate_series(1, 2) g FOR UPDATE;
-- Refused as PostgreSQL refuses them.
SELECT count(*) FROM jobs FOR UPDATE;
SELECT DISTINCT state FROM jobs FOR SHARE;
SELECT state FROM jobs GROUP BY state FOR NO KEY UPDATE;
SELECT 1 FROM jobs HAVING count(*) > 0 FOR KEY SHARE;
SELECT row_number() OVER () FROM jobs FOR UPDATE;
SELECT id FROM jobs UNION SELECT n FROM jobs FOR UPDATE;
SELECT generate_series(1, 2) FROM jobs FOR UPDATE;
SELECT id FROM jobs FOR UPDATE OF nosuch;
SELECT id FROM jobs j FOR UPDATE OF jobs;
SELECT id FROM jobs FOR UPDATE OF public.jobs;
BEGIN READ ONLY;
SELECT id FROM jobs FOR SHARE;
ROLLBACK;
BEGIN READ ONLY;
SELECT id FROM jobs FOR UPDATE;
ROLLBACK;
DROP TABLE jobs;
