-- Correlated subqueries over indexed tables (B-tree lookups per outer row), in
-- aggregates, derived tables, LATERAL, ORDER BY and under LIMIT. Checked
-- against PostgreSQL 15 (TestGoldenPG15).
CREATE TABLE t (a int, b text);
CREATE TABLE u (x int PRIMARY KEY, y text);
CREATE INDEX u_y ON u (y);
INSERT INTO t VALUES (1,'one'),(2,'two'),(3,'three'),(NULL,'null');
INSERT INTO u VALUES (1,'uno'),(3,'tres'),(5,'cinco'),(6,'one');
SELECT a, (SELECT y FROM u WHERE u.x = t.a) FROM t ORDER BY a;
SELECT a, (SELECT x FROM u WHERE u.y = t.b) FROM t ORDER BY a;
SELECT sum(CASE WHEN EXISTS (SELECT 1 FROM u WHERE u.x = t.a) THEN 1 ELSE 0 END) FROM t;
SELECT s.a FROM (SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a)) s ORDER BY 1;
SELECT s.a, s.c FROM (SELECT a, (SELECT count(*) FROM u WHERE u.x < t.a) AS c FROM t) s ORDER BY 1;
SELECT t.a, l.n FROM t CROSS JOIN LATERAL (SELECT count(*) AS n FROM u WHERE u.x <= t.a AND NOT EXISTS (SELECT 1 FROM t t2 WHERE t2.a = u.x)) l ORDER BY 1;
SELECT a FROM t WHERE a = ANY (SELECT x FROM u) AND b NOT IN (SELECT y FROM u) ORDER BY a;
SELECT a, a IN (SELECT x FROM u), a NOT IN (SELECT x FROM u), b IN (SELECT y FROM u) FROM t ORDER BY a;
SELECT (SELECT a FROM t WHERE a = u.x) FROM u ORDER BY x;
SELECT x FROM u WHERE x IN (SELECT a FROM t WHERE t.b = u.y OR t.a = u.x) ORDER BY x;
SELECT x FROM u WHERE EXISTS (SELECT 1 FROM t WHERE t.a = u.x LIMIT 1) ORDER BY x;
SELECT x FROM u WHERE (SELECT max(a) FROM t WHERE t.a <= u.x) = 3 ORDER BY x;
SELECT x, (SELECT string_agg(b, ',' ORDER BY b) FROM t WHERE t.a < u.x) FROM u ORDER BY x;
SELECT x FROM u WHERE EXISTS (SELECT 1 FROM t WHERE t.a = u.x GROUP BY t.a HAVING count(*) > 0) ORDER BY x;
SELECT x FROM u ORDER BY (SELECT count(*) FROM t WHERE t.a < u.x) DESC, x;
SELECT x FROM u WHERE x IN (SELECT a FROM t) ORDER BY x DESC LIMIT 2;
SELECT count(*) FROM u WHERE NOT EXISTS (SELECT FROM t WHERE t.a = u.x);
SELECT x FROM u WHERE EXISTS (SELECT * FROM t WHERE t.a = u.x UNION SELECT * FROM t WHERE t.a = u.x + 1) ORDER BY x;
