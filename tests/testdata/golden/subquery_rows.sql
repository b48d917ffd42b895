-- Row comparisons with a subquery: (a, b) IN / NOT IN / = ANY / <> ALL, with
-- NULLs in the row and the subquery, correlated or not, and their errors.
-- Checked against PostgreSQL 15 (TestGoldenPG15).
CREATE TABLE t (a int, b text);
CREATE TABLE u (x int, y text);
INSERT INTO t VALUES (1,'one'),(2,'two'),(3,'three'),(NULL,'null'),(5, NULL);
INSERT INTO u VALUES (1,'one'),(2,'dos'),(3,NULL),(NULL,'null'),(5,'five');
SELECT a, b FROM t WHERE (a, b) IN (SELECT x, y FROM u) ORDER BY a;
SELECT a, b FROM t WHERE (a, b) NOT IN (SELECT x, y FROM u) ORDER BY a;
SELECT a, b, (a, b) IN (SELECT x, y FROM u) AS i, (a, b) NOT IN (SELECT x, y FROM u) AS ni, (a, b) <> ALL (SELECT x, y FROM u) AS na FROM t ORDER BY a;
SELECT a, b FROM t WHERE (a, b) IN (SELECT x, y FROM u WHERE u.x = t.a) ORDER BY a;
SELECT a, (a, 'one') = ANY (SELECT x, y FROM u WHERE x < t.a + 1) FROM t ORDER BY a;
SELECT a FROM t WHERE (a, b) IN (SELECT x FROM u);
SELECT a FROM t WHERE (a, b) IN (SELECT x, y, x FROM u);
SELECT a FROM t WHERE (a, b) IN (SELECT y, x FROM u);
SELECT (1, 'one') IN (SELECT x, y FROM u WHERE false), (1, 'one') NOT IN (SELECT x, y FROM u WHERE false);

-- NOT IN over NOT NULL columns (an anti join) and over nullable ones
CREATE TABLE p1 (id int PRIMARY KEY, g int NOT NULL, v text);
CREATE TABLE p2 (id int PRIMARY KEY, g int, w text NOT NULL);
INSERT INTO p1 VALUES (1, 1, 'a'), (2, 1, 'b'), (3, 2, NULL), (4, 2, 'd'), (5, 3, 'e');
INSERT INTO p2 VALUES (1, 1, 'a'), (3, 2, 'c'), (5, NULL, 'e'), (7, 3, 'g');
SELECT id FROM p1 WHERE id NOT IN (SELECT id FROM p2) ORDER BY id;
SELECT id FROM p1 WHERE id NOT IN (SELECT id FROM p2 WHERE p2.g = p1.g) ORDER BY id;
SELECT id FROM p1 WHERE g NOT IN (SELECT g FROM p2) ORDER BY id;
SELECT id FROM p1 WHERE v NOT IN (SELECT w FROM p2) ORDER BY id;
SELECT id FROM p1 WHERE (id, g) NOT IN (SELECT id, 1 FROM p2) ORDER BY id;
