-- relacl and nspacl stay explicit once a GRANT or REVOKE set them, as in PostgreSQL
CREATE ROLE acl_alice;
CREATE ROLE acl_bob;
CREATE TABLE acl_t (a integer);
ALTER TABLE acl_t OWNER TO acl_alice;
SELECT relacl FROM pg_class WHERE relname = 'acl_t';
GRANT SELECT ON acl_t TO acl_bob;
SELECT relacl FROM pg_class WHERE relname = 'acl_t';
REVOKE SELECT ON acl_t FROM acl_bob;
SELECT relacl FROM pg_class WHERE relname = 'acl_t';
SELECT grantee, privilege_type FROM information_schema.role_table_grants WHERE table_name = 'acl_t' ORDER BY 1, 2;
-- a REVOKE of nothing granted sets it too
CREATE TABLE acl_u (a integer);
ALTER TABLE acl_u OWNER TO acl_alice;
REVOKE ALL ON acl_u FROM acl_bob;
SELECT relacl FROM pg_class WHERE relname = 'acl_u';
-- a rolled back GRANT leaves it NULL
CREATE TABLE acl_v (a integer);
ALTER TABLE acl_v OWNER TO acl_alice;
BEGIN;
GRANT SELECT ON acl_v TO acl_bob;
ROLLBACK;
SELECT relacl FROM pg_class WHERE relname = 'acl_v';
-- a view's
CREATE VIEW acl_w AS SELECT a FROM acl_t;
ALTER VIEW acl_w OWNER TO acl_alice;
GRANT SELECT ON acl_w TO acl_bob;
REVOKE SELECT ON acl_w FROM acl_bob;
SELECT relacl FROM pg_class WHERE relname = 'acl_w';
-- a schema's
CREATE SCHEMA acl_s AUTHORIZATION acl_alice;
SELECT nspacl FROM pg_namespace WHERE nspname = 'acl_s';
GRANT USAGE ON SCHEMA acl_s TO acl_bob;
SELECT nspacl FROM pg_namespace WHERE nspname = 'acl_s';
REVOKE USAGE ON SCHEMA acl_s FROM acl_bob;
SELECT nspacl FROM pg_namespace WHERE nspname = 'acl_s';
DROP SCHEMA acl_s;
DROP VIEW acl_w;
DROP TABLE acl_t, acl_u, acl_v;
DROP ROLE acl_alice;
DROP ROLE acl_bob;
