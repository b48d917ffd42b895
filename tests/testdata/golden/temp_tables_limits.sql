-- What vecgres refuses around temporary tables (PostgreSQL 15 makes
-- these temporary views and sequences; vecgres has temporary tables
-- only), and DDL on a temporary schema itself, which is never logged.
CREATE TEMP TABLE t (a int);
CREATE TEMP VIEW v AS SELECT 1 AS x;
CREATE VIEW v AS SELECT * FROM t;
CREATE TEMP SEQUENCE s;
CREATE SEQUENCE pg_temp.s;
CREATE TABLE pg_temp.ok (a int);
SELECT relpersistence FROM pg_class WHERE relname = 'ok';
DROP TABLE t, ok;
