-- A zero product or quotient of non-zero floats is 22003 underflow, an infinite one of finite floats overflow,
-- at float4 range for real (PostgreSQL 15 float.c); also run against PostgreSQL 15.
SELECT 1e-300::float8 * 1e-300;
SELECT 1e-300::float8 / 1e300;
SELECT 1e-30::float4 * 1e-30::float4;
SELECT 1e30::float4 * 1e30::float4;
SELECT 0::float8 * 1e-300;
SELECT 1e-300::float8 / 'infinity'::float8;
SELECT 2::float8 * 3;
SELECT 1e-20::float4 / 1e30::float4;
