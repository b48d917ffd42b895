-- Bitwise operators on integers (PostgreSQL 15 docs 9.3, Table 9.4):
-- & | # << >> ~ (Mastra: bigint << int); also run against PostgreSQL 15.
SELECT 1::bigint << 3, 1 << 33, 1::int2 << 16, 1::int8 << 64, -16 >> 2, 7::int2 >> 1, 5 & 3, 5 | 3, 5 # 3, ~5, ~5::int2, ~0::bigint;
SELECT pg_typeof(1::int2 << 2), pg_typeof(1::int2 & 1::int2), pg_typeof(1::smallint & 3::bigint), pg_typeof(1 | 1::int8), pg_typeof(~1::int2);
SELECT 127 & 15, (1::bigint << 62) >> 61, -1::bigint >> 63, (-9223372036854775807 - 1) >> 1;
SELECT '3' & 1, 2 << '1', 1 & NULL, ~NULL::int;
SELECT 1 << 2::bigint;
SELECT 1.5 & 1;
SELECT 1.5::float8 # 1;
SELECT ~ '1';
SELECT ~1.5;
CREATE TABLE flags (id bigint PRIMARY KEY, mask int);
INSERT INTO flags VALUES (1, 5), (2, 6), (3, 8);
SELECT id FROM flags WHERE mask & 4 <> 0 ORDER BY id;
SELECT id << 32 | mask, mask # 1 FROM flags ORDER BY id;

-- bit_and, bit_or, bit_xor aggregates
CREATE TABLE bt (id int, s smallint, i int, b bigint);
INSERT INTO bt VALUES (1, 12, 12, 12), (2, 10, 10, -1), (3, NULL, 7, NULL);
SELECT bit_and(s), bit_or(s), bit_xor(s), bit_and(i), bit_or(i), bit_xor(i), bit_and(b), bit_or(b), bit_xor(b) FROM bt;
SELECT pg_typeof(bit_and(s)), pg_typeof(bit_or(i)), pg_typeof(bit_xor(b)), bit_or(i) FILTER (WHERE id > 5) FROM bt;
SELECT bit_and(1.5);
