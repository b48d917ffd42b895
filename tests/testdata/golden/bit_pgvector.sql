-- pgvector's bit distances, binary_quantize and HNSW bit operator classes (TestGoldenPgvector: the same
-- transcript as pgvector 0.8 on PGlite)
CREATE EXTENSION IF NOT EXISTS vector;
SELECT hamming_distance(B'1011', B'0110') AS h, B'1011' <~> B'0110' AS op, jaccard_distance(B'1011', B'0110') AS j, B'1011' <%> B'0110' AS jop;
SELECT B'0000' <%> B'0000' AS zeros, B'1111' <%> B'1111' AS same, B'1100' <%> B'0011' AS disjoint, B'' <~> B'' AS empty;
SELECT pg_typeof(B'1' <~> B'1') AS a, pg_typeof(jaccard_distance(B'1', B'1')) AS b;
SELECT hamming_distance(B'101', B'10');
SELECT jaccard_distance(B'101', B'10');
SELECT B'101' <~> B'10';
SELECT B'101' <%> B'1';
SELECT binary_quantize('[1,0,-1,0.5,-0.0,3e-5,-2,7,1,1]'::vector) AS q, pg_typeof(binary_quantize('[1]'::vector)) AS t;
SELECT binary_quantize('[1,-1,1]'::vector) <~> B'111' AS d;
CREATE TABLE items (id int PRIMARY KEY, b bit(6), v varbit(6), n bit);
INSERT INTO items VALUES (1, '101100', '1', '1'), (2, '111100', '11', '0'), (3, '000011', '111', '1'), (4, '101101', '1111', '0'), (5, NULL, NULL, NULL), (6, '000000', '', '1');
CREATE INDEX ON items USING hnsw (v bit_hamming_ops);
CREATE INDEX ON items USING hnsw (n bit_hamming_ops);
CREATE INDEX ON items USING hnsw (b vector_l2_ops);
CREATE INDEX ON items USING hnsw (b bit_hamming_ops) WITH (m = 1);
CREATE INDEX items_ham ON items USING hnsw (b bit_hamming_ops);
CREATE INDEX items_jac ON items USING hnsw (b bit_jaccard_ops);
SELECT id, b <~> B'101100' AS d FROM items ORDER BY b <~> B'101100', id LIMIT 5;
SELECT id, b <%> B'101100' AS d FROM items ORDER BY b <%> B'101100', id LIMIT 5;
SELECT id FROM items WHERE id > 1 ORDER BY b <~> B'101100' LIMIT 2;
SELECT id FROM items ORDER BY b <~> B'1011' LIMIT 2;
INSERT INTO items VALUES (7, '1', NULL, NULL);
CREATE TABLE big (b bit(64001));
CREATE INDEX ON big USING hnsw (b bit_hamming_ops);
