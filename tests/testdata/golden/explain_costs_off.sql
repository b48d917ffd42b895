-- EXPLAIN (COSTS OFF) prints no estimates, and names an aliased relation
-- "t a" as PostgreSQL's ExplainTargetRel does (an alias equal to the
-- table's name is not repeated); checked against PostgreSQL 15
CREATE TABLE t (id int PRIMARY KEY, v int, k int);
CREATE TABLE u (id int PRIMARY KEY, t_id int);
INSERT INTO t SELECT g, g % 10, g * 3 FROM generate_series(1, 1000) g;
INSERT INTO u SELECT g, g FROM generate_series(1, 100) g;
CREATE INDEX t_k_idx ON t (k);
ANALYZE t;
ANALYZE u;
EXPLAIN (COSTS OFF) SELECT * FROM t a;
EXPLAIN (COSTS OFF) SELECT * FROM t AS t;
EXPLAIN (COSTS false) SELECT * FROM u;
EXPLAIN (COSTS OFF) SELECT * FROM t a WHERE a.v = 3;
EXPLAIN (COSTS OFF) SELECT * FROM t a WHERE a.id = 3;
EXPLAIN (COSTS OFF) SELECT * FROM t a WHERE a.k = 3;
EXPLAIN (COSTS OFF) SELECT a.v, count(*) FROM t a GROUP BY a.v ORDER BY a.v;
EXPLAIN (COSTS OFF) SELECT * FROM t a JOIN u b ON a.v = b.t_id;
EXPLAIN (COSTS OFF) UPDATE t a SET v = 1 WHERE a.id = 3;
EXPLAIN (COSTS OFF) DELETE FROM t a WHERE a.v = 3;
EXPLAIN (COSTS OFF) DELETE FROM u;
EXPLAIN (COSTS OFF) INSERT INTO u AS x VALUES (1000, 1);
EXPLAIN (COSTS OFF) INSERT INTO u AS u VALUES (1000, 1);
EXPLAIN (COSTS OFF) SELECT * FROM t a WHERE a.id = (SELECT 7);
-- the alias of a WITH query, a view, a subquery's table and a UNION's sides
CREATE VIEW tv AS SELECT * FROM t WHERE v > 5;
EXPLAIN (COSTS OFF) WITH d AS MATERIALIZED (SELECT * FROM u) SELECT * FROM d x;
EXPLAIN (COSTS OFF) SELECT * FROM tv w;
EXPLAIN (COSTS OFF) SELECT (SELECT max(v) FROM t z WHERE z.id = b.t_id) FROM u b;
EXPLAIN (COSTS OFF) SELECT id FROM t a UNION ALL SELECT id FROM u b;
