-- What vecgres refuses around temporary tables: DDL on a temporary
-- schema itself, which is never logged (temporary views and sequences:
-- temp_views_sequences).
CREATE TEMP TABLE t (a int);
CREATE SEQUENCE pg_temp.s;
CREATE TABLE pg_temp.ok (a int);
SELECT relpersistence FROM pg_class WHERE relname = 'ok';
DROP TABLE t, ok;
