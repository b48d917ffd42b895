-- pg_tables and pg_indexes, as tools and pgvector's README (index size
-- checks) query them.
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3));
CREATE TABLE docs (id int PRIMARY KEY);
CREATE INDEX ON items USING hnsw (embedding vector_cosine_ops) WITH (m = 8);
SELECT schemaname, tablename, indexname, tablespace, indexdef FROM pg_indexes WHERE tablename = 'items' ORDER BY indexname;
SELECT tablename, tableowner, hasindexes, hasrules, hastriggers, rowsecurity FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename;
SELECT count(*) FROM pg_catalog.pg_indexes WHERE schemaname = 'public';
