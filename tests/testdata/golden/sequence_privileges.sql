-- GRANT and REVOKE ON SEQUENCE and ON ALL SEQUENCES IN SCHEMA, a sequence
-- named ON TABLE, pg_class.relacl, has_sequence_privilege and
-- information_schema.usage_privileges (PostgreSQL 15 docs, GRANT, §9.26);
-- also run against PostgreSQL 15. The checks as another role are
-- TestSequencePrivileges.
CREATE ROLE seq_alice LOGIN;
CREATE ROLE seq_bob LOGIN;
CREATE SCHEMA seqs;
CREATE SEQUENCE gs;
CREATE SEQUENCE seqs.g2;
CREATE TABLE gt (id serial, v text);
GRANT INSERT ON gt TO seq_alice;
SELECT relname, relacl FROM pg_class WHERE relname IN ('gs', 'gt', 'gt_id_seq', 'g2') ORDER BY 1;
GRANT USAGE ON SEQUENCE gs TO seq_alice;
GRANT SELECT ON SEQUENCE gt_id_seq TO seq_alice;
GRANT UPDATE ON SEQUENCE gt_id_seq TO seq_bob;
GRANT ALL ON SEQUENCE seqs.g2 TO PUBLIC;
SELECT relname, relacl FROM pg_class WHERE relname IN ('gs', 'gt', 'gt_id_seq', 'g2') ORDER BY 1;
GRANT USAGE ON SCHEMA seqs TO seq_alice;
SELECT has_sequence_privilege('seq_alice', 'gs', 'USAGE'), has_sequence_privilege('seq_alice', 'gs', 'SELECT'),
 has_sequence_privilege('seq_bob', 'gt_id_seq', 'update, usage'), has_sequence_privilege('gs', 'USAGE WITH GRANT OPTION');
SELECT has_sequence_privilege('seq_alice', 'gt', 'USAGE');
SELECT has_sequence_privilege('seq_alice', 'gs', 'INSERT');
SELECT has_sequence_privilege('seq_alice', 'nosuch', 'USAGE');
SELECT has_table_privilege('seq_alice', 'gs', 'SELECT'), has_table_privilege('seq_alice', 'gs', 'INSERT');
SELECT has_sequence_privilege('seq_bob', 'gt_id_seq'::regclass::oid, 'UPDATE'), has_sequence_privilege(0::oid, 'USAGE');
SELECT has_sequence_privilege('gt'::regclass::oid, 'USAGE');
GRANT INSERT ON SEQUENCE gs TO seq_alice;
GRANT USAGE ON TABLE gt TO seq_alice;
GRANT USAGE ON SEQUENCE gt TO seq_alice;
GRANT SELECT, INSERT ON gs TO seq_bob;
GRANT ALL ON TABLE gs TO seq_bob;
SELECT relname, relacl FROM pg_class WHERE relname IN ('gs', 'gt', 'gt_id_seq', 'g2') ORDER BY 1;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM seq_bob;
GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO seq_bob;
SELECT relname, relacl FROM pg_class WHERE relname IN ('gs', 'gt', 'gt_id_seq', 'g2') ORDER BY 1;
REVOKE USAGE ON SEQUENCE gs FROM seq_alice;
SELECT grantor, grantee, object_schema, object_name, object_type, privilege_type, is_grantable
 FROM information_schema.usage_privileges WHERE object_type = 'SEQUENCE' ORDER BY 2, 3, 4;
SELECT grantee, table_name, privilege_type FROM information_schema.table_privileges
 WHERE table_name IN ('gs', 'gt_id_seq', 'g2') ORDER BY 1, 2, 3;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public, seqs FROM seq_alice, seq_bob, PUBLIC;
REVOKE ALL ON gt FROM seq_alice;
REVOKE ALL ON SCHEMA seqs FROM seq_alice;
DROP TABLE gt;
DROP SEQUENCE gs, seqs.g2;
DROP SCHEMA seqs;
DROP ROLE seq_alice;
DROP ROLE seq_bob;
