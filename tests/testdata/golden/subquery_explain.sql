-- EXPLAIN of subqueries: EXISTS / NOT EXISTS / IN with equality
-- correlation run as hash semi and anti joins, other correlated
-- subqueries as SubPlans re-run per row (outer columns qualified), and
-- uncorrelated ones as InitPlans run once.
CREATE TABLE et (a int, b text);
CREATE TABLE eu (x int, y text);
INSERT INTO et VALUES (1, 'one'), (2, 'two'), (NULL, 'null');
INSERT INTO eu VALUES (1, 'uno'), (3, 'tres'), (NULL, 'nada');
EXPLAIN (COSTS OFF) SELECT a FROM et WHERE EXISTS (SELECT 1 FROM eu WHERE eu.x = et.a);
EXPLAIN (COSTS OFF) SELECT a FROM et WHERE NOT EXISTS (SELECT 1 FROM eu WHERE eu.x = et.a AND eu.y <> 'x');
EXPLAIN (COSTS OFF) SELECT a FROM et WHERE et.a IN (SELECT eu.x FROM eu);
EXPLAIN (COSTS OFF) SELECT a FROM et WHERE a NOT IN (SELECT x FROM eu);
EXPLAIN (COSTS OFF) SELECT a FROM et WHERE EXISTS (SELECT 1 FROM eu WHERE eu.x > et.a);
EXPLAIN (COSTS OFF) SELECT a, (SELECT count(*) FROM eu WHERE eu.x = et.a) FROM et;
EXPLAIN (COSTS OFF) SELECT a FROM et WHERE EXISTS (SELECT 1 FROM eu);
EXPLAIN (COSTS OFF) SELECT a FROM et WHERE EXISTS (SELECT 1 FROM eu WHERE eu.x = et.a) OR a = 2;
SELECT a FROM et WHERE EXISTS (SELECT 1 FROM eu WHERE eu.x = et.a);
SELECT a FROM et WHERE NOT EXISTS (SELECT 1 FROM eu WHERE eu.x = et.a) ORDER BY a;
-- NOT IN is an anti join only over NOT NULL columns
CREATE TABLE en1 (id int PRIMARY KEY, g int NOT NULL);
CREATE TABLE en2 (id int PRIMARY KEY, g int);
EXPLAIN (COSTS OFF) SELECT id FROM en1 WHERE id NOT IN (SELECT id FROM en2 WHERE en2.g = en1.g);
EXPLAIN (COSTS OFF) SELECT id FROM en1 WHERE g NOT IN (SELECT g FROM en2);
EXPLAIN (COSTS OFF) SELECT id FROM en1 WHERE id IN (SELECT id FROM en2);
