-- Comparison operators resolved as PostgreSQL 15's (checked against PostgreSQL 15): oid against integers
-- through the implicit cast, no operator between oid and a float, character(n) against text, varchar and
-- character(n), date against timestamp, integer against numeric and float, arrays of one type only
SELECT 1::oid = 1::int8 AS a, 2::oid > 1::int2 AS b, 'int4'::regtype = 23::oid AS c;
SELECT 1::oid = 1.5::float8;
SELECT 1.5::float4 < 2::oid;
SELECT 'abc'::char(5) = 'abc'::text AS a, 'abc  '::text = 'abc'::char(5) AS b, 'abc'::char(5) = 'abc  '::varchar AS c, 'abc'::char(3) = 'abc  '::char(5) AS d;
SELECT '2024-01-02'::date = '2024-01-02 00:00'::timestamp AS a, '2024-01-02'::date < '2024-01-02 00:01'::timestamp AS b, '2024-01-03 00:00'::timestamp > '2024-01-02'::date AS c;
SELECT 1 = 1.0 AS a, 2::int8 > 1.5::float4 AS b, 3::int2 < 2.5 AS c, 1.5::numeric = 1.5::float8 AS d;
SELECT ARRAY[1, 2] = ARRAY[1, 2] AS a, ARRAY[1, 2] < ARRAY[1, 3] AS b;
SELECT ARRAY[1, 2] = '{1,2}'::int8[];
SELECT true = 1;
SELECT 'a'::text < 1;
SELECT 1::oid IN (1, 2) AS a, 'x'::char(3) IN ('x', 'y') AS b;
SELECT 1::oid IN (1.5::float8);
SELECT CASE 1::oid WHEN 1.5::float8 THEN 1 END;
SELECT 1::oid IS DISTINCT FROM 1.5::float8;
SELECT 1::oid = ANY (ARRAY[1.5::float8]);
SELECT NULL::oid IS DISTINCT FROM 1 AS a, 2::oid IS NOT DISTINCT FROM 2::int8 AS b;
