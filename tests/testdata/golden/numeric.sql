-- numeric is exact and keeps its display scale (PostgreSQL 15's numeric).
SELECT 1.50::numeric, 10.000, 1e3::numeric, '  2.5 '::numeric, '-0.00'::numeric;
SELECT 0.1 + 0.2, 0.1 + 0.2 = 0.3, 1.0 = 1.00, 2.00 = 2, 123456789012345678901234567890.123456789 + 1;
SELECT 99999999999999999999 + 1, -9223372036854775809, 1e400 * 0;
SELECT 'NaN'::numeric, '-inf'::numeric, 'Infinity'::numeric > 1e100, 'NaN'::numeric > 'Infinity'::numeric;
SELECT 'x'::numeric;
SELECT '1e131072'::numeric;
-- Result scales: + - keep the larger, * adds them, / at least 16 significant digits.
SELECT 1.50 * 2.0, 2.50 - 2.5, 7.5 / 2.5, 2 / 3::numeric, 1::numeric / 7, 10 % 3.5, -7.5 % 2, -(0.00);
SELECT 1.5 + 1, 1.5 + 1::float8, 0.1 + 0.2::float8, 0.1 + 0.2::float8 = 0.3;
SELECT 1 / 0.0;
SELECT 'Infinity'::numeric * 0, 'Infinity'::numeric - 'Infinity'::numeric, 1 / 'Infinity'::numeric;
-- Casts: to integers half away from zero, from float8 with 15 digits.
SELECT 2.5::int, (-2.5)::int, 0.1::float8::numeric AS a, (1.0 / 3)::float8::numeric AS b, 1.5::numeric::float8 AS c, 3.4::float4::numeric AS d;
SELECT 32767.5::numeric::int2;
SELECT 'NaN'::numeric::int;
SELECT 1.50::text, '1.50'::text::numeric AS n, round(1.5, 3), round(2.5, 0), round(-2.5, 0), round(1234.5678, -2), abs(-1.50);
-- numeric(p,s) rounds to s digits and checks the precision.
SELECT 12.345::numeric(5,2), (-0.005)::numeric(3,2), 123::numeric(3,-1), 1::numeric(10,2);
SELECT 999.995::numeric(5,2);
SELECT 0.1::numeric(2,5);
CREATE TABLE prices (id int PRIMARY KEY, amount numeric(10,2), ratio numeric, qty bigint);
INSERT INTO prices VALUES (1, 1.005, 0.1, 9223372036854775807), (2, '19.999', 1.50, 1), (3, 7, 10.000, 2);
INSERT INTO prices VALUES (4, 123456789.5, 1, 1);
SELECT * FROM prices ORDER BY id;
SELECT format_type(1700, 655366), format_type(1700, 327684), format_type(1700, -1);
SELECT id FROM prices WHERE amount = 1.01 OR ratio = 1.5 ORDER BY id;
CREATE INDEX ON prices (ratio);
SELECT id, ratio FROM prices WHERE ratio = 10 OR ratio = 1.5000 ORDER BY ratio DESC;
SELECT id FROM prices WHERE ratio > 0.1 AND ratio <= 10.0 ORDER BY ratio;
-- sum(bigint) and avg(integer) are numeric.
SELECT sum(amount), avg(amount), min(ratio), max(ratio), sum(qty), avg(id) FROM prices;
UPDATE prices SET amount = amount * 3 WHERE id = 2 RETURNING amount;
SELECT amount / 3, amount % 7 FROM prices WHERE id = 2;
-- numeric arrays keep their elements' scales and cast to vector.
SELECT ARRAY[1.50, 2]::numeric[], '{1.50,-2.000}'::numeric[], ARRAY[1.5, 2.25]::vector;
DROP TABLE prices;
