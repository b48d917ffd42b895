-- information_schema.table_privileges, role_table_grants and pg_class.relacl
-- after GRANT and REVOKE (also run against PostgreSQL 15).
CREATE TABLE t1 (id int);
CREATE TABLE t2 (id int);
CREATE ROLE priv_reader;
SELECT relname, relacl FROM pg_class WHERE relname IN ('t1', 't2') ORDER BY 1;
SELECT grantor, grantee, table_schema, table_name, privilege_type, is_grantable, with_hierarchy
FROM information_schema.table_privileges WHERE table_name = 't1' ORDER BY grantee, privilege_type;
GRANT SELECT, INSERT ON t2 TO priv_reader;
GRANT SELECT ON t2 TO PUBLIC;
SELECT relname, relacl FROM pg_class WHERE relname IN ('t1', 't2') ORDER BY 1;
SELECT grantor, grantee, table_catalog = current_database() AS same_db, table_schema, table_name, privilege_type,
  is_grantable, with_hierarchy
FROM information_schema.table_privileges WHERE table_name = 't2' ORDER BY grantee, privilege_type;
SELECT grantor, grantee, table_name, privilege_type, is_grantable, with_hierarchy
FROM information_schema.role_table_grants WHERE table_name = 't2' AND grantee <> 'postgres' ORDER BY grantee, privilege_type;
REVOKE INSERT ON t2 FROM priv_reader;
SELECT relname, relacl FROM pg_class WHERE relname = 't2';
