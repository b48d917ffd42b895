-- information_schema.columns of pgvector's vector as PostgreSQL 15 with
-- pgvector 0.8 shows it: USER-DEFINED, udt_name vector in schema public.
CREATE TABLE docs (id bigserial PRIMARY KEY, embedding vector(3) NOT NULL, hist vector[], note text DEFAULT 'x');
CREATE INDEX ON docs USING hnsw (embedding vector_cosine_ops);
SELECT column_name, ordinal_position, column_default, is_nullable, data_type, character_maximum_length,
  character_octet_length, numeric_precision, numeric_scale, udt_schema, udt_name, dtd_identifier
FROM information_schema.columns WHERE table_name = 'docs' ORDER BY ordinal_position;
SELECT constraint_name, constraint_type FROM information_schema.table_constraints
WHERE table_name = 'docs' AND constraint_type <> 'CHECK';
SELECT check_clause FROM information_schema.check_constraints ORDER BY check_clause;
