-- pg_collation, pg_tablespace, pg_language, pg_depend and the catalogs
-- vecgres has nothing in (also run against PostgreSQL 15).
CREATE TABLE t1 (id serial PRIMARY KEY, i integer DEFAULT 42, tx text);
CREATE TABLE t2 (a text, b int8, PRIMARY KEY (a, b));
CREATE INDEX t1_i ON t1 (i);
SELECT oid, collname, collnamespace, collowner, collprovider, collisdeterministic, collencoding, collcollate, collctype,
  colliculocale, collversion FROM pg_collation WHERE oid IN (100, 950, 951) ORDER BY oid;
SELECT * FROM pg_tablespace ORDER BY oid;
SELECT oid, lanname, lanowner, lanispl, lanpltrusted, lanplcallfoid, laninline, lanvalidator, lanacl FROM pg_language
WHERE lanname IN ('internal', 'c', 'sql') ORDER BY oid;
SELECT count(*) FROM pg_enum;
SELECT count(*) FROM pg_inherits WHERE inhrelid = 't1'::regclass;
SELECT count(*) FROM pg_trigger WHERE tgrelid = 't1'::regclass;
SELECT count(*) FROM pg_policy WHERE polrelid = 't1'::regclass;
SELECT count(*) FROM pg_rewrite WHERE ev_class = 't1'::regclass;
SELECT schemaname, relname FROM pg_statio_user_tables ORDER BY relname;
SELECT objid::regclass::text AS obj, objsubid, refobjid::regclass::text AS ref, refobjsubid, deptype FROM pg_depend
WHERE classid = 1259 AND refclassid = 1259 AND deptype = 'a' AND refobjid::regclass::text IN ('t1', 't2')
ORDER BY 1, 4;
SELECT refobjid::regclass::text AS ref, refobjsubid, deptype FROM pg_depend
WHERE classid = 2604 AND refobjid::regclass::text IN ('t1', 't2') ORDER BY 1, 2;
SELECT objid::regclass::text AS obj, refclassid, refobjid, deptype FROM pg_depend
WHERE classid = 1259 AND objid::regclass::text IN ('t1', 't2') ORDER BY 1;
-- pg_policies (drizzle-kit push reads it): no row security, no rows
SELECT 'pg_policies'::regclass::oid AS oid;
SELECT schemaname, tablename, policyname, permissive, roles, cmd, qual, with_check FROM pg_policies;
