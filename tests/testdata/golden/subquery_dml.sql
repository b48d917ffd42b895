-- Subqueries in UPDATE, DELETE and INSERT, correlated to the target table.
-- Checked against PostgreSQL 15 (TestGoldenPG15).

CREATE TABLE d1 (id int, v text);
CREATE TABLE d2 (id int, w text);
INSERT INTO d1 VALUES (1,'a'),(2,'b'),(3,'c'),(4,'d');
INSERT INTO d2 VALUES (1,'x'),(3,'y'),(NULL,'z');
UPDATE d1 SET v = v || '!' WHERE EXISTS (SELECT 1 FROM d2 WHERE d2.id = d1.id);
SELECT * FROM d1 ORDER BY id;
UPDATE d1 SET v = (SELECT w FROM d2 WHERE d2.id = d1.id) WHERE id IN (SELECT id FROM d2);
SELECT * FROM d1 ORDER BY id;
UPDATE d1 SET v = (SELECT w FROM d2 WHERE d2.id > d1.id);
DELETE FROM d1 WHERE id NOT IN (SELECT id FROM d2 WHERE id IS NOT NULL) RETURNING *;
SELECT * FROM d1 ORDER BY id;
INSERT INTO d1 SELECT id + 10, w FROM d2 WHERE EXISTS (SELECT 1 FROM d1 WHERE d1.id = d2.id);
SELECT * FROM d1 ORDER BY id;
INSERT INTO d1 VALUES (20, (SELECT max(w) FROM d2));
DELETE FROM d1 WHERE EXISTS (SELECT 1 FROM d2 WHERE d2.w = d1.v) RETURNING id, (SELECT count(*) FROM d2 WHERE d2.id = d1.id) AS n;
SELECT * FROM d1 ORDER BY id;
UPDATE d1 SET v = 'q' WHERE id = ANY (SELECT id + 10 FROM d2) RETURNING *;
