-- Data-modifying statements in WITH (PostgreSQL 15 docs 7.8.4): DELETE ... RETURNING feeding an INSERT, UPDATE and
-- INSERT read through RETURNING, several in one statement, each run once even when unreferenced, one snapshot for
-- all (the main query does not see their changes), errors failing the whole statement, and the parser's refusals;
-- also run against PostgreSQL 15.
CREATE TABLE a (id int PRIMARY KEY, v text);
CREATE TABLE b (id int PRIMARY KEY, v text);
CREATE TABLE log (n int);
INSERT INTO a VALUES (1, 'x'), (2, 'y'), (3, 'z');
WITH d AS (DELETE FROM a WHERE id < 3 RETURNING *) INSERT INTO b SELECT * FROM d;
SELECT * FROM a ORDER BY id;
SELECT * FROM b ORDER BY id;
WITH u AS (UPDATE b SET v = v || '!' RETURNING id, v) SELECT * FROM u ORDER BY id;
WITH i AS (INSERT INTO a VALUES (10, 'n') RETURNING id) SELECT id, (SELECT count(*) FROM a) AS n_before FROM i;
SELECT count(*) FROM a;
WITH i AS (INSERT INTO log VALUES (1)) SELECT 'unreferenced' AS ran;
SELECT * FROM log;
WITH x AS (DELETE FROM a WHERE id = 10 RETURNING id), y AS (INSERT INTO b VALUES (10, 'moved') RETURNING id, v)
  SELECT (SELECT id FROM x) AS deleted, y.v FROM y;
SELECT * FROM a ORDER BY id;
SELECT * FROM b ORDER BY id;
WITH u AS (UPDATE a SET v = 'zz' WHERE id = 3 RETURNING *) SELECT a.v AS old, u.v AS new FROM a JOIN u USING (id);
WITH u (k, w) AS (UPDATE a SET v = 'z' WHERE id = 3 RETURNING id, v) SELECT k, w FROM u;
WITH d AS (DELETE FROM b WHERE id = 10 RETURNING id) UPDATE a SET v = 'from ' || (SELECT id FROM d) WHERE id = 3;
SELECT * FROM a ORDER BY id;
WITH d AS (DELETE FROM b WHERE id = 1 RETURNING id) DELETE FROM a WHERE id IN (SELECT id + 2 FROM d) RETURNING *;
SELECT count(*) FROM a;
SELECT * FROM b ORDER BY id;
WITH d AS (DELETE FROM b RETURNING id), i AS (INSERT INTO a VALUES (1, 'p'), (1, 'q') RETURNING id) SELECT * FROM i;
SELECT (SELECT count(*) FROM a) AS a_rows, (SELECT count(*) FROM b) AS b_rows;
BEGIN;
WITH d AS (DELETE FROM b RETURNING id) SELECT count(*) FROM d;
SELECT count(*) FROM b;
ROLLBACK;
SELECT count(*) FROM b;
WITH i AS (INSERT INTO log VALUES (2)) SELECT * FROM i;
SELECT * FROM (WITH i AS (INSERT INTO log VALUES (3) RETURNING n) SELECT * FROM i) s;
SELECT (WITH i AS (INSERT INTO log VALUES (4) RETURNING n) SELECT n FROM i);
WITH c AS (SELECT 1), i AS (INSERT INTO log VALUES (5) RETURNING n) SELECT n FROM i;
SELECT * FROM log ORDER BY n;
