-- Subqueries as expressions: EXISTS, IN / NOT IN, op ANY / ALL, scalar and
-- ARRAY subqueries, uncorrelated and correlated (WHERE, select list, HAVING,
-- ORDER BY, JOIN ... ON, several levels), with NULLs, empty subqueries and
-- errors. Checked against PostgreSQL 15 (TestGoldenPG15).

CREATE TABLE t (a int, b text);
CREATE TABLE u (x int, y text);
INSERT INTO t VALUES (1,'one'),(2,'two'),(3,'three'),(NULL,'null');
INSERT INTO u VALUES (1,'uno'),(1,'eins'),(3,'tres'),(5,'cinco');
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a) ORDER BY a;
SELECT a FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.x = t.a) ORDER BY a;
SELECT a FROM t WHERE a IN (SELECT x FROM u) ORDER BY a;
SELECT a FROM t WHERE a NOT IN (SELECT x FROM u) ORDER BY a;
SELECT a FROM t WHERE a NOT IN (SELECT x FROM u WHERE x > 100) ORDER BY a;
INSERT INTO u VALUES (NULL, 'nada');
SELECT a FROM t WHERE a NOT IN (SELECT x FROM u) ORDER BY a;
SELECT a, a IN (SELECT x FROM u) AS i, a NOT IN (SELECT x FROM u) AS ni FROM t ORDER BY a;
SELECT a, (SELECT count(*) FROM u WHERE u.x = t.a) AS n FROM t ORDER BY a;
SELECT a, (SELECT y FROM u WHERE u.x = t.a) FROM t ORDER BY a;
SELECT a, (SELECT y FROM u WHERE u.x = t.a ORDER BY y LIMIT 1) FROM t ORDER BY a;
SELECT a, ARRAY(SELECT y FROM u WHERE u.x = t.a ORDER BY y) FROM t ORDER BY a;
SELECT ARRAY(SELECT x FROM u WHERE x IS NOT NULL ORDER BY x);
SELECT a FROM t WHERE a = ANY (SELECT x FROM u) ORDER BY a;
SELECT a FROM t WHERE a < ALL (SELECT x FROM u WHERE x IS NOT NULL) ORDER BY a;
SELECT a FROM t WHERE a > ANY (SELECT x FROM u) ORDER BY a;
SELECT a FROM t WHERE a <> ALL (SELECT x FROM u WHERE x IS NOT NULL) ORDER BY a;
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE EXISTS (SELECT 1 FROM t t2 WHERE t2.a = u.x AND t2.a = t.a)) ORDER BY a;
SELECT a, (SELECT (SELECT t.b || u.y) FROM u WHERE u.x = t.a LIMIT 1) FROM t ORDER BY a;
SELECT a FROM t ORDER BY (SELECT count(*) FROM u WHERE u.x = t.a), a;
SELECT a, count(*) FROM t GROUP BY a HAVING EXISTS (SELECT 1 FROM u WHERE u.x = t.a) ORDER BY a;
SELECT t.a, t2.b FROM t JOIN t t2 ON t2.a = t.a AND EXISTS (SELECT 1 FROM u WHERE u.x = t2.a) ORDER BY 1;
SELECT t.a, t2.b FROM t JOIN t t2 ON t2.a = t.a WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t2.a AND u.x = t.a) ORDER BY 1;
SELECT 'uno' IN (SELECT y FROM u);
SELECT 1 IN (SELECT 1 WHERE false), 1 NOT IN (SELECT 1 WHERE false), NULL::int IN (SELECT 1 WHERE false), EXISTS (SELECT 1 WHERE false);
SELECT (SELECT x FROM u);
SELECT a FROM t WHERE a IN (SELECT x, y FROM u);
SELECT (SELECT x, y FROM u);
SELECT a FROM t WHERE b = ANY (SELECT x FROM u);
SELECT (SELECT max(x) FROM u) AS m, EXISTS (SELECT 1 FROM u) AS e;
SELECT a FROM t WHERE a IN (SELECT x FROM u UNION SELECT 2) ORDER BY a;

-- correlation at several levels and in every clause
SELECT a, (SELECT y FROM u WHERE u.x = t.a) FROM t ORDER BY a;
SELECT a FROM t WHERE a IN (SELECT t.a FROM u) ORDER BY a;
SELECT a, (SELECT count(*) FROM u WHERE u.x > t.a) FROM t GROUP BY a ORDER BY a;
SELECT a, (SELECT count(*) FROM u WHERE u.x > t.b) FROM t GROUP BY a ORDER BY a;
SELECT t.a FROM t WHERE EXISTS (SELECT 1 FROM u JOIN t t3 ON t3.a = u.x WHERE t3.a = t.a) ORDER BY 1;
SELECT t.a FROM t WHERE EXISTS (SELECT 1 FROM u JOIN t t3 ON t3.a = u.x AND u.x = t.a) ORDER BY 1;
SELECT t.a, l.y FROM t CROSS JOIN LATERAL (SELECT y FROM u WHERE u.x = t.a AND EXISTS (SELECT 1 FROM t t4 WHERE t4.a = t.a)) l ORDER BY 1, 2;
SELECT a FROM t WHERE a = (SELECT x FROM u WHERE u.x = t.a LIMIT 1) ORDER BY a;
SELECT a FROM t WHERE (SELECT count(*) FROM u WHERE u.x = t.a) > 1;
SELECT a, CASE WHEN EXISTS (SELECT 1 FROM u WHERE x = a) THEN 'yes' ELSE 'no' END FROM t ORDER BY a;
SELECT a FROM t WHERE a IN (SELECT x FROM u WHERE y LIKE '%o%') AND b <> 'x' ORDER BY a;
SELECT a FROM t WHERE b IN (SELECT 'one' UNION ALL SELECT 'two') ORDER BY a;
SELECT a FROM t WHERE a::bigint IN (SELECT x::numeric FROM u) ORDER BY a;
SELECT a FROM t WHERE nosuch IN (SELECT x FROM u);
SELECT a FROM t WHERE a IN (SELECT nosuch FROM u);
SELECT a FROM t WHERE a IN (SELECT u.x FROM u WHERE t.nosuch = 1);
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE (SELECT count(*) FROM t t5 WHERE t5.a = u.x AND t5.a = t.a) > 0) ORDER BY a;
SELECT a, ARRAY(SELECT x FROM u WHERE x > t.a ORDER BY x DESC) FROM t ORDER BY a;
SELECT ARRAY(SELECT x, y FROM u);
SELECT a FROM t WHERE a IN (SELECT x FROM u) OR b = 'null' ORDER BY a;
SELECT a FROM t ORDER BY EXISTS (SELECT 1 FROM u WHERE u.x = t.a), a;
PREPARE p1(int) AS SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a AND u.x > $1) ORDER BY a;
EXECUTE p1(0);
EXECUTE p1(2);
SELECT a FROM t WHERE a > ALL (SELECT x FROM u WHERE false) ORDER BY a;
SELECT NULL::int > ALL (SELECT x FROM u WHERE false), NULL::int = ANY (SELECT 1);
SELECT a FROM t WHERE EXISTS (SELECT x FROM u GROUP BY x HAVING x = t.a) ORDER BY a;
SELECT a FROM t WHERE EXISTS (SELECT * FROM u WHERE u.x = t.a LIMIT 0) ORDER BY a;
SELECT a, (SELECT string_agg(y, ',' ORDER BY y) FROM u WHERE u.x = t.a) FROM t ORDER BY a;
SELECT a FROM t WHERE a IN (SELECT x FROM u ORDER BY x LIMIT 1);
SELECT a FROM t WHERE a ~~ ANY (SELECT y FROM u);

-- the catalog probes of Mastra and others
CREATE TABLE docs (id int PRIMARY KEY, embedding text, metadata text);
SELECT t.table_name FROM information_schema.tables t WHERE t.table_schema = 'public' AND EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_name = t.table_name AND c.table_schema = t.table_schema AND c.column_name = 'embedding') ORDER BY 1;
SELECT c.relname FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = 'public') AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'metadata') ORDER BY 1;
SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'docs' AND column_name = 'metadata') AS has;

-- decorrelated into semi and anti joins: under joins, LIMIT, aggregates, parameters
SELECT t.a, t2.b FROM t JOIN t t2 ON t2.a = t.a WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t2.a) ORDER BY 1;
SELECT t.a, t2.y FROM t LEFT JOIN u t2 ON t2.x = t.a WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.x = t.a AND u.y = t2.y) ORDER BY 1, 2;
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a) ORDER BY a LIMIT 1;
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a) ORDER BY a LIMIT 1 OFFSET 1;
SELECT count(*), max(a) FROM t WHERE a IN (SELECT x FROM u WHERE y <> 'uno');
SELECT a, count(*) FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a AND u.y LIKE '%e%') GROUP BY a ORDER BY a;
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a + 0 AND u.x = t.a) ORDER BY a;
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x::bigint = t.a) ORDER BY a;
SELECT a FROM t WHERE b IN (SELECT y FROM u) OR a = 2 ORDER BY a;
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE x = a) AND a > 1 ORDER BY a;
SELECT DISTINCT a FROM t WHERE a IN (SELECT x FROM u UNION ALL SELECT x FROM u) ORDER BY a;
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u JOIN t t9 ON t9.a = u.x WHERE u.x = t.a AND t9.b <> 'zz') ORDER BY a;
SELECT a FROM t WHERE a IN (SELECT DISTINCT x FROM u WHERE x = t.a) ORDER BY a;
SELECT a FROM t WHERE EXISTS (SELECT x FROM u WHERE u.x = t.a ORDER BY y) ORDER BY a;
PREPARE p2(int) AS SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a AND u.x > $1) ORDER BY a;
EXECUTE p2(0);
EXECUTE p2(2);
PREPARE p3(int) AS SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = $1 AND t.a = u.x) ORDER BY a;
EXECUTE p3(3);
SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.a AND EXISTS (SELECT 1 FROM t t8 WHERE t8.a = u.x)) ORDER BY a;
SELECT a FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.x = t.a AND u.x IS NOT NULL) ORDER BY a;
SELECT a FROM t WHERE 'uno' IN (SELECT y FROM u WHERE u.x = t.a) ORDER BY a;
