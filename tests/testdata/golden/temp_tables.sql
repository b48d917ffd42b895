-- CREATE TEMPORARY TABLE (PostgreSQL 15 docs, CREATE TABLE; §5.9.3): the
-- table lives in the session's pg_temp_N schema (not printed here: its
-- number depends on the session), searched first, shadowing a permanent
-- table of the same name; pg_temp names it; relpersistence 't' for the
-- table, its indexes and its serial column's sequence. ON COMMIT DELETE
-- ROWS empties it at each commit, ON COMMIT DROP drops it. Also run
-- against PostgreSQL 15; TestTempTablesSessions checks isolation and the
-- drop at disconnect, TestCrashTemp a crash.
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE tt (a int);
INSERT INTO tt VALUES (1);
CREATE TEMP TABLE tt (id serial PRIMARY KEY, v text UNIQUE, e vector(3));
CREATE INDEX tt_e ON tt USING hnsw (e vector_l2_ops);
CREATE INDEX tt_v_lower ON tt (lower(v));
SELECT relname, relkind, relpersistence FROM pg_class WHERE relname LIKE 'tt%' ORDER BY 1, 3;
SELECT n.nspname LIKE 'pg_temp_%' AS temp_schema, count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relname LIKE 'tt%' GROUP BY 1 ORDER BY 1;
INSERT INTO tt (v, e) VALUES ('a', '[1,0,0]'), ('b', '[0,1,0]'), ('c', '[0,0,1]');
SELECT * FROM tt ORDER BY id;
SELECT * FROM public.tt;
SELECT id, v FROM pg_temp.tt ORDER BY e <-> '[0,0.9,0.1]' LIMIT 2;
INSERT INTO tt (v) VALUES ('a');
SELECT 'tt'::regclass, 'public.tt'::regclass, pg_table_is_visible('tt'::regclass);
SET search_path = public, pg_temp;
SELECT * FROM tt;
RESET search_path;
SELECT count(*) FROM tt;
-- constraints and foreign keys between temporary tables
CREATE TEMP TABLE child (id int PRIMARY KEY, parent int REFERENCES tt, CHECK (id > 0));
INSERT INTO child VALUES (1, 1);
INSERT INTO child VALUES (2, 99);
INSERT INTO child VALUES (-1, 1);
CREATE TABLE perm_child (parent int REFERENCES tt);
CREATE TABLE perm_parent (id int PRIMARY KEY);
CREATE TEMP TABLE temp_child (parent int REFERENCES perm_parent);
DROP TABLE perm_parent;
-- DDL on a temporary table
ALTER TABLE child ADD COLUMN note text DEFAULT 'n';
ALTER TABLE child RENAME TO kid;
SELECT * FROM kid;
COMMENT ON TABLE kid IS 'a temporary table';
SELECT obj_description('kid'::regclass, 'pg_class');
TRUNCATE kid;
SELECT count(*) FROM kid;
ALTER TABLE kid SET SCHEMA public;
ALTER TABLE tt SET SCHEMA pg_temp;
DROP TABLE kid;
-- where a temporary table may be created
CREATE TEMP TABLE public.nope (a int);
CREATE TABLE pg_temp.implicit (a int);
SELECT relpersistence FROM pg_class WHERE relname = 'implicit';
CREATE TEMPORARY TABLE implicit (a int);
CREATE TEMP TABLE IF NOT EXISTS implicit (a int);
DROP TABLE implicit;
CREATE TABLE plain (a int) ON COMMIT DELETE ROWS;
-- ON COMMIT
CREATE TEMP TABLE del (id int PRIMARY KEY, v text) ON COMMIT DELETE ROWS;
CREATE INDEX del_v ON del (v);
INSERT INTO del VALUES (1, 'a');
SELECT count(*) FROM del;
BEGIN;
INSERT INTO del VALUES (1, 'a'), (2, 'b');
SELECT count(*) FROM del WHERE v = 'b';
COMMIT;
SELECT count(*) FROM del;
INSERT INTO del VALUES (1, 'a') RETURNING *;
CREATE TEMP TABLE keep (a int) ON COMMIT PRESERVE ROWS;
INSERT INTO keep VALUES (1);
SELECT * FROM keep;
BEGIN;
CREATE TEMP TABLE gone (a int) ON COMMIT DROP;
INSERT INTO gone VALUES (1);
SELECT * FROM gone;
COMMIT;
SELECT * FROM gone;
CREATE TEMP TABLE gone ON COMMIT DROP AS SELECT 1 AS a;
SELECT * FROM gone;
BEGIN;
CREATE TEMP TABLE rolled (a int);
ROLLBACK;
SELECT * FROM rolled;
-- CREATE TEMP TABLE AS and SELECT INTO TEMP
CREATE TEMP TABLE copy AS SELECT id, v FROM tt ORDER BY id;
SELECT * INTO TEMP copy2 FROM copy WHERE id > 1;
SELECT c.relname, c.relpersistence FROM pg_class c WHERE c.relname LIKE 'copy%' ORDER BY 1;
SELECT table_name, table_type, commit_action FROM information_schema.tables WHERE table_name LIKE 'copy%' ORDER BY 1;
SELECT * FROM copy2 ORDER BY id;
-- dropping the temporary table uncovers the permanent one
DROP TABLE tt;
SELECT * FROM tt;
DROP TABLE tt;
-- DISCARD ALL drops the session's temporary tables
CREATE TEMP TABLE p1 (id int PRIMARY KEY);
CREATE TEMP TABLE c1 (p int REFERENCES p1);
INSERT INTO p1 VALUES (1);
INSERT INTO c1 VALUES (1);
DISCARD ALL;
SELECT count(*) FROM pg_class WHERE relpersistence = 't';
SELECT * FROM p1;
