-- The catalog functions ORMs call, and pg_sequence(s), pg_roles, pg_user,
-- pg_attrdef, pg_description (also run against PostgreSQL 15).
CREATE TABLE t1 (id serial PRIMARY KEY, b bool DEFAULT true, i integer DEFAULT 42, tx text DEFAULT 'hi', bs bigserial);
CREATE TABLE t2 (a text, b int8, PRIMARY KEY (a, b));
CREATE INDEX t1_i ON t1 (i);
SELECT pg_get_indexdef(indexrelid, 0, true) AS pretty, pg_get_indexdef(indexrelid, 0, false) AS plain,
  pg_get_indexdef(indexrelid, 1, true) AS col1, pg_get_indexdef(indexrelid, 2, false) AS col2
FROM pg_index WHERE indrelid::regclass::text IN ('t1', 't2') ORDER BY 2;
SELECT pg_get_indexdef(0, 0, true) IS NULL AS no_index, pg_get_indexdef(NULL, 0, true) IS NULL AS null_oid;
SELECT pg_get_serial_sequence('t1', 'id') AS id, pg_get_serial_sequence('public.T1', 'bs') AS bs,
  pg_get_serial_sequence('"t1"', 'i') AS i;
SELECT pg_get_serial_sequence('t1', 'nosuch');
SELECT pg_get_serial_sequence('nosuch', 'id');
SELECT pg_get_serial_sequence('t1', 'ID');
SELECT pg_get_serial_sequence('"t1', 'id');
SELECT pg_get_serial_sequence('other.t1', 'id');
SELECT pg_get_serial_sequence('pg_catalog.t1', 'id');
SELECT pg_get_serial_sequence(current_database() || '.public.t1', 'id');
SELECT pg_get_serial_sequence('x.public.t1', 'id');
SELECT pg_get_serial_sequence('a.b.c.d', 'id');
SELECT adnum, pg_get_expr(adbin, adrelid) AS def, pg_get_expr(adbin, adrelid, true) AS pretty FROM pg_attrdef
WHERE adrelid = 't1'::regclass ORDER BY adnum;
SELECT obj_description('t1'::regclass, 'pg_class') AS obj, obj_description('t1'::regclass) AS obj1,
  col_description('t1'::regclass, 1) AS col;
SELECT count(*) FROM pg_description WHERE objoid = 't1'::regclass;
SELECT seqtypid, seqstart, seqincrement, seqmax, seqmin, seqcache, seqcycle FROM pg_sequence
WHERE seqrelid::regclass::text IN ('t1_id_seq', 't1_bs_seq') ORDER BY seqtypid;
SELECT * FROM pg_sequences ORDER BY sequencename;
INSERT INTO t1 DEFAULT VALUES;
SELECT sequencename, last_value FROM pg_sequences ORDER BY sequencename;
SELECT rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolconnlimit,
  rolpassword, rolvaliduntil, rolbypassrls, rolconfig, oid FROM pg_roles WHERE rolname = current_user;
SELECT * FROM pg_user WHERE usename = current_user;
SELECT count(*) FROM pg_views WHERE schemaname = 'public';
-- the schemas pg_namespace lists are information_schema.schemata's
SELECT oid, nspname, nspowner FROM pg_namespace WHERE nspname <> 'information_schema' ORDER BY oid;
SELECT nspname FROM pg_namespace ORDER BY 1;
SELECT rolname, rolcanlogin, oid FROM pg_roles WHERE oid = 6171;
SELECT pg_get_userbyid(10) AS boot, pg_get_userbyid(6171) AS dbowner, pg_get_userbyid(12345) AS unknown;
SELECT relname, pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relname IN ('t1', 't1_pkey', 't1_id_seq') ORDER BY 1;
-- catalog views as regclass, as Django's sequence query compares pg_depend.classid with 'pg_class'::regclass
SELECT 'pg_class'::regclass::text AS rel, 'pg_catalog.pg_class'::regclass::oid AS oid,
  'information_schema.tables'::regclass::text AS info, 1259::regclass::text AS by_oid;
SELECT objid::regclass::text AS seq, refobjsubid FROM pg_depend
WHERE classid = 'pg_class'::regclass AND refclassid = 'pg_class'::regclass AND deptype = 'a'
  AND refobjid = 't1'::regclass AND objid::regclass::text LIKE '%seq' ORDER BY 1;
SELECT pg_table_is_visible(99999) IS NULL AS no_rel, pg_table_is_visible(1259) AS pg_class,
  pg_table_is_visible('t1'::regclass) AS t1, pg_table_is_visible('t1_pkey'::regclass) AS pkey,
  pg_table_is_visible('information_schema.tables'::regclass) AS info, pg_type_is_visible(23) AS int4,
  pg_type_is_visible(99999) IS NULL AS no_type;
CREATE TABLE "Mixed" (x int);
SELECT to_regclass('T1') AS upper, to_regclass('public.t1') AS qualified, to_regclass('"t1"') AS quoted,
  to_regclass('nosuch.t1') IS NULL AS no_schema, to_regclass('nosuch') IS NULL AS no_rel,
  to_regclass('pg_catalog.pg_class') AS pg_class, to_regclass('pg_settings') AS settings,
  to_regclass('information_schema.tables') AS info, to_regclass('t1_id_seq') AS seq, to_regclass('t1_pkey') AS pkey,
  to_regclass('"Mixed"') AS mixed, to_regclass('public.pg_class') IS NULL AS not_public;
SELECT to_regclass('"t1');
SELECT to_regclass('a.b.c.d');
SELECT to_regclass('x.public.t1');
-- to_regclass(X)::oid and oid = to_regclass(X), with a parameter as Mastra sends them
CREATE TABLE regcls_t (a int, b text);
SELECT to_regclass('regcls_t')::oid = 'regcls_t'::regclass::oid AS same, to_regclass('nope')::oid IS NULL AS missing;
SELECT count(*) FROM pg_attribute WHERE attrelid = to_regclass('regcls_t') AND attnum > 0;
PREPARE rc(text) AS SELECT to_regclass($1)::oid::bigint > 0 AS found;
EXECUTE rc('regcls_t');
EXECUTE rc('nope');
-- regclass input reads a SQL name: quoted, folded, public-qualified (Mastra binds '"ma_documents"')
SELECT '"regcls_t"'::regclass::oid = 'regcls_t'::regclass::oid AS quoted, 'REGCLS_T'::regclass::oid = 'regcls_t'::regclass::oid AS folded,
  'public.regcls_t'::regclass::oid = 'regcls_t'::regclass::oid AS qualified;
PREPARE rq(text) AS SELECT count(*) FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0;
EXECUTE rq('"regcls_t"');
EXECUTE rq('public.regcls_t');
