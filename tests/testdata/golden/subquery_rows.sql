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
