-- EXPLAIN of INSERT: a Modify node over the source of its rows, as
-- PostgreSQL 15 prints it — Result for one VALUES row (or DEFAULT
-- VALUES), Values Scan for several, the query's own tree for INSERT ...
-- SELECT — with ON CONFLICT's Conflict Resolution, Arbiter Indexes and
-- Filter lines. Compared with PostgreSQL 15's EXPLAIN (COSTS OFF): the
-- same lines but for vecgres's row estimates, which it prints under every
-- option. EXPLAIN ANALYZE of INSERT is checked in
-- planner/explain_insert_test.go (its Execution Time varies).

CREATE TABLE t (id int PRIMARY KEY, v int, w text UNIQUE);
CREATE TABLE s (a int, b int);
INSERT INTO s VALUES (1, 2), (3, 4);

EXPLAIN (COSTS OFF) INSERT INTO t VALUES (1, 2);
EXPLAIN (COSTS OFF) INSERT INTO t VALUES (1, 2), (3, 4);
EXPLAIN (COSTS OFF) INSERT INTO t (id) VALUES (1);
EXPLAIN (COSTS OFF) INSERT INTO t DEFAULT VALUES;
EXPLAIN (COSTS OFF) INSERT INTO t SELECT a, b FROM s WHERE a > 1;
EXPLAIN (COSTS OFF) INSERT INTO t VALUES (1, 2) ON CONFLICT DO NOTHING;
EXPLAIN (COSTS OFF) INSERT INTO t VALUES (1, 2) ON CONFLICT (id) DO NOTHING;
EXPLAIN (COSTS OFF) INSERT INTO t VALUES (1, 2) ON CONFLICT (id) DO UPDATE SET v = excluded.v WHERE t.v < 10;
EXPLAIN (COSTS OFF) INSERT INTO t AS x VALUES (1, 2) ON CONFLICT (id) DO UPDATE SET v = 0 WHERE x.v < excluded.v;
EXPLAIN (COSTS OFF) INSERT INTO t VALUES (1, 2) ON CONFLICT ON CONSTRAINT t_w_key DO UPDATE SET v = 1;
EXPLAIN (COSTS OFF) INSERT INTO t VALUES (1, 2) RETURNING *;
EXPLAIN (COSTS OFF) INSERT INTO t VALUES ((SELECT 1), 2);

-- EXPLAIN alone inserts nothing.
SELECT count(*) FROM t;
