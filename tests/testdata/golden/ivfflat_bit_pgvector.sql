-- ivfflat with bit_hamming_ops: build, search with every list probed, probes, inserts after the build, errors (recorded against pgvector 0.8 on PGlite)
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE ib (id int PRIMARY KEY, b bit(8), vb varbit(8), big bit(64001), v vector(3));
INSERT INTO ib (id, b) VALUES (1, B'10101010'), (2, B'00101010'), (3, B'01101010'), (4, B'01001010'), (5, B'01010010'),
  (6, B'01010110'), (7, B'01010100'), (8, B'01010101'), (9, NULL);
CREATE INDEX ib_b ON ib USING ivfflat (b bit_hamming_ops) WITH (lists = 3);
SET enable_seqscan = off;
SET ivfflat.probes = 3;
SELECT id, b, b <~> B'10101010' AS hamming FROM ib ORDER BY b <~> B'10101010' LIMIT 5;
SELECT id, b <~> B'01010101' AS hamming FROM ib ORDER BY b <~> B'01010101' LIMIT 3;
INSERT INTO ib (id, b) VALUES (10, B'11101010');
SELECT id, b <~> B'11111010' AS hamming FROM ib ORDER BY b <~> B'11111010' LIMIT 1;
SELECT id FROM ib ORDER BY b <~> B'101' LIMIT 1;
RESET enable_seqscan;
RESET ivfflat.probes;
CREATE INDEX ON ib USING ivfflat (b bit_jaccard_ops);
CREATE INDEX ON ib USING ivfflat (b);
CREATE INDEX ON ib USING ivfflat (vb bit_hamming_ops);
CREATE INDEX ON ib USING ivfflat (v bit_hamming_ops);
CREATE INDEX ON ib USING ivfflat (big bit_hamming_ops);
CREATE INDEX ON ib USING ivfflat ((b::varbit) bit_hamming_ops);
CREATE INDEX ON ib USING ivfflat (b bit_hamming_ops) WITH (lists = 0);
DROP TABLE ib;
