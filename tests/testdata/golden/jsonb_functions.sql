-- jsonb operators and functions beyond -> ->> ? @> <@ (PostgreSQL 15
-- docs 9.16), as frameworks send them (LangChain.js: metadata->'tags' ?|
-- array[$1]); also run against PostgreSQL 15 (TestGoldenPG15).
CREATE TABLE docs (id int PRIMARY KEY, metadata jsonb);
INSERT INTO docs VALUES (1, '{"tags": ["a", "b"], "n": 1, "nested": {"x": [1, {"y": null}]}}'), (2, '{"tags": ["c"], "n": null}'), (3, '[1, "a", null]'), (4, '"a"'), (5, NULL);

-- ?| and ?& : some / every key of a text[] exists (NULL elements ignored)
SELECT id FROM docs WHERE metadata->'tags' ?| array['a', 'c'] ORDER BY id;
SELECT id FROM docs WHERE metadata->'tags' ?& array['a', 'b'] ORDER BY id;
SELECT id, metadata ?| '{tags,zz}', metadata ?& '{}'::text[], metadata ?& array['a', NULL] FROM docs ORDER BY id;
SELECT '{"a":1}'::jsonb ?| 'a';
SELECT '{"a":1}'::jsonb ?| 1;

-- #> and #>> : value at a path
SELECT id, metadata #> '{nested,x,1}', metadata #>> '{nested,x,0}', metadata #> '{tags,-1}', metadata #>> '{}' FROM docs ORDER BY id;
SELECT '{"a":[1]}'::jsonb #> '{a,x}', '{"a":[1]}'::jsonb #> array['a', NULL], '{"a":null}'::jsonb #>> '{a}', '[1]'::jsonb #> '{ 0}';
SELECT '{"a":[1]}'::jsonb #> 1;

-- - (key, keys, index), #- (path), ||
SELECT '{"a":1,"b":2}'::jsonb - 'a', '["a",1,"a"]'::jsonb - 'a', '{"a":1,"b":2}'::jsonb - '{a,zz}'::text[], '{"a":1}'::jsonb - array['a', NULL];
SELECT '[1,2,3]'::jsonb - 1, '[1,2,3]'::jsonb - -1, '[1,2,3]'::jsonb - 5, '{"a":1}'::jsonb - NULL::text;
SELECT '1'::jsonb - 'a';
SELECT '{"a":1}'::jsonb - 1;
SELECT '"x"'::jsonb - 0;
SELECT '{"a":[1,{"b":2,"c":3}]}'::jsonb #- '{a,1,b}', '{"a":[1,2]}'::jsonb #- '{a,-1}', '{"a":1}'::jsonb #- '{}', '{"a":1}'::jsonb #- '{a,b}';
SELECT '{"a":[1]}'::jsonb #- '{a,x}';
SELECT '{"a":[1]}'::jsonb #- '{a,NULL}';
SELECT '1'::jsonb #- '{a}';
SELECT '{"a":1}'::jsonb || '{"a":2,"b":3}', '[1]'::jsonb || '[2,[3]]', '{"a":1}'::jsonb || '[2]', '1'::jsonb || '2', '[]'::jsonb || '"x"';
SELECT id, metadata || '{"added": true}' FROM docs ORDER BY id;

-- jsonb_typeof, jsonb_array_length, jsonb_strip_nulls, jsonb_pretty
SELECT id, jsonb_typeof(metadata), jsonb_typeof(metadata->'n'), jsonb_typeof(metadata->'tags') FROM docs ORDER BY id;
SELECT jsonb_typeof('true'), jsonb_typeof('1.5'), jsonb_array_length('[1,[2,3],null]'), jsonb_array_length('[]');
SELECT jsonb_array_length('{}');
SELECT jsonb_array_length('1');
SELECT jsonb_strip_nulls('{"a":null,"b":[null,{"c":null,"d":1}],"e":{"f":null}}'), jsonb_strip_nulls('[null]');
SELECT jsonb_pretty('{"a":[1,{"b":[]}],"c":{},"d":"x\ny"}');
SELECT jsonb_pretty('[]'), jsonb_pretty('1'), jsonb_pretty('{"a":1}');

-- to_jsonb, jsonb_build_object, jsonb_build_array
SELECT to_jsonb(1), to_jsonb(1.50), to_jsonb('x'::text), to_jsonb(true), to_jsonb(NULL::int), to_jsonb(ARRAY[1, NULL]), to_jsonb(ARRAY['a', 'b']);
SELECT to_jsonb('2020-01-01 10:00'::timestamp), to_jsonb('2020-01-02'::date), to_jsonb('NaN'::float8), to_jsonb(1e20::float8), to_jsonb(0.5::real);
SELECT to_jsonb('{"a":1}'::jsonb), to_jsonb('a"b'::varchar), to_jsonb('\x01'::bytea);
SELECT jsonb_build_object('a', 1, 'b', 'two', 'c', NULL, 'd', ARRAY[1,2], 'e', '{"x":1}'::jsonb, 'a', 3);
SELECT jsonb_build_object(), jsonb_build_object(1, 2, true, 1.5), jsonb_build_array(), jsonb_build_array(1, 'a', NULL, ARRAY['x'], '[1]'::jsonb);
SELECT jsonb_build_object('a');
SELECT jsonb_build_object(NULL, 1);
SELECT jsonb_build_object(ARRAY[1], 1);
SELECT id, jsonb_build_object('id', id, 'meta', metadata) FROM docs ORDER BY id;

-- jsonb_set, jsonb_insert
SELECT jsonb_set('{"a":1}', '{b}', '2'), jsonb_set('{"a":1}', '{b}', '2', false), jsonb_set('{"a":{"b":1}}', '{a,b}', '[2]'), jsonb_set('{"a":{}}', '{a,x,y}', '9');
SELECT jsonb_set('[1,2]', '{0}', '9'), jsonb_set('[1,2]', '{-1}', '9'), jsonb_set('[1,2]', '{5}', '9'), jsonb_set('[1,2]', '{-5}', '9'), jsonb_set('[1,2]', '{5}', '9', false), jsonb_set('[]', '{3}', '9');
SELECT jsonb_set('{"a":1}', '{}', '2'), jsonb_set('{"a":1}', '{a}', NULL), jsonb_set('{"a":[1]}', '{a,0,b}', '2');
SELECT jsonb_set('1', '{a}', '2');
SELECT jsonb_set('{"a":1}', '{NULL}', '2');
SELECT jsonb_set('{"a":[1]}', '{a,x}', '2');
SELECT jsonb_insert('[1,2]', '{0}', '9'), jsonb_insert('[1,2]', '{0}', '9', true), jsonb_insert('[1,2]', '{-1}', '9', true), jsonb_insert('[1,2]', '{9}', '9'), jsonb_insert('{"a":1}', '{b}', '9'), jsonb_insert('{"a":[1]}', '{a,0}', '0');
SELECT jsonb_insert('{"a":1}', '{a}', '9');
SELECT jsonb_insert('"x"', '{0}', '9');
UPDATE docs SET metadata = jsonb_set(metadata, '{n}', to_jsonb(id * 10)) WHERE jsonb_typeof(metadata) = 'object';
SELECT id, metadata->'n' FROM docs ORDER BY id;
