-- A sequence as a relation (PostgreSQL 15): SELECT from it, what may not
-- be done to it, defaults following ALTER SEQUENCE RENAME and SET
-- SCHEMA, sequences dropped with the column or table owning them; also
-- run against PostgreSQL 15.
CREATE SEQUENCE rel START 5;
SELECT last_value, is_called FROM rel;
SELECT nextval('rel');
SELECT last_value, is_called FROM rel;
SELECT setval('rel', 42, false);
SELECT last_value, is_called FROM rel;
SELECT r.last_value + 1 AS next FROM rel r;
SELECT attname, atttypid::regtype, attnum FROM pg_attribute WHERE attrelid = 'rel'::regclass AND attnum > 0 ORDER BY attnum;
INSERT INTO rel VALUES (1, 0, true);
UPDATE rel SET last_value = 3;
DELETE FROM rel;
TRUNCATE rel;
CREATE INDEX ON rel (last_value);
ALTER TABLE rel ADD COLUMN x int;
-- defaults follow the sequence
CREATE TABLE uses (id int DEFAULT nextval('rel'), v text);
ALTER SEQUENCE rel RENAME TO rel2;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'uses'::regclass;
INSERT INTO uses (v) VALUES ('a') RETURNING id;
CREATE SCHEMA other;
ALTER SEQUENCE rel2 SET SCHEMA other;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'uses'::regclass;
INSERT INTO uses (v) VALUES ('b') RETURNING id;
ALTER TABLE other.rel2 RENAME TO rel3;
SELECT column_default FROM information_schema.columns WHERE table_name = 'uses' AND column_name = 'id';
INSERT INTO uses (v) VALUES ('c') RETURNING id;
-- owned sequences go with their column or table
CREATE TABLE owner_t (a int, b int);
CREATE SEQUENCE oa OWNED BY owner_t.a;
CREATE SEQUENCE ob OWNED BY owner_t.b;
ALTER TABLE owner_t DROP COLUMN a;
SELECT relname FROM pg_class WHERE relname IN ('oa', 'ob') ORDER BY 1;
BEGIN;
DROP TABLE owner_t;
SELECT relname FROM pg_class WHERE relname IN ('oa', 'ob') ORDER BY 1;
ROLLBACK;
SELECT relname FROM pg_class WHERE relname IN ('oa', 'ob') ORDER BY 1;
DROP TABLE owner_t;
SELECT relname FROM pg_class WHERE relname IN ('oa', 'ob') ORDER BY 1;
DROP TABLE uses;
DROP SCHEMA other CASCADE;
-- read-only transactions, savepoints, prepared statements
CREATE SEQUENCE ro;
BEGIN READ ONLY;
SELECT nextval('ro');
ROLLBACK;
BEGIN READ ONLY;
SELECT setval('ro', 5);
ROLLBACK;
BEGIN READ ONLY;
CREATE SEQUENCE ro2;
ROLLBACK;
BEGIN READ ONLY;
SELECT currval('ro');
ROLLBACK;
BEGIN;
SAVEPOINT a;
CREATE SEQUENCE sp;
SELECT nextval('sp');
ROLLBACK TO SAVEPOINT a;
SELECT nextval('sp');
ROLLBACK;
PREPARE lv AS SELECT last_value, is_called FROM ro;
EXECUTE lv;
SELECT nextval('ro');
EXECUTE lv;
SELECT nextval('ro');
EXECUTE lv;
DEALLOCATE lv;
SELECT nextval('ro'::regclass), nextval('"ro"'), nextval('public.ro'), currval('RO');
SELECT nextval(NULL);
DROP SEQUENCE ro;
