-- PostgreSQL's json functions and aggregates, formatted as PostgreSQL 15 formats them: spacing of
-- json_build_object, json_agg's newline before array elements, row_to_json's compact form,
-- numbers as their text, timestamps as ISO 8601 strings.
SELECT json_build_object('a', 1, 'c', '{"x" : 1}'::json, 'd', '{"x" : 1}'::jsonb, 'e', ARRAY[1, 2],
  'f', 1.50, 'g', 'NaN'::float8, 'h', 1e20::float8, 'i', '2020-01-01 10:00'::timestamptz,
  'j', '2020-01-01 10:00'::timestamp, 'k', true, 'l', NULL, 'm', 'x"y', 'n', '2020-01-02'::date);
SELECT json_build_object(1, 2, true, 3, 1.5, 'x'::text, '2020-01-01'::date, 1);
SELECT json_build_object() AS o, json_build_array() AS a;
SELECT json_build_object('a');
SELECT json_build_object(NULL, 1);
SELECT json_build_object(ARRAY[1], 1);
SELECT json_build_array(1, 'a', NULL, ARRAY['a', 'b'], '[1, 2]'::json, 'Infinity'::float8);
SELECT to_json('x'::text) AS t, to_json(1.5) AS n, to_json(NULL::int) AS nul, to_json('{"a" : 1}'::json) AS j,
  to_json(ARRAY[1, NULL]) AS arr, to_json('2020-01-01 10:00:00.5+02'::timestamptz) AS ts, to_json(E'a\nb'::varchar) AS v;
SELECT array_to_json(ARRAY[1, 2, 3]) AS a, array_to_json(ARRAY['a', 'b'], true) AS pretty,
  array_to_json('{}'::int[]) AS empty, array_to_json(ARRAY[true, NULL]) AS b;
SELECT json_object('{a,1,b,2}') AS one, json_object('{a,b}', '{1,NULL}') AS two, json_object('{}') AS empty;
SELECT json_object('{a,1,b}');
SELECT json_object('{a,b}', '{1}');
SELECT json_object('{a,NULL}', '{1,2}');
SELECT json_typeof('{"a":1}') AS o, json_typeof(' 1 ') AS n, json_typeof('null') AS z, json_typeof('"x"') AS s,
  json_typeof('[]') AS a, json_typeof('true') AS b, json_typeof('{"a":[1]}'::json->'a') AS sub;
SELECT json_array_length('[1, 2, [3]]') AS n;
SELECT json_array_length('{}');
SELECT json_array_length('1');
SELECT * FROM json_each('{"a": 1, "b" : [1, 2], "a": "x"}');
SELECT * FROM json_each_text('{"a": 1, "b" : [1, 2], "a": "x", "n": null}');
SELECT * FROM json_each('[1]');
SELECT * FROM json_each_text('1');
SELECT * FROM json_array_elements('[1, "a", {"b" : 2}, null]');
SELECT * FROM json_array_elements_text('[1, "a", {"b" : 2}, null]');
SELECT * FROM json_array_elements('{}');
SELECT * FROM json_array_elements('1');
SELECT * FROM json_array_elements_text('{}');
SELECT json_object_keys('{"a": 1, "b" : [1, 2], "a": "x"}');
SELECT json_object_keys('[1]');
SELECT json_object_keys('1');
SELECT json_strip_nulls('{"a": 1, "b" : null, "c": [1, null, {"d": null, "e" : 2}]}') AS s,
  json_strip_nulls('[null, {"a" : null}]') AS a, json_strip_nulls(' 1 ') AS n, json_strip_nulls('{"a" : {"c":"\u0041"} }') AS u;
SELECT json_extract_path('{"a":{"b":[1,{"c" : 2}]}}', 'a', 'b') AS p,
  json_extract_path_text('{"a":{"b":[1,{"c" : "x"}]}}', 'a', 'b', '1', 'c') AS t,
  json_extract_path('{"a":1}', 'z') AS none;
CREATE TABLE posts (id int, author text, title text, score numeric, at timestamptz);
INSERT INTO posts VALUES (1, 'ann', 'first', 1.5, '2024-01-02 03:04:05+00'), (2, 'bob', 'second "quoted"', NULL, NULL),
  (3, 'ann', 'third', 10, '2024-02-03 00:00:00+00');
SELECT json_agg(id ORDER BY id DESC) AS ids, json_agg(title ORDER BY id) AS titles FROM posts;
SELECT author, json_agg(json_build_object('id', id, 'score', score) ORDER BY id) AS rows FROM posts GROUP BY author ORDER BY author;
SELECT json_agg(ARRAY[id, id * 2] ORDER BY id) AS arrays FROM posts;
SELECT json_agg(score ORDER BY id) AS with_null, json_agg(x) AS none FROM posts LEFT JOIN (SELECT 1 AS x WHERE false) s ON true;
SELECT json_object_agg(title, score ORDER BY id) AS o FROM posts;
SELECT json_object_agg(id, json_build_object('a', id) ORDER BY id) AS o FROM posts;
SELECT json_object_agg(NULL::text, 1);
SELECT row_to_json(p) FROM posts p ORDER BY id;
SELECT row_to_json(t, true) FROM (SELECT id, title FROM posts WHERE id = 1) t;
SELECT row_to_json(t) FROM (SELECT 1 AS a, 'x' AS b, ARRAY[1, 2] AS c) t;
SELECT coalesce(json_agg(json_build_array(p.id, p.title) ORDER BY p.id), '[]'::json) AS data FROM posts p WHERE p.author = 'ann';
SELECT coalesce(json_agg(json_build_array(p.id, p.title)), '[]'::json) AS data FROM posts p WHERE p.author = 'nobody';
SELECT p.author, (SELECT json_agg(row_to_json(q)) FROM (SELECT id, title FROM posts WHERE author = p.author ORDER BY id) q) AS items
  FROM (SELECT DISTINCT author FROM posts) p ORDER BY p.author;
SELECT to_json(p) FROM posts p WHERE id = 2;
SELECT json_agg(p ORDER BY p.id DESC) FROM posts p;
SELECT json_agg(q) FILTER (WHERE q.id > 1) FROM (SELECT id, score FROM posts) q;
