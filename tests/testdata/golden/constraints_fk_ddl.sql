-- foreign keys and the DDL around them, as PostgreSQL 15
CREATE TABLE p (x int, id int PRIMARY KEY, code text UNIQUE);
CREATE TABLE c (n int, pid int REFERENCES p, pcode text REFERENCES p (code));
INSERT INTO p VALUES (0, 1, 'a'), (0, 2, 'b');
INSERT INTO c VALUES (1, 1, 'b');
TRUNCATE p;
TRUNCATE c, p;
INSERT INTO p VALUES (0, 1, 'a'), (0, 2, 'b');
INSERT INTO c VALUES (1, 1, 'b');
BEGIN;
TRUNCATE p, c;
SELECT count(*) FROM c;
ROLLBACK;
SELECT count(*) FROM c;
-- dropping a referenced column is refused; dropping one before it renumbers
ALTER TABLE p DROP COLUMN id;
ALTER TABLE p DROP COLUMN x;
INSERT INTO c VALUES (2, 2, 'a');
INSERT INTO c VALUES (3, 3, 'a');
INSERT INTO c VALUES (3, 2, 'zz');
DELETE FROM p WHERE id = 1;
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid::regclass::text = 'c' ORDER BY conname;
-- dropping a referencing column drops its foreign key
ALTER TABLE c DROP COLUMN pcode;
SELECT conname FROM pg_constraint WHERE conrelid::regclass::text = 'c' ORDER BY conname;
DELETE FROM p WHERE id = 2;
DROP TABLE c, p;
-- a self-referencing table
CREATE TABLE t (id int PRIMARY KEY, parent int REFERENCES t ON DELETE CASCADE);
INSERT INTO t VALUES (1, NULL), (2, 1), (3, 2), (4, NULL);
DELETE FROM t WHERE id = 1;
SELECT id FROM t ORDER BY id;
UPDATE t SET parent = 4 WHERE id = 4;
DELETE FROM t;
DROP TABLE t;
-- NO ACTION is checked at the end of the statement
CREATE TABLE s (id int PRIMARY KEY, parent int REFERENCES s);
INSERT INTO s VALUES (1, NULL), (2, 1), (3, 2);
DELETE FROM s WHERE id = 2;
DELETE FROM s WHERE id >= 2;
DELETE FROM s;
INSERT INTO s VALUES (1, NULL), (2, 1), (3, 2);
UPDATE s SET id = id + 10;
UPDATE s SET id = id + 10, parent = parent + 10;
SELECT * FROM s ORDER BY id;
DROP TABLE s;
-- a child row before its parent in one statement passes, as the checks run at its end
CREATE TABLE s2 (id int PRIMARY KEY, parent int REFERENCES s2);
INSERT INTO s2 VALUES (2, 1), (1, NULL), (3, 2);
INSERT INTO s2 VALUES (5, 4), (6, 7), (4, NULL);
SELECT * FROM s2 ORDER BY id;
DROP TABLE s2;
