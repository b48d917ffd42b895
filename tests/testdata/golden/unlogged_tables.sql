-- CREATE UNLOGGED TABLE (PostgreSQL 15 docs, CREATE TABLE): relpersistence
-- 'u' for the table, its indexes and its serial column's sequence; rows
-- as any table's. Also run against PostgreSQL 15; TestCrashUnlogged
-- checks a crash empties it.
CREATE UNLOGGED TABLE ul (id serial PRIMARY KEY, v text);
CREATE INDEX ul_v ON ul (v);
SELECT relname, relkind, relpersistence FROM pg_class WHERE relname LIKE 'ul%' ORDER BY 1;
INSERT INTO ul (v) VALUES ('a'), ('b');
SELECT * FROM ul ORDER BY id;
SELECT table_name, table_type FROM information_schema.tables WHERE table_name = 'ul';
DROP TABLE ul;
