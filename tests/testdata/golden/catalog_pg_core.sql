-- pg_type, pg_class, pg_attribute, pg_namespace and pg_database with
-- PostgreSQL 15's columns (also run against PostgreSQL 15; OIDs of
-- tables are vecgres's own, so relations are named through regclass).
CREATE TABLE t1 (id serial PRIMARY KEY, b bool NOT NULL DEFAULT true, s smallint, i integer DEFAULT 42, big bigint,
  r real, d double precision, n numeric(10,2), tx text, vc varchar(20), c char(5), by bytea, dt date, ts timestamp,
  tz timestamptz, u uuid, j jsonb, ia integer[], ta text[], fa float8[]);
CREATE TABLE t2 (a text, b int8, PRIMARY KEY (a, b));
CREATE INDEX t1_i ON t1 (i);
SELECT oid, typname, typnamespace, typowner, typlen, typbyval, typtype, typcategory, typispreferred, typisdefined,
  typdelim, typrelid, typsubscript, typelem, typarray, typinput, typoutput, typreceive, typsend, typmodin, typmodout,
  typanalyze, typalign, typstorage, typnotnull, typbasetype, typtypmod, typndims, typcollation, typdefaultbin,
  typdefault, typacl
FROM pg_type WHERE oid IN (16, 17, 19, 20, 21, 23, 25, 26, 700, 701, 1042, 1043, 1700, 2206, 1082, 1114, 1184, 2950, 3802)
  OR typelem IN (16, 17, 20, 21, 23, 25, 26, 700, 701, 1042, 1043, 1700, 2206, 1082, 1114, 1184, 2950, 3802)
  AND typname LIKE '\_%'
ORDER BY oid;
SELECT attrelid::regclass::text AS rel, attname, atttypid, attstattarget, attlen, attnum, attndims, attcacheoff,
  atttypmod, attbyval, attalign, attstorage, attcompression, attnotnull, atthasdef, atthasmissing, attidentity,
  attgenerated, attisdropped, attislocal, attinhcount, attcollation, attacl, attfdwoptions, attmissingval
FROM pg_attribute WHERE attrelid::regclass::text IN ('t1', 't1_pkey', 't2_pkey', 't1_i') AND attnum > 0
ORDER BY 1, attnum;
SELECT relname, relnamespace, reloftype, relam, relfilenode = oid AS filenode, reltablespace, relallvisible,
  relhasindex, relisshared, relpersistence, relkind, relnatts, relchecks, relhasrules, relhastriggers, relhassubclass,
  relrowsecurity, relforcerowsecurity, relispopulated, relreplident, relispartition, relrewrite, relacl, reloptions,
  relpartbound
FROM pg_class WHERE relname IN ('t1', 't2', 't1_pkey', 't2_pkey', 't1_id_seq', 't1_i') ORDER BY 1;
SELECT oid, nspname, nspacl FROM pg_namespace WHERE nspname <> 'information_schema' ORDER BY oid;
SELECT datname = current_database() AS same, datdba, encoding, datlocprovider, datistemplate, datallowconn,
  datconnlimit, dattablespace, datcollate, datctype, daticulocale, datcollversion, datacl
FROM pg_database WHERE datname = current_database();
CREATE ROLE schema_creator;
GRANT CREATE ON SCHEMA public TO schema_creator;
GRANT CREATE ON SCHEMA public TO PUBLIC;
SELECT nspname, nspacl FROM pg_namespace WHERE nspname = 'public';
-- format_type of pg_attribute's atttypid and atttypmod, as ORMs print column types
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 't1'::regclass AND attnum > 0
ORDER BY attnum;
SELECT format_type(19, NULL) AS name, format_type(2276, NULL) AS any, format_type(2283, NULL) AS anyelement,
  format_type(18, NULL) AS char, format_type(1043, 2) AS short, format_type(1015, 24) AS arr, format_type(99999, NULL) AS none;
