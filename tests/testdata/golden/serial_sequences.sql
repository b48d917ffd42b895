-- Serial columns own real sequences (PostgreSQL 15 docs §8.1.4): the
-- sequence CREATE TABLE and ALTER TABLE ... ADD COLUMN make, its DEFAULT,
-- ALTER SEQUENCE, setval, DROP SEQUENCE (refused while the DEFAULT calls
-- it; CASCADE drops the DEFAULT), TRUNCATE ... RESTART IDENTITY, names
-- already taken, and the catalogs; also run against PostgreSQL 15.
CREATE TABLE sa_id_seq (x int);
CREATE TABLE sa (id serial PRIMARY KEY, b bigserial, c smallserial, v text);
SELECT relname, relkind FROM pg_class WHERE relname LIKE 'sa%' ORDER BY relname;
SELECT column_name, data_type, column_default, is_nullable FROM information_schema.columns
 WHERE table_name = 'sa' ORDER BY ordinal_position;
SELECT sequencename, data_type, start_value, min_value, max_value, increment_by, last_value
 FROM pg_sequences WHERE sequencename LIKE 'sa%' ORDER BY 1;
SELECT pg_get_serial_sequence('sa', 'id'), pg_get_serial_sequence('sa', 'b'), pg_get_serial_sequence('sa', 'c');
SELECT c.relname, d.deptype, t.relname AS owner, d.refobjsubid FROM pg_depend d
 JOIN pg_class c ON c.oid = d.objid JOIN pg_class t ON t.oid = d.refobjid
 WHERE d.classid = 'pg_class'::regclass AND c.relkind = 'S' AND t.relname = 'sa' ORDER BY 1;
INSERT INTO sa (v) VALUES ('a'), ('b') RETURNING *;
SELECT currval('sa_id_seq1'), lastval();
ALTER SEQUENCE sa_id_seq1 RESTART WITH 100 INCREMENT BY 10;
INSERT INTO sa (v) VALUES ('c'), ('d') RETURNING id, v;
SELECT setval('sa_b_seq', 500);
INSERT INTO sa (v) VALUES ('e') RETURNING id, b;
SELECT last_value, is_called FROM sa_b_seq;
ALTER SEQUENCE sa_c_seq MAXVALUE 3;
ALTER SEQUENCE sa_c_seq MAXVALUE 6;
INSERT INTO sa (v) VALUES ('f');
INSERT INTO sa (v) VALUES ('g');
TRUNCATE sa RESTART IDENTITY;
INSERT INTO sa (v) VALUES ('h') RETURNING *;
DROP SEQUENCE sa_b_seq;
DROP SEQUENCE sa_b_seq CASCADE;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'sa' ORDER BY ordinal_position;
INSERT INTO sa (v) VALUES ('i');
INSERT INTO sa (b, v) VALUES (7, 'i') RETURNING *;
ALTER SEQUENCE sa_c_seq OWNED BY NONE;
ALTER TABLE sa RENAME TO sb;
SELECT pg_get_serial_sequence('sb', 'id'), pg_get_serial_sequence('sb', 'c');
CREATE TABLE se (v text);
ALTER TABLE se ADD COLUMN id serial;
INSERT INTO se (v) VALUES ('x') RETURNING *;
SELECT pg_get_serial_sequence('se', 'id'), column_default FROM information_schema.columns
 WHERE table_name = 'se' AND column_name = 'id';
ALTER TABLE se DROP COLUMN id;
SELECT relname FROM pg_class WHERE relname LIKE 'se\_%' ORDER BY 1;
DROP TABLE sb, se;
SELECT relname FROM pg_class WHERE relname LIKE 's%seq%' ORDER BY 1;
DROP SEQUENCE sa_c_seq;
DROP TABLE sa_id_seq;
