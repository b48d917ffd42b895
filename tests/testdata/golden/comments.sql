-- COMMENT ON TABLE, VIEW, SEQUENCE, INDEX, COLUMN, CONSTRAINT and SCHEMA: the
-- comments in pg_description, obj_description and col_description; kept
-- across RENAME, undone by ROLLBACK, dropped with their object; errors
-- (also run against PostgreSQL 15). The owner check is in
-- TestCommentOwner (SET ROLE is not supported).
CREATE TABLE cm_t (id int PRIMARY KEY, c text, CONSTRAINT cm_ck CHECK (id > 0), CONSTRAINT cm_u UNIQUE (c));
CREATE VIEW cm_v AS SELECT id, c FROM cm_t;
CREATE SEQUENCE cm_s;
CREATE INDEX cm_i ON cm_t (c);
COMMENT ON TABLE cm_t IS 'the table';
COMMENT ON COLUMN cm_t.c IS 'a column';
COMMENT ON COLUMN public.cm_t.id IS 'the key';
COMMENT ON CONSTRAINT cm_ck ON cm_t IS 'positive ids';
COMMENT ON CONSTRAINT cm_t_pkey ON cm_t IS 'primary key';
COMMENT ON CONSTRAINT cm_u ON cm_t IS 'unique c';
COMMENT ON INDEX cm_i IS 'an index';
COMMENT ON VIEW cm_v IS 'a view';
COMMENT ON COLUMN cm_v.c IS 'view column';
COMMENT ON SEQUENCE cm_s IS 'a sequence';
SELECT d.objoid::regclass AS obj, d.classoid::regclass AS catalog, d.objsubid, d.description
FROM pg_description d WHERE d.classoid = 'pg_class'::regclass AND d.objoid::regclass::text LIKE 'cm%' ORDER BY d.objoid::regclass::text, d.objsubid;
SELECT k.conname, d.description FROM pg_description d JOIN pg_constraint k ON k.oid = d.objoid
WHERE d.classoid = 'pg_constraint'::regclass AND k.conrelid = 'cm_t'::regclass ORDER BY 1;
SELECT obj_description('cm_t'::regclass, 'pg_class') AS t, obj_description('cm_t'::regclass) AS t1,
  col_description('cm_t'::regclass, 2) AS c, col_description('cm_t'::regclass, 3) AS none,
  obj_description('cm_t'::regclass, 'pg_constraint') AS wrong_catalog, obj_description(NULL, 'pg_class') AS null_oid;
SELECT obj_description(k.oid, 'pg_constraint') FROM pg_constraint k WHERE k.conname = 'cm_ck';
-- information_schema shows no comments.
SELECT table_name, column_name FROM information_schema.columns WHERE table_name = 'cm_t' ORDER BY ordinal_position;
-- A new comment replaces the old; '' and NULL drop it.
COMMENT ON TABLE cm_t IS 'the table, again';
SELECT obj_description('cm_t'::regclass, 'pg_class');
COMMENT ON TABLE cm_t IS '';
COMMENT ON COLUMN cm_t.c IS NULL;
SELECT obj_description('cm_t'::regclass, 'pg_class') AS t, col_description('cm_t'::regclass, 2) AS c;
-- Kept across RENAME of the table and the column.
COMMENT ON COLUMN cm_t.c IS 'renamed column';
ALTER TABLE cm_t RENAME TO cm_t2;
ALTER TABLE cm_t2 RENAME COLUMN c TO c2;
SELECT col_description('cm_t2'::regclass, 2) AS c2, obj_description('cm_i'::regclass, 'pg_class') AS i;
-- Undone by ROLLBACK.
BEGIN;
COMMENT ON TABLE cm_t2 IS 'rolled back';
COMMENT ON COLUMN cm_t2.c2 IS 'rolled back';
COMMENT ON INDEX cm_i IS 'rolled back';
SELECT obj_description('cm_t2'::regclass, 'pg_class') AS t, col_description('cm_t2'::regclass, 2) AS c;
ROLLBACK;
SELECT obj_description('cm_t2'::regclass, 'pg_class') AS t, col_description('cm_t2'::regclass, 2) AS c,
  obj_description('cm_i'::regclass, 'pg_class') AS i;
-- Dropped with the object.
DROP VIEW cm_v;
ALTER TABLE cm_t2 DROP COLUMN c2;
SELECT count(*) FROM pg_description WHERE objoid = 'cm_t2'::regclass AND objsubid > 0;
ALTER TABLE cm_t2 ADD COLUMN c2 text;
SELECT col_description('cm_t2'::regclass, 3);
ALTER TABLE cm_t2 DROP CONSTRAINT cm_ck;
SELECT count(*) FROM pg_description WHERE classoid = 'pg_constraint'::regclass AND description = 'positive ids';
-- Schemas.
CREATE SCHEMA cm_sc;
COMMENT ON SCHEMA cm_sc IS 'a schema';
COMMENT ON SCHEMA public IS 'standard public schema';
ALTER SCHEMA cm_sc RENAME TO cm_sc2;
BEGIN;
COMMENT ON SCHEMA cm_sc2 IS NULL;
SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = 'cm_sc2';
ROLLBACK;
SELECT n.nspname, d.description FROM pg_description d JOIN pg_namespace n ON n.oid = d.objoid
WHERE d.classoid = 'pg_namespace'::regclass AND n.nspname IN ('cm_sc2', 'public') ORDER BY 1;
DROP SCHEMA cm_sc2;
COMMENT ON SCHEMA cm_sc2 IS 'x';
SELECT count(*) FROM pg_description WHERE classoid = 'pg_namespace'::regclass AND description = 'a schema';
-- Errors.
CREATE VIEW cm_v AS SELECT id FROM cm_t2;
CREATE INDEX cm_i ON cm_t2 (id);
COMMENT ON TABLE cm_v IS 'x';
COMMENT ON VIEW cm_t2 IS 'x';
COMMENT ON SEQUENCE cm_t2 IS 'x';
COMMENT ON INDEX cm_t2 IS 'x';
COMMENT ON TABLE cm_i IS 'x';
COMMENT ON TABLE cm_s IS 'x';
COMMENT ON TABLE cm_nope IS 'x';
COMMENT ON COLUMN cm_t2.nope IS 'x';
COMMENT ON COLUMN cm_nope.c IS 'x';
COMMENT ON COLUMN cm_s.last_value IS 'x';
COMMENT ON COLUMN cm_i.c IS 'x';
COMMENT ON COLUMN cm_i.id IS 'x';
COMMENT ON CONSTRAINT cm_nope ON cm_t2 IS 'x';
COMMENT ON CONSTRAINT cm_ck ON cm_nope IS 'x';
COMMENT ON INDEX cm_nope IS 'x';
DROP VIEW cm_v;
DROP TABLE cm_t2;
DROP SEQUENCE cm_s;
SELECT count(*) FROM pg_description WHERE classoid IN ('pg_class'::regclass, 'pg_constraint'::regclass) AND objoid >= 16384;
