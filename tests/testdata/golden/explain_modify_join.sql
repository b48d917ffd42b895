-- EXPLAIN of UPDATE ... FROM and DELETE ... USING: the Modify over the
-- join of the target with the FROM items, as PostgreSQL 15 shapes it
-- (Update on t over a Hash Join or a Nested Loop), with vecgres's row
-- estimates (EXPLAIN ANALYZE: planner/explain_modify_test.go).
CREATE TABLE ej (id int PRIMARY KEY, v text, n int);
CREATE TABLE ejo (id int, w text, k int);
INSERT INTO ej SELECT g, 'v' || g, g FROM generate_series(1, 100) g;
INSERT INTO ejo SELECT g % 10, 'w' || g, g FROM generate_series(1, 20) g;
EXPLAIN (COSTS OFF) UPDATE ej SET v = ejo.w FROM ejo WHERE ejo.id = ej.id;
EXPLAIN (COSTS OFF) DELETE FROM ej USING ejo WHERE ejo.id = ej.id AND ejo.k > 5;
EXPLAIN (COSTS OFF) UPDATE ej SET v = ejo.w FROM ejo WHERE ejo.k > ej.n;
EXPLAIN (COSTS OFF) UPDATE ej AS x SET n = 0 FROM ejo WHERE ejo.id = x.id RETURNING x.id, ejo.w;
UPDATE ej SET n = ej.n + ejo.k FROM ejo WHERE ejo.id = ej.id;
SELECT sum(n) FROM ej;
