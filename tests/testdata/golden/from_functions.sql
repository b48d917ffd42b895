-- Functions in FROM (PostgreSQL 15 docs 7.2.1.4): set-returning
-- functions with column aliases and WITH ORDINALITY, multi-argument
-- unnest, and a scalar function giving one row (TypeORM: SELECT * FROM
-- current_schema()); also run against PostgreSQL 15 (TestGoldenPG15).
SELECT * FROM current_schema();
SELECT d = current_database() AS same FROM current_database() AS d;
SELECT * FROM lower('ABC') AS t(x);
SELECT * FROM nullif(1, 1);
SELECT * FROM abs(-3) WITH ORDINALITY;
SELECT * FROM count(1);
SELECT * FROM nosuchfunction(1);

-- generate_series of integer, bigint and numeric
SELECT * FROM generate_series(1, 3);
SELECT * FROM generate_series(1, 10, 4) AS g;
SELECT * FROM generate_series(3, 1, -1) AS t(n);
SELECT pg_typeof(g) FROM generate_series(1, 2::bigint) g LIMIT 1;
SELECT * FROM generate_series(1.5, 3, 0.5);
SELECT * FROM generate_series(1, 2, 0.25::numeric) WITH ORDINALITY;
SELECT * FROM generate_series(1, 2, 0);
SELECT * FROM generate_series(1, 'NaN'::numeric);
SELECT * FROM generate_series(1, NULL::int);
SELECT * FROM generate_series(2147483646, 2147483647);
SELECT * FROM generate_series('a', 'b');

-- unnest
SELECT * FROM unnest(ARRAY[1, NULL, 3]);
SELECT x FROM unnest(ARRAY['a', 'b']::text[]) x WHERE x <> 'a';
SELECT * FROM unnest(ARRAY['x', 'y']) WITH ORDINALITY AS t(v, n) ORDER BY n DESC;
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a']) WITH ORDINALITY;
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a']) AS t(x);
SELECT * FROM unnest(ARRAY[1]::int[], ARRAY['{"a":1}'::jsonb, 'null'], ARRAY[true]) AS u(a, b, c, d);
SELECT * FROM unnest(NULL::int[]);
SELECT * FROM unnest(1);
SELECT sum(v), count(*) FROM unnest(ARRAY[1.5, 2.5, NULL]) v;

-- jsonb set-returning functions
SELECT * FROM jsonb_array_elements('[1, "x", null, {"a": [2]}]');
SELECT * FROM jsonb_array_elements_text('[1, "x", null, {"a": [2]}]') WITH ORDINALITY;
SELECT * FROM jsonb_each('{"b": [1], "a": null}') AS t;
SELECT key, value FROM jsonb_each_text('{"b": [1], "a": "s", "c": null}') WHERE value IS NOT NULL ORDER BY key DESC;
SELECT * FROM jsonb_each('{"a": 1}') AS t(k);
SELECT * FROM jsonb_object_keys('{"bb": 1, "a": 2}');
SELECT * FROM jsonb_object_keys('[1]');
SELECT * FROM jsonb_each('[1]');
SELECT * FROM jsonb_array_elements('{"a": 1}');
SELECT * FROM jsonb_array_elements_text('1');

-- column aliases and errors
SELECT * FROM generate_series(1, 2) WITH ORDINALITY AS t(a, b, c);
SELECT * FROM jsonb_each('{}') AS t(a, b, c);
SELECT a, b FROM generate_series(5, 6) WITH ORDINALITY AS t(a, b);
SELECT t.v FROM unnest(ARRAY[7]) AS t(v);
SELECT * FROM generate_series(1, 3) g WHERE g = $1;

-- expressions as arguments; INSERT ... SELECT from a function
SELECT count(*) FROM generate_series(1, 100) g WHERE g % 7 = 0;
CREATE TABLE ff (id int PRIMARY KEY, tags text[], meta jsonb);
INSERT INTO ff SELECT g, ARRAY['t' || g, 'u'], jsonb_build_object('n', g) FROM generate_series(1, 3) g;
SELECT * FROM ff ORDER BY id;
INSERT INTO ff SELECT n + 10, ARRAY[v], jsonb_build_object('v', v) FROM unnest(ARRAY['p', 'q']) WITH ORDINALITY AS t(v, n);
SELECT id, tags, meta FROM ff WHERE id > 10 ORDER BY id;
