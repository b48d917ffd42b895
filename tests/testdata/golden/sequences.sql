-- Sequences (PostgreSQL 15 docs, CREATE/ALTER/DROP SEQUENCE and §9.17):
-- options and their errors, nextval/currval/setval/lastval, defaults
-- calling nextval, OWNED BY, what a pg_dump script of a table with a
-- serial column runs, and the catalogs; also run against PostgreSQL 15.
SELECT lastval();
CREATE SEQUENCE s;
SELECT currval('s');
SELECT nextval('s'), nextval('s'), currval('s'), lastval();
SELECT * FROM pg_sequences WHERE sequencename = 's';
CREATE SEQUENCE s;
CREATE SEQUENCE IF NOT EXISTS s;
CREATE SEQUENCE IF NOT EXISTS s2 INCREMENT BY 5 START WITH 10 MINVALUE 3 MAXVALUE 22;
CREATE SEQUENCE cached CACHE 20;
SELECT nextval('s2'), nextval('s2'), nextval('s2');
SELECT nextval('s2');
SELECT setval('s2', 4), nextval('s2');
SELECT setval('s2', 4, false), nextval('s2');
SELECT setval('s2', 2);
SELECT setval('s2', 23);
CREATE SEQUENCE down INCREMENT -2 MINVALUE -5;
SELECT nextval('down'), nextval('down'), nextval('down');
SELECT nextval('down');
CREATE SEQUENCE cyc AS smallint START 32766 CYCLE;
SELECT nextval('cyc'), nextval('cyc'), nextval('cyc');
CREATE SEQUENCE small AS smallint;
SELECT setval('small', 32767);
SELECT nextval('small');
CREATE SEQUENCE i4 AS integer START 2147483647;
SELECT nextval('i4');
SELECT nextval('i4');
CREATE SEQUENCE bad AS text;
CREATE SEQUENCE bad INCREMENT 0;
CREATE SEQUENCE bad AS smallint MAXVALUE 40000;
CREATE SEQUENCE bad AS smallint MINVALUE -40000;
CREATE SEQUENCE bad MINVALUE 10 MAXVALUE 5;
CREATE SEQUENCE bad START 0;
CREATE SEQUENCE bad MAXVALUE 5 START 6;
CREATE SEQUENCE bad CACHE 0;
CREATE SEQUENCE bad INCREMENT 1 INCREMENT 2;
CREATE SEQUENCE bad OWNED BY nothing;
SELECT seqtypid::regtype, seqstart, seqincrement, seqmax, seqmin, seqcache, seqcycle
FROM pg_sequence WHERE seqrelid IN ('s'::regclass, 's2'::regclass, 'down'::regclass, 'cyc'::regclass) ORDER BY seqrelid;
SELECT schemaname, sequencename, data_type, start_value, min_value, max_value, increment_by, cycle, cache_size, last_value
FROM pg_sequences ORDER BY sequencename;
SELECT sequence_schema, sequence_name, data_type, numeric_precision, numeric_precision_radix, numeric_scale,
       start_value, minimum_value, maximum_value, increment, cycle_option
FROM information_schema.sequences ORDER BY sequence_name;
SELECT relname, relkind, relnatts FROM pg_class WHERE relkind = 'S' ORDER BY relname;
SELECT relkind, relam, relpersistence, relnatts, relhasindex, relacl, reloptions, relowner::regrole, reltype = 0 AS no_type,
       reltuples, relnamespace::regnamespace FROM pg_class WHERE relname = 's';
SELECT nextval('nope');
CREATE TABLE plain (id int);
SELECT nextval('plain');
-- ALTER SEQUENCE
ALTER SEQUENCE s RESTART WITH 100;
SELECT nextval('s'), currval('s');
ALTER SEQUENCE s INCREMENT BY 10 RESTART;
SELECT nextval('s'), nextval('s');
ALTER SEQUENCE s MAXVALUE 15;
ALTER SEQUENCE s MAXVALUE 15 RESTART 1;
ALTER SEQUENCE s NO MAXVALUE CYCLE;
SELECT seqmax, seqcycle, seqincrement FROM pg_sequence WHERE seqrelid = 's'::regclass;
ALTER SEQUENCE small AS integer;
SELECT seqtypid::regtype, seqmax FROM pg_sequence WHERE seqrelid = 'small'::regclass;
ALTER SEQUENCE nope RESTART;
ALTER SEQUENCE IF EXISTS nope RESTART;
ALTER SEQUENCE plain RESTART;
ALTER SEQUENCE s2 RENAME TO s3;
SELECT nextval('s3');
ALTER SEQUENCE plain RENAME TO x;
-- nextval is not undone by ROLLBACK
CREATE SEQUENCE r;
BEGIN;
SELECT nextval('r');
ROLLBACK;
SELECT nextval('r'), currval('r');
-- a pg_dump script of a table with a serial column
CREATE TABLE items (id integer NOT NULL, name text);
CREATE SEQUENCE public.items_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.items_id_seq OWNED BY public.items.id;
ALTER TABLE ONLY public.items ALTER COLUMN id SET DEFAULT nextval('public.items_id_seq'::regclass);
INSERT INTO items (name) VALUES ('a'), ('b'), ('c');
SELECT pg_catalog.setval('public.items_id_seq', 3, true);
INSERT INTO items (name) VALUES ('d') RETURNING id;
SELECT * FROM items ORDER BY id;
SELECT pg_get_serial_sequence('items', 'id');
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'items' ORDER BY ordinal_position;
SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
WHERE d.adrelid = 'items'::regclass;
SELECT c.relname, d.refobjid::regclass, d.refobjsubid, d.deptype FROM pg_depend d JOIN pg_class c ON c.oid = d.objid
WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND c.relkind = 'S' ORDER BY 1;
CREATE SEQUENCE o OWNED BY plain.id;
CREATE SEQUENCE o2 OWNED BY plain.id;
ALTER SEQUENCE o2 OWNED BY NONE;
CREATE SEQUENCE o3 OWNED BY s.last_value;
ALTER SEQUENCE items_id_seq OWNED BY items.nope;
ALTER SEQUENCE items_id_seq OWNED BY items;
DROP SEQUENCE items_id_seq;
DROP TABLE items;
SELECT count(*) FROM pg_class WHERE relname = 'items_id_seq';
-- serial columns' sequences: nextval, currval after INSERT, setval as Django resets them
CREATE TABLE ser (id serial PRIMARY KEY, v text);
INSERT INTO ser (v) VALUES ('a');
SELECT currval('ser_id_seq'), lastval();
SELECT last_value, is_called FROM ser_id_seq;
SELECT nextval('ser_id_seq');
INSERT INTO ser (v) VALUES ('b') RETURNING id;
SELECT setval(pg_get_serial_sequence('"ser"','id'), coalesce(max("id"), 1), max("id") IS NOT null) FROM "ser";
INSERT INTO ser (v) VALUES ('c') RETURNING id;
SELECT setval('ser_id_seq', 0);
SELECT last_value FROM pg_sequences WHERE sequencename = 'ser_id_seq';
CREATE SEQUENCE ser_id_seq;
DROP TABLE ser;
-- DROP SEQUENCE and its dependents
CREATE TABLE t2 (id bigint DEFAULT nextval('r'), v text);
INSERT INTO t2 (v) VALUES ('x') RETURNING id;
DROP SEQUENCE r;
DROP SEQUENCE r CASCADE;
INSERT INTO t2 (v) VALUES ('y') RETURNING id;
DROP SEQUENCE plain;
DROP TABLE s;
DROP SEQUENCE nope;
DROP SEQUENCE IF EXISTS nope, s3;
DROP SEQUENCE s, down, cyc, small, i4;
SELECT relname FROM pg_class WHERE relkind = 'S' ORDER BY relname;
-- schemas and search_path
CREATE SCHEMA sq;
CREATE SEQUENCE sq.a START 7;
SELECT nextval('sq.a');
SELECT nextval('a');
SET search_path = sq, public;
SELECT nextval('a'), currval('sq.a');
RESET search_path;
SELECT schemaname, sequencename FROM pg_sequences ORDER BY 1, 2;
DROP SCHEMA sq CASCADE;
SELECT relname FROM pg_class WHERE relkind = 'S' ORDER BY relname;
DROP TABLE plain, t2;
SELECT relname FROM pg_class WHERE relkind = 'S' ORDER BY relname;
DROP SEQUENCE o2;
