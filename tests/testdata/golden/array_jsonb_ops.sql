-- Array and jsonb operators resolved by signature as PostgreSQL 15's (checked against PostgreSQL 15):
-- containment and overlap of arrays of one type, the jsonb operators' integer and text right operands,
-- character(n) arguments without their trailing spaces, and 42883 where PostgreSQL has no operator
CREATE TABLE aj (id int PRIMARY KEY, a int[], t text[], j jsonb);
INSERT INTO aj VALUES (1, '{1,2,3}', '{x,y}', '{"a": 1, "b ": [1, 2], "c": null}'), (2, '{4,NULL}', '{z}', '[10, 20]'), (3, NULL, NULL, NULL);
SELECT id, a @> '{1,2}' AS c1, a <@ '{1,2,3,4}' AS c2, a && '{3,4}' AS o, a && ARRAY[NULL::int] AS n FROM aj ORDER BY id;
SELECT ARRAY[1, 2] && ARRAY[2, 5] AS a, ARRAY['x'] && ARRAY['y'] AS b, '{}'::int[] && '{}'::int[] AS c, '{}'::int[] <@ '{1}' AS d;
SELECT ARRAY['a ']::char(2)[] @> ARRAY['a']::char(2)[] AS a, ARRAY[1.0] @> ARRAY[1.00] AS b;
SELECT ARRAY[1] && '{1}'::int8[];
SELECT ARRAY[1] @> ARRAY['1'::text];
SELECT ARRAY[1] && 1;
SELECT id, j -> 'a' AS a, j ->> 'b ' AS b, j -> 1 AS e1, j ->> 1 AS e2, j ->> 'c' AS c, j ? 'c' AS q FROM aj ORDER BY id;
SELECT j -> 1::int2 AS a, j ? 'b '::char(2) AS b, j ? 'b '::varchar AS c, j -> 'a'::char(3) AS d FROM aj WHERE id = 1;
SELECT j -> 1::int8 FROM aj;
SELECT j -> 1.5 FROM aj;
SELECT j ? 1 FROM aj;
SELECT j @> '{"a": 1}' AS a, '{"a": 1}' <@ j AS b FROM aj WHERE id = 1;
SELECT j @> ARRAY[1] FROM aj;
SELECT '{"a": 1}'::jsonb ->> 'a' AS a, '[1, "x"]'::jsonb -> -1 AS b;
SELECT ARRAY[1, 2] || ARRAY[3] AS a, ARRAY[1] || 2 AS b, 0 || ARRAY[1] AS c, ARRAY[1.5] || 1 AS d, ARRAY['a'] || 'b'::varchar AS e, NULL::int[] || ARRAY[1] AS f, ARRAY[1] || NULL::int AS g, ARRAY[1] || NULL AS h, pg_typeof(ARRAY[1::int2] || 2::int2) AS i;
SELECT ARRAY['a'] || 1;
SELECT NULL::int[] || NULL::int[] AS a, NULL::int[] || NULL::int AS b, ARRAY[]::int[] || ARRAY[]::int[] AS c;
SELECT id, a || 9 AS a, t || 'w'::text AS t, t || t AS tt, t || 'w' AS u FROM aj WHERE id = 1;
SELECT id, a || 9 AS a, t || 'w'::text AS t, t || t AS tt FROM aj ORDER BY id;
