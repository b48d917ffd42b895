-- pg_index with PostgreSQL 15's columns, pg_opclass and pg_am as they agree
-- with pg_class and pg_get_indexdef (also run against PostgreSQL 15).
CREATE TABLE t1 (id serial PRIMARY KEY, i integer, tx text, vc varchar(10));
CREATE TABLE t2 (a text, b int8, PRIMARY KEY (a, b));
CREATE INDEX t1_i ON t1 (i);
CREATE INDEX t1_vc ON t1 (vc);
SELECT indexrelid::regclass::text AS index, indrelid::regclass::text AS tbl, indnatts, indnkeyatts, indisunique,
  indnullsnotdistinct, indisprimary, indisexclusion, indimmediate, indisclustered, indisvalid, indcheckxmin,
  indisready, indislive, indisreplident, indkey, indcollation, indclass, indoption, indexprs, indpred
FROM pg_index WHERE indrelid::regclass::text IN ('t1', 't2') ORDER BY 1;
SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid::regclass::text IN ('t1', 't2') ORDER BY 1;
SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1;
SELECT oid, opcmethod, opcname, opcnamespace, opcfamily, opcintype, opcdefault, opckeytype FROM pg_opclass
WHERE opcname IN ('int4_ops', 'int8_ops', 'text_ops', 'bool_ops', 'float4_ops', 'uuid_ops', 'jsonb_ops') AND opcmethod = 403
ORDER BY oid;
SELECT oid, amname, amhandler, amtype FROM pg_am WHERE amname IN ('heap', 'btree') ORDER BY oid;
