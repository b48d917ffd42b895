-- pg_index and pg_opclass of pgvector's HNSW operator classes.
CREATE TABLE docs (id bigserial PRIMARY KEY, embedding vector(3));
CREATE INDEX docs_l2 ON docs USING hnsw (embedding vector_l2_ops);
CREATE INDEX docs_cos ON docs USING hnsw (embedding vector_cosine_ops) WITH (m = 8);
SELECT indexrelid::regclass::text AS index, indnatts, indisunique, indisprimary, indkey, indcollation, indclass,
  indoption FROM pg_index ORDER BY 1;
SELECT oid, opcname, opcmethod, opcnamespace, opcfamily, opcintype::regtype, opcdefault FROM pg_opclass
WHERE opcintype = 'vector'::regtype::oid ORDER BY oid;
SELECT oid, amname, amhandler, amtype FROM pg_am WHERE amname IN ('hnsw', 'ivfflat') ORDER BY amname;
