-- EXPLAIN of a statement with data-modifying WITH queries, as PostgreSQL
-- 15 prints it: the main statement's tree, each WITH query's plan (its
-- Insert, Update or Delete over its own scan) as a subplan headed "CTE
-- name" under the top node, and each reference a "CTE Scan". Compared
-- with PostgreSQL 15's EXPLAIN (COSTS OFF): the same lines but for
-- vecgres's row estimates and PostgreSQL's alias of a relation named a
-- second time ("Insert on log log_1"). EXPLAIN alone runs none of them;
-- EXPLAIN ANALYZE of such a statement is checked in
-- planner/explain_insert_test.go.

CREATE TABLE t (id int PRIMARY KEY, v int);
CREATE TABLE log (id int, v int);
INSERT INTO t SELECT g, g FROM generate_series(1, 20) g;
EXPLAIN (COSTS OFF) WITH d AS (DELETE FROM t WHERE v > 15 RETURNING *) INSERT INTO log SELECT * FROM d;
EXPLAIN (COSTS OFF) WITH d AS (DELETE FROM t WHERE id = 1 RETURNING *) SELECT * FROM d;
EXPLAIN (COSTS OFF) WITH d AS (UPDATE t SET v = 0 WHERE v = 5 RETURNING *), e AS (INSERT INTO log VALUES (1, 1) RETURNING *) DELETE FROM log WHERE id = 7;
SELECT count(*) FROM t;
SELECT count(*) FROM log;
