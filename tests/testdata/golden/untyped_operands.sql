-- operators between untyped operands resolve as PostgreSQL 15's oper_select_candidate
SELECT '1' + '2';
SELECT NULL * NULL;
SELECT '2' ^ '3' AS a, 2 ^ '0.5' AS b, '9' ^ 0.5 AS c, 7 - '2' AS d, 2.5 * '2' AS e;
SELECT 1 LIKE '1';
SELECT -'a'::text;
-- an untyped X IN (list) takes the list's common type, else the first typed item's
SELECT '2' IN (1, 2.5, 2) AS a, '1' IN (1, 2) AS b, 'b' IN ('a', 'b') AS c;
SELECT 'a' IN (1, 'b'::text);
-- numeric exp and power at the ends of numeric's range
SELECT md5(exp(5000.0)::text) AS a, exp(-6000.0) = 0 AS b, length(exp(-1e10)::text) AS c;
SELECT exp(6000.0);
SELECT power(10::numeric, -1000000::numeric) AS a, power(0.5, 100000::numeric) AS b, 1.0 ^ 1e100000 AS c, (-1.0) ^ 1e100000 AS d;
SELECT length((2.0 ^ -1e100)::text);
SELECT 2.0 ^ 1e100;
SELECT power(10::numeric, 131072::numeric);
-- a failing cast of a typed value has no position
SELECT 32768::int2;
SELECT 3000000000::int;
SELECT 'abc'::int;
-- array || takes anycompatiblearray and anycompatible; ARRAY[...] keeps its elements' type
SELECT ARRAY[1] || 2::bigint AS a, 2::bigint || ARRAY[1] AS b, ARRAY[1::int2] || 1 AS c, '{1}'::int[] || 2.5 AS d, ARRAY[1] || ARRAY[2.5] AS e;
SELECT pg_typeof(ARRAY[1] || 2::bigint) AS a, pg_typeof(ARRAY['a'::varchar] || 'b'::text) AS b, pg_typeof('b'::text || ARRAY['a'::varchar]) AS d, pg_typeof(ARRAY[1] || ARRAY[2::bigint]) AS c;
SELECT ARRAY[1] || 'a'::text;
SELECT ARRAY[1] = ARRAY[2::bigint];
