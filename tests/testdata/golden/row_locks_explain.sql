-- EXPLAIN of locking queries: PostgreSQL 15's LockRows node below the
-- Limit and above the Sort (planner/rowlock.go), and the one-row estimate
-- of an equality on a whole unique key however many versions the key
-- holds (planner/cost_unique.go). vecgres's own estimates, so not run on
-- PostgreSQL.
CREATE TABLE lk (id int PRIMARY KEY, code text UNIQUE, n int);
INSERT INTO lk SELECT g, 'c' || g, g % 5 FROM generate_series(1, 20) g;
UPDATE lk SET n = n + 1 WHERE id = 5;
UPDATE lk SET n = n + 1 WHERE id = 5;
EXPLAIN SELECT * FROM lk WHERE id = 5;
EXPLAIN SELECT * FROM lk WHERE code = 'c5' AND n > 0;
EXPLAIN SELECT * FROM lk WHERE id = 5 FOR UPDATE;
EXPLAIN SELECT id FROM lk WHERE n = 1 ORDER BY id LIMIT 2 FOR UPDATE SKIP LOCKED;
EXPLAIN SELECT id FROM lk WHERE n > 2 FOR SHARE;
DROP TABLE lk;
