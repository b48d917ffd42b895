-- Arrays of several dimensions and other lower bounds (PostgreSQL docs
-- 8.15): constructors, literals with decorations, output, subscripts and
-- slices, the array_dims family, unnest, array_agg of arrays, comparison,
-- array_to_string, casts, storage, and the errors.
SELECT ARRAY[[1,2],[3,4]] AS a, '{{1,2},{3,4}}'::int[] AS b, '[0:1]={1,2}'::int[] AS c, '[0:1][2:3]={{1,2},{3,4}}'::int[] AS d;
SELECT ARRAY[ARRAY[1,2], ARRAY[3,4]] AS a, ARRAY[[1,2],[2.5,3]] AS b, ARRAY[['a','b'],['c',NULL]] AS c, ARRAY[[[1]],[[2]]] AS d;
SELECT ARRAY['[0:1]={1,2}'::int[], '[0:1]={3,4}'::int[]] AS a, ARRAY['{}'::int[], NULL] AS b, ARRAY[[1,2],[3,4]]::text[] AS c, ARRAY[[1.5]]::int[] AS d;
SELECT '{{"a b",""},{"{",NULL}}'::text[] AS a, '[-2:-1]={x,y}'::text[] AS b, ' [1:2] [1:1] = { {1} , {2} } '::int[] AS c, '[2]={7,8}'::int[] AS d;
SELECT array_dims(ARRAY[[1,2,3],[4,5,6]]) AS a, array_dims('[0:1][2:3]={{1,2},{3,4}}'::int[]) AS b, array_ndims(ARRAY[[1,2],[3,4]]) AS c, array_ndims('{}'::int[]) AS d;
SELECT array_length(ARRAY[[1,2,3],[4,5,6]], 1) AS a, array_length(ARRAY[[1,2,3],[4,5,6]], 2) AS b, array_length(ARRAY[[1,2,3],[4,5,6]], 3) AS c, cardinality(ARRAY[[1,2],[3,4]]) AS d;
SELECT array_lower('[0:1][2:3]={{1,2},{3,4}}'::int[], 1) AS a, array_upper('[0:1][2:3]={{1,2},{3,4}}'::int[], 1) AS b, array_lower('[0:1][2:3]={{1,2},{3,4}}'::int[], 2) AS c, array_upper('[0:1][2:3]={{1,2},{3,4}}'::int[], 2) AS d, array_upper(ARRAY[1], 2) AS e;
-- Subscripts: one per dimension, else NULL; slices keep the dimensions.
SELECT (ARRAY[[1,2],[3,4]])[2][1] AS a, (ARRAY[[1,2],[3,4]])[2] AS b, (ARRAY[[1,2],[3,4]])[3][1] AS c, ('[0:1]={1,2}'::int[])[0] AS d;
SELECT (ARRAY[[1,2],[3,4]])[1:2][1:1] AS a, (ARRAY[[1,2],[3,4]])[1:1] AS b, (ARRAY[[1,2],[3,4]])[2:2][2] AS c, (ARRAY[[1,2],[3,4]])[:1][2:] AS d;
SELECT (ARRAY[1,2,3,4])[2:3] AS a, (ARRAY[1,2,3,4])[3:2] AS b, (ARRAY[1,2,3,4])[-5:9] AS c, ('[0:3]={1,2,3,4}'::int[])[:1] AS d, (ARRAY[1,2])[1:2][1:1] AS e;
SELECT (ARRAY[[1,2],[3,4]])[NULL][1] AS a, (ARRAY[1,2])[NULL:1] AS b, (ARRAY[[1,2],[3,4]])[1][2:2] AS c;
SELECT unnest(ARRAY[[1,2],[3,4]]) AS u;
SELECT array_to_string(ARRAY[[1,2],[3,NULL]], ',', '*') AS a, array_to_string('[0:1]={a,b}'::text[], '-') AS b;
-- array_agg of arrays adds a dimension.
SELECT array_agg(a) AS a FROM (VALUES (ARRAY[1,2]), (ARRAY[3,4])) v(a);
SELECT array_agg(a) AS a FROM (VALUES ('[0:1]={1,2}'::int[]), ('[0:1]={1,2}'::int[])) v(a);
SELECT array_agg(a ORDER BY a DESC) AS a FROM (VALUES (ARRAY[[1,2]]), (ARRAY[[3,4]])) v(a);
SELECT array_agg(a) AS a FROM (VALUES (ARRAY[1,2]), (NULL)) v(a);
SELECT array_agg(a) AS a FROM (VALUES (ARRAY[1,2]), ('{}')) v(a);
SELECT array_agg(a) AS a FROM (VALUES (ARRAY[1,2]), (ARRAY[3])) v(a);
SELECT array_agg(a) AS a FROM (VALUES ('{}'::int[])) v(a);
-- Comparison: elements first, then the shape; = needs the same shape.
SELECT ARRAY[[1,2],[3,4]] = ARRAY[[1,2],[3,4]] AS a, ARRAY[[1,2],[3,4]] = ARRAY[1,2,3,4] AS b, ARRAY[[1,2],[3,4]] < ARRAY[1,2,3,5] AS c, '[0:1]={1,2}'::int[] = ARRAY[1,2] AS d, ARRAY[[1,2],[3,4]] > ARRAY[1,2,3,4] AS e;
SELECT DISTINCT a FROM (VALUES (ARRAY[[1,2],[3,4]]), ('{{1,2},{3,4}}'), (ARRAY[1,2,3,4]), ('[0:3]={1,2,3,4}')) v(a) ORDER BY a;
-- Storage.
CREATE TABLE md (id int PRIMARY KEY, a int[], t text[]);
INSERT INTO md VALUES (1, '{{1,2},{3,4}}', ARRAY[['x','y']]), (2, '[0:2]={5,6,7}', '{}'), (3, ARRAY[1,2], NULL);
SELECT id, a, t, a[2][1] AS a21, a[0] AS a0, array_dims(a) AS dims FROM md ORDER BY id;
SELECT id FROM md WHERE a = '{{1,2},{3,4}}' ORDER BY id;
UPDATE md SET a = ARRAY[a, a] WHERE id = 1 RETURNING a, array_dims(a);
COPY md TO STDOUT;
SELECT a, count(*) FROM md GROUP BY a ORDER BY a;
-- Errors.
SELECT ARRAY[[1,2],[3]];
SELECT ARRAY[ARRAY[1,2], NULL, ARRAY[3,4]];
SELECT ARRAY['[0:1]={1,2}'::int[], ARRAY[3,4]];
SELECT ARRAY[1, ARRAY[2]];
SELECT '{{1,2},{3}}'::int[];
SELECT '{{1,2},3}'::int[];
SELECT '[1:3]={1,2}'::int[];
SELECT '[2:1]={1,2}'::int[];
SELECT '[1:2]{1,2}'::int[];
SELECT '{{{{{{{1}}}}}}}'::int[];
SELECT (ARRAY[1,2])['x'];
SELECT 1;
-- Functions over a lower bound other than 1 or several dimensions.
SELECT array_position('[0:3]={1,2,3,2}'::int[], 2) AS a, array_positions('[0:3]={1,2,3,2}'::int[], 2) AS b, array_position('[0:3]={1,2,3,2}'::int[], 2, 2) AS c, array_position('[0:3]={1,2,3,2}'::int[], 2, -5) AS d;
SELECT array_position(ARRAY[[1]], 1);
SELECT ARRAY[[1,2],[3,4]] @> ARRAY[4] AS a, ARRAY[[1,2],[3,4]] && '[5:6]={4,9}'::int[] AS b, 3 = ANY (ARRAY[[1,2],[3,4]]) AS c;
SELECT json_object('{{a,1},{b,2}}') AS a, to_jsonb(ARRAY[[1,2],[3,4]]) AS b;
SELECT json_object('{{a,1,x},{b,2,y}}');
SELECT json_object('{{a,b}}', '{1,2}');
SELECT array_to_json(ARRAY[[1,2],[3,4]], true) AS a, to_json('[0:1][1:1]={{a},{b}}'::text[]) AS b, to_jsonb(ARRAY[[1,2],[3,4]]) AS c;
SELECT s FROM generate_subscripts('[0:1][3:5]={{1,2,3},{4,5,6}}'::int[], 2) s;
SELECT s FROM generate_subscripts('[0:1][3:5]={{1,2,3},{4,5,6}}'::int[], 1, true) s;
SELECT count(*) FROM generate_subscripts(ARRAY[[1]], 3) s;
