-- Subqueries in FROM (derived tables): the inner query runs, the outer SELECT reads its rows by the alias
CREATE TABLE dq (id int PRIMARY KEY, category text, price numeric(6,2), qty int);
INSERT INTO dq VALUES (1, 'a', 1.50, 3), (2, 'b', 2.00, NULL), (3, 'a', 0.75, 1), (11, 'c', 9.99, 2), (12, 'a', 3.00, 5), (13, 'b', NULL, 4), (14, 'c', 1.00, 0);
SELECT category, count(*) FROM (SELECT category FROM dq WHERE id > 10) s GROUP BY category ORDER BY 1;
SELECT * FROM (SELECT id, price FROM dq ORDER BY price DESC NULLS LAST LIMIT 3) AS t ORDER BY id;
SELECT t.* FROM (SELECT id, category FROM dq WHERE qty > 2) t ORDER BY t.id DESC;
SELECT id * 10 AS x, upper(c) FROM (SELECT id, category AS c FROM dq) AS t WHERE c <> 'a' ORDER BY x LIMIT 2 OFFSET 1;
SELECT DISTINCT category FROM (SELECT category, qty FROM dq WHERE qty IS NOT NULL) q ORDER BY category;
SELECT sum(n), max(n), avg(n) FROM (SELECT qty * 2 AS n FROM dq) AS t;
SELECT category, sum(price) AS total FROM (SELECT * FROM dq) d GROUP BY category HAVING count(*) > 1 ORDER BY total DESC;
SELECT a, b FROM (SELECT id, category FROM dq WHERE id < 3) AS t(a, b) ORDER BY a;
SELECT a, category FROM (SELECT id, category FROM dq WHERE id = 1) AS t(a) ;
SELECT x FROM (SELECT 1 AS x UNION SELECT 2 UNION SELECT 1) u ORDER BY x DESC;
SELECT count(*) FROM (SELECT category FROM dq UNION ALL SELECT 'z') u;
SELECT x, pg_typeof(x) FROM (SELECT 'lit' AS x) s;
SELECT n FROM (SELECT id AS n FROM (SELECT id FROM dq WHERE id > 2) inner1 WHERE id < 13) outer1 ORDER BY n;
SELECT (SELECT max(id) FROM (SELECT id FROM dq WHERE category = 'b') s) AS m;
SELECT id FROM (SELECT id FROM dq) t WHERE id = (SELECT min(id) FROM dq);
SELECT * FROM (SELECT id FROM dq WHERE id > 100) t;
SELECT * FROM (SELECT) AS e;
SELECT dq.id, dq.category FROM (SELECT id, category FROM dq WHERE id < 3) dq ORDER BY dq.id DESC;
SELECT id FROM (SELECT id, qty FROM dq ORDER BY qty DESC NULLS LAST) t LIMIT 2;
-- PostgreSQL 15 requires the alias; what vecgres does not run is 0A000
SELECT * FROM (SELECT 1);
SELECT *
  FROM ((SELECT 1) UNION (SELECT 2));
SELECT nosuch FROM (SELECT id FROM dq) t;
SELECT dq.id FROM (SELECT id FROM dq) t;
SELECT t.id FROM (SELECT id FROM dq) AS t(a);
SELECT * FROM (SELECT id, category FROM dq) AS t(a, b, c);
SELECT * FROM (SELECT id FROM nosuch) t;
-- in other statements: set operations, INSERT ... SELECT, cursors, COPY
SELECT id FROM (SELECT id FROM dq WHERE id < 3) a UNION ALL SELECT id FROM (SELECT id FROM dq WHERE id > 13) b ORDER BY 1 DESC;
SELECT * FROM (SELECT category, count(*) AS n FROM dq GROUP BY category) g WHERE n > 2;
SELECT * FROM (SELECT DISTINCT ON (category) category, id FROM dq ORDER BY category, id DESC) d ORDER BY id;
SELECT * FROM (SELECT id FROM dq ORDER BY id LIMIT 2) a WHERE id IN (1, 3);
CREATE TABLE dq2 (id int, label text);
INSERT INTO dq2 SELECT id + 100, 'from ' || category FROM (SELECT id, category FROM dq WHERE price > 2) s RETURNING *;
INSERT INTO dq2 SELECT * FROM (SELECT 200, 'x') s;
INSERT INTO dq2 (id) SELECT x FROM (SELECT '5' AS x) s;
SELECT count(*) FROM dq2;
BEGIN;
DECLARE c CURSOR FOR SELECT id FROM (SELECT id FROM dq ORDER BY id DESC) t WHERE id > 2;
FETCH 2 FROM c;
FETCH ALL FROM c;
COMMIT;
COPY (SELECT x.id, x.category FROM (SELECT * FROM dq WHERE id < 3) x ORDER BY id) TO STDOUT;
