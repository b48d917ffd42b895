-- extra_float_digits and bytea_output (PostgreSQL 15 docs §20.11.2):
-- extra_float_digits <= 0 prints floats with %.*g of 15 (float8) or 6
-- (float4) plus its value significant digits, at least 1; above 0 the
-- shortest exact digits. bytea_output = 'escape' prints bytes outside
-- 0x20..0x7e as octal escapes and doubles backslashes. Arrays and records
-- of such values follow.
CREATE TABLE fl (id int, f8 float8, f4 real, b bytea, fa float8[], ba bytea[]);
INSERT INTO fl VALUES (1, 0.1, 0.1, '\x00ff5c41277f20', ARRAY[0.1, 1/3::float8], ARRAY['\x0a'::bytea, '\x']),
  (2, 1/3::float8, 1/3::real, '\x', '{{1e20,-0.0},{NaN,-Infinity}}', NULL),
  (3, 123456789.125, 123456789, 'abc\\', ARRAY[1e-5, 2.5e-300], '{"\\\\x5c"}'),
  (4, 1e15, 1e6, NULL, '{}', '{}');
SHOW extra_float_digits;
SELECT id, f8, f4, fa FROM fl ORDER BY id;
SET extra_float_digits = 0;
SELECT id, f8, f4, fa, ROW(f8, f4) AS r FROM fl ORDER BY id;
SET extra_float_digits = -3;
SELECT id, f8, f4, fa FROM fl ORDER BY id;
SET extra_float_digits = -15;
SELECT id, f8, f4, fa FROM fl ORDER BY id;
SELECT 'NaN'::float8 AS a, '-Infinity'::real AS b, -0.0::float8 AS c, 0.000123::float8 AS d;
SET extra_float_digits = 3;
SELECT id, f8, f4 FROM fl ORDER BY id;
SET extra_float_digits = 4;
SET extra_float_digits = -16;
SHOW extra_float_digits;
RESET extra_float_digits;
SELECT id, b, ba FROM fl ORDER BY id;
SET bytea_output = 'escape';
SHOW bytea_output;
SELECT id, b, ba, ROW(id, b) AS r FROM fl ORDER BY id;
SELECT '\x5c00017e7f80ff'::bytea AS a, ''::bytea AS b, 'a b'::bytea AS c;
SET bytea_output = 'octal';
SET bytea_output = 'HEX';
SHOW bytea_output;
SELECT id, b FROM fl WHERE id = 1;
-- TimeZone and IntervalStyle with them: one session style, in rows, a
-- record and an array.
SET TimeZone = 'America/New_York';
SET IntervalStyle = 'iso_8601';
SET extra_float_digits = 0;
SET bytea_output = 'escape';
SELECT '2024-07-01 12:00:00+00'::timestamptz AS t, 1/3::float8 AS f, '\x005c41'::bytea AS b, interval '1 day 2 hours' AS i,
  ROW('2024-07-01 12:00:00+00'::timestamptz, 1/3::float8, '\x005c41'::bytea, interval '1 day 2 hours') AS r,
  ARRAY[1/3::float8, 2/3::float8] AS fa;
RESET ALL;
SELECT '2024-07-01 12:00:00+00'::timestamptz AS t, 1/3::float8 AS f, '\x005c41'::bytea AS b, interval '1 day 2 hours' AS i;
