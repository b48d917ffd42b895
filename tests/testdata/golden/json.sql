-- PostgreSQL's json type: the input text kept verbatim once its syntax is checked, with json_in's
-- errors (DETAIL and CONTEXT lines); casts to and from jsonb and text; columns and json[];
-- the operators -> ->> #> #>> keeping the source text of what they extract.
SELECT '  {"b" : 1, "a" : [1,2 ], "b": 2}  '::json AS j, pg_typeof('1'::json) AS t;
SELECT '1e1000000'::json AS big, '"\ud800"'::json AS lone, '"\u0000"'::json AS nul, '-0.0E-5'::json AS n;
SELECT '{"a" 1}'::json;
SELECT '{"a":1'::json;
SELECT '[1,]'::json;
SELECT 'tru'::json;
SELECT '"abc'::json;
SELECT ''::json;
SELECT '"\u12"'::json;
SELECT '"\q"'::json;
SELECT '01'::json;
SELECT '{"a":1} x'::json;
SELECT E'[1,\n 2,\n 3 x]'::json;
SELECT E'["a\tb"]'::json;
SELECT '{"aaaaaaaaaa": 1, "bbbbbbbbbbbbbbbbbb": 2, "cccccccccccccccccc": 3, "dddd": x}'::json;
SELECT '{"a":1}'::json = '{"a":1}'::json;
SELECT '1'::json::int;
SELECT '{"b": 1, "a": 2, "b": 3}'::json::jsonb AS jb, '{"b": 1, "a": 2}'::jsonb::json AS j,
  '[1,  2]'::json::text AS t, '[1]'::text::json AS tj;
SELECT '{"a": 1e1000000}'::json::jsonb;
CREATE TABLE docs (id int, doc json, docs json[]);
INSERT INTO docs VALUES (1, '{"name" : "x", "tags": ["a" , "b"], "n": null}', ARRAY['1'::json, '{"a" : 2}']),
  (2, '[10, 20, {"k": "v"}]', NULL), (3, ' "s" ', '{}');
INSERT INTO docs VALUES (4, '{bad}', NULL);
INSERT INTO docs VALUES (5, '{"x": 1}'::jsonb, NULL);
SELECT id, doc, docs FROM docs ORDER BY id;
SELECT id, doc->'tags' AS tags, doc->>'name' AS name, doc->'n' AS n, doc->>'n' AS ntext,
  doc->1 AS e1, doc->>-1 AS last, doc#>'{tags,1}' AS p, doc#>>'{2,k}' AS pt FROM docs ORDER BY id;
SELECT '{"a":1,"a":2}'::json->'a' AS last_dup, '{"a": "x\u0041\n"}'::json->>'a' AS unesc,
  '{"a": "x\u0041"}'::json->'a' AS raw, '[1,2]'::json->>'a' AS none, '"x"'::json->0 AS scalar;
SELECT '{"a":[1,2]}'::json#>'{}' AS whole, '{"a":[1,2]}'::json#>>'{a,-1}' AS neg,
  '{"a":[1,2]}'::json#>'{a,x}' AS badidx, '{"a":null}'::json#>>'{a}' AS nulltext, '{"a":null}'::json#>'{a}' AS nulljson;
SELECT pg_typeof('{}'::json->'a') AS a, pg_typeof('{}'::json->>'a') AS b, pg_typeof('{}'::json#>'{a}') AS c;
-- json keeps \u0000 and unpaired surrogates; what de-escapes the document refuses them anywhere in it.
SELECT '{"a":"\u0000","b":1}'::json->'b';
SELECT '{"a":"\ud800","b":1}'::json->>'b';
SELECT * FROM json_each('{"a":"\u0000","b":1}');
SELECT json_typeof('{"a":"\u0000"}') AS t, json_array_length('["\u0000"]') AS n, json_agg('"\u0000"'::json) AS agg;
SELECT * FROM json_array_elements('["\u0000"]');
-- json has no = and so no B-tree operator class: no index, primary key or unique constraint on it.
CREATE INDEX ON docs (doc);
CREATE UNIQUE INDEX ON docs (doc);
CREATE INDEX ON docs (id, doc);
CREATE TABLE jk1 (j json PRIMARY KEY);
CREATE TABLE jk2 (id int, j json, UNIQUE (id, j));
CREATE INDEX docs_name ON docs ((doc->>'name'));
SELECT DISTINCT doc FROM docs;
SELECT doc FROM docs ORDER BY doc;
SELECT doc, count(*) FROM docs GROUP BY doc;
SELECT '{"a":1}'::json ? 'a';
SELECT '{"a":1}'::json @> '{}';
SELECT '{}' <@ '{"a":1}'::json;
