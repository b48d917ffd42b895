-- TRUNCATE ... RESTART IDENTITY is transactional (PostgreSQL 15 docs,
-- TRUNCATE): ROLLBACK, or ROLLBACK TO a savepoint before it, puts the
-- owned sequences back where they were; COMMIT keeps the restart. Also
-- run against PostgreSQL 15.
CREATE TABLE tr (id serial, g int GENERATED ALWAYS AS IDENTITY, v text);
INSERT INTO tr (v) VALUES ('a'), ('b'), ('c');
BEGIN;
TRUNCATE tr RESTART IDENTITY;
INSERT INTO tr (v) VALUES ('in');
SELECT * FROM tr;
ROLLBACK;
SELECT last_value, is_called FROM tr_id_seq;
INSERT INTO tr (v) VALUES ('d');
SELECT * FROM tr ORDER BY id;
BEGIN;
SAVEPOINT s;
TRUNCATE tr RESTART IDENTITY;
ROLLBACK TO SAVEPOINT s;
INSERT INTO tr (v) VALUES ('e');
COMMIT;
SELECT * FROM tr ORDER BY id;
BEGIN;
TRUNCATE tr RESTART IDENTITY;
COMMIT;
INSERT INTO tr (v) VALUES ('f');
SELECT * FROM tr ORDER BY id;
DROP TABLE tr;
