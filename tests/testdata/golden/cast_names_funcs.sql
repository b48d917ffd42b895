-- column names of casts (PostgreSQL's FigureColname; checked on PostgreSQL 15): a cast is named
-- after its target type unless its argument has a stronger name (a column, a function, ARRAY[...])
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE t (id int, x text, v vector(2));
INSERT INTO t VALUES (1, 'a', '[1,2]');
SELECT 1e-5::numeric::float8, (1::int)::text, '{a}'::text[], (ARRAY[1,2])[1], 1::int8, cast(3 as text), 1::varchar(3), 'x'::char(2), date '2020-01-01', (1)::numeric(5,2);
SELECT id::text, (id+1)::text, (id)::text, t.id::text, x::varchar::text, (x||'a')::text, upper(x)::text, array[x]::text[], (select 1)::text, coalesce(x,'a')::text FROM t;
SELECT 1::int4, 2::integer, 3::bigint, 4::double precision, 5::real, 't'::boolean, 1::smallint, 'a'::character varying, 'a'::character(1), '1'::pg_catalog.int4, 1::decimal, cast(id as int8), x::text::varchar FROM t;
SELECT '[1,2]'::vector, v::vector, (v::text)::vector, ARRAY[1,2]::vector, 't'::regclass FROM t;
SELECT relname::regclass FROM pg_class WHERE relname = 't';
-- round, trunc, ceil, floor: double precision and numeric forms (float8 rounds half to even)
SELECT round(2.5), round(2.5::float8), round(-2.5), round(-2.5::float8), round(3.5::float8), round(2.5::real), round(2), round('2.5');
SELECT trunc(2.7), trunc(-2.7::float8), trunc(2.567, 2), trunc(2.5, 3), trunc(-2.567, -1), trunc(1234.5, -2), trunc(1e20::float8);
SELECT round(2.567, 2), round(2.5, 3), round(1234.5, -2), round(1, 2), round(NULL::numeric);
SELECT ceil(2.1), ceiling(2.1::float8), ceil(-2.5), ceil(-0.5), ceil('NaN'::numeric), ceil(2::int8), floor(-2.5), floor(0.5), floor(-2.5::float8);
SELECT round(2.5::float8, 1);
SELECT trunc(2.5::float4, 1);
SELECT round(1::int8, 2::int8);
-- || with text and another type concatenates text; vectors and arrays keep their operators
SELECT 'c' || 1, x || id, id || x, 'a' || true, x || 1.5, 'a' || NULL, NULL || 1, x || 2.5::float8, 'a' || date '2020-01-02', x || x, 'a' || 'b' FROM t;
SELECT '[1]'::vector || '[2]', v || '[3]' FROM t;
SELECT 1 || 2;
SELECT 'a' || '{b}'::text[];
SELECT ARRAY[1,2] || 3, 3 || ARRAY[1,2], ARRAY[1] || ARRAY[2], ARRAY[1.5] || 2, ARRAY['a'] || 'b'::varchar, ARRAY[1] || NULL, NULL || ARRAY[1], ARRAY[NULL::int] || 1, 'x'::text || ARRAY['y'];
SELECT ARRAY[1] || 'x'::text;
-- @> and <@ on arrays (NULL elements match nothing) and on jsonb
SELECT '{1,2}'::int[] @> '{1}', '{1,2}'::int[] <@ '{1}', ARRAY[1,2] @> ARRAY[NULL::int], '{1}' <@ ARRAY[1,2], ARRAY['a','b'] @> ARRAY['b'];
SELECT '{"a":1}'::jsonb @> '{"a":1}', '{"a":1}' <@ '{"a":1,"b":2}'::jsonb;
SELECT ARRAY[1] @> ARRAY['a'];
