-- pgvector's indexing recipes on expression and partial HNSW indexes: binary quantization with re-ranking, half-precision, subvector, partial index; their errors (recorded against pgvector 0.8 on PGlite, with enable_seqscan off so that pgvector reads the indexes)
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id int PRIMARY KEY, category_id int, embedding vector(8));
INSERT INTO items VALUES
 (1, 1, '[1,2,3,4,5,6,7,8]'), (2, 1, '[-1,2,3,4,5,6,7,9]'), (3, 2, '[-1,-2,3,4,5,6,7,10]'),
 (4, 2, '[-1,-2,-3,4,5,6,7,11]'), (5, 1, '[-1,-2,-3,-4,5,6,7,12]'), (6, 3, '[-1,-2,-3,-4,-5,6,7,13]'),
 (7, 3, '[-1,-2,-3,-4,-5,-6,7,14]'), (8, 1, '[-1,-2,-3,-4,-5,-6,-7,15]'), (9, 2, '[-1,-2,-3,-4,-5,-6,-7,-16]');
CREATE INDEX items_bq ON items USING hnsw ((binary_quantize(embedding)::bit(8)) bit_hamming_ops);
CREATE INDEX items_half ON items USING hnsw ((embedding::halfvec(8)) halfvec_l2_ops);
CREATE INDEX items_sub ON items USING hnsw ((subvector(embedding, 1, 3)::vector(3)) vector_cosine_ops);
CREATE INDEX items_c1 ON items USING hnsw (embedding vector_l2_ops) WHERE (category_id = 1);
SET enable_seqscan = off;
SELECT id, binary_quantize(embedding)::bit(8) AS bits, binary_quantize(embedding)::bit(8) <~> binary_quantize('[1,1,1,1,1,1,1,1]'::vector) AS hamming
  FROM items ORDER BY binary_quantize(embedding)::bit(8) <~> binary_quantize('[1,1,1,1,1,1,1,1]'::vector) LIMIT 4;
SELECT id, embedding <=> '[1,1,1,1,1,1,1,1]' AS cosine FROM (SELECT * FROM items ORDER BY binary_quantize(embedding)::bit(8) <~> binary_quantize('[1,1,1,1,1,1,1,1]'::vector) LIMIT 5) s
  ORDER BY embedding <=> '[1,1,1,1,1,1,1,1]' LIMIT 3;
SELECT id, embedding::halfvec(8) <-> '[0.5,1,0,0,0,0,0,10]' AS l2 FROM items ORDER BY embedding::halfvec(8) <-> '[0.5,1,0,0,0,0,0,10]' LIMIT 4;
SELECT id, subvector(embedding, 1, 3)::vector(3) <=> '[-1,-2,3]' AS cosine FROM items ORDER BY subvector(embedding, 1, 3)::vector(3) <=> '[-1,-2,3]' LIMIT 3;
SELECT id FROM items WHERE category_id = 1 ORDER BY embedding <-> '[0,0,0,0,0,0,0,0]' LIMIT 3;
SELECT id FROM items WHERE category_id = 1 AND id > 1 ORDER BY embedding <-> '[0,0,0,0,0,0,0,0]' LIMIT 3;
SELECT id FROM items WHERE category_id IN (1) ORDER BY embedding <-> '[0,0,0,0,0,0,0,0]' LIMIT 3;
RESET enable_seqscan;
SELECT binary_quantize(embedding)::bit(8) <~> binary_quantize('[1,1,1]'::vector) FROM items WHERE id = 1;
SELECT binary_quantize(embedding)::bit(8) <~> B'101' FROM items WHERE id = 1;
SELECT hamming_distance(binary_quantize(embedding), B'1') FROM items WHERE id = 1;
SELECT jaccard_distance(binary_quantize(embedding)::bit(8), B'1') FROM items WHERE id = 1;
SELECT embedding::halfvec(3) FROM items WHERE id = 1;
SELECT subvector(embedding, 7, 3) FROM items WHERE id = 1;
SELECT subvector(embedding, 0, 2), subvector(embedding, -1, 3) FROM items WHERE id = 1;
SELECT subvector(embedding, 3, 0) FROM items WHERE id = 1;
CREATE TABLE wide (id int, embedding vector(8));
CREATE INDEX ON wide USING hnsw ((binary_quantize(embedding)::bit(64001)) bit_hamming_ops);
CREATE INDEX ON wide USING hnsw ((binary_quantize(embedding)) bit_hamming_ops);
CREATE INDEX ON wide USING hnsw ((embedding::halfvec(4001)) halfvec_l2_ops);
CREATE INDEX ON wide USING hnsw ((embedding::halfvec) halfvec_l2_ops);
CREATE INDEX ON wide USING hnsw ((subvector(embedding, 1, 3)) vector_cosine_ops);
CREATE INDEX ON wide USING hnsw ((subvector(embedding, 1, 3)::vector(2001)) vector_cosine_ops);
CREATE INDEX ON wide USING hnsw ((embedding::halfvec(8)) vector_l2_ops);
CREATE INDEX ON wide USING hnsw ((binary_quantize(embedding)::bit(8)) halfvec_l2_ops);
CREATE INDEX ON wide USING ivfflat ((embedding::halfvec(4001)) halfvec_l2_ops);
CREATE INDEX ON wide USING ivfflat ((subvector(embedding, 1, 3)::vector(2001)) vector_l2_ops);
CREATE INDEX ON wide USING hnsw (embedding vector_l2_ops) WHERE (category_id = 1);
DROP TABLE wide;
DROP TABLE items;
