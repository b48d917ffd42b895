-- vecgres' one HNSW reloption beyond pgvector's m and ef_construction:
-- quantization = auto (default) | sq8 | none. Bad values are refused as
-- PostgreSQL refuses a bad enum reloption (three values: "a", "b", and
-- "c", as gist's buffering); SQ8 has no L1 code kernel.
CREATE TABLE q (id bigint PRIMARY KEY, embedding vector(3));
INSERT INTO q VALUES (1, '[0.5,0.25,1]'), (2, '[1.5,0.75,-1]'), (3, '[-0.5,2,0.125]'), (4, '[3,3,3]');
CREATE INDEX ON q USING hnsw (embedding vector_l2_ops) WITH (quantization = sq9);
CREATE INDEX ON q USING hnsw (embedding vector_l1_ops) WITH (quantization = sq8);
CREATE INDEX q_sq8 ON q USING hnsw (embedding vector_l2_ops) WITH (m = 4, quantization = sq8);
CREATE INDEX q_auto ON q USING hnsw (embedding vector_cosine_ops) WITH (quantization = 'AUTO');
CREATE INDEX q_none ON q USING hnsw (embedding vector_ip_ops) WITH (quantization = none);
CREATE INDEX ON q USING hnsw (embedding vector_l1_ops) WITH (quantization = None);
SELECT indexdef FROM pg_indexes WHERE indexname = 'q_none';
EXPLAIN SELECT id FROM q ORDER BY embedding <-> '[0.5,0.25,1]' LIMIT 3;
SET enable_seqscan = off;
SELECT id, embedding <-> '[0.5,0.25,1]' AS d FROM q ORDER BY embedding <-> '[0.5,0.25,1]' LIMIT 3;
SELECT id FROM q ORDER BY embedding <=> '[1,1,1]' LIMIT 2;
SELECT id FROM q ORDER BY embedding <#> '[1,1,1]' LIMIT 2;
