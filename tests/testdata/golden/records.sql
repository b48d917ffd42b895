-- Record types (PostgreSQL docs 4.2.13, 8.16, 9.24.5): each table's row type, ROW(...) and (a, b)
-- constructors, whole-row references (t, t.*), field selection, row comparison, casts to a row type
-- and record_in / record_out's quoting, with PostgreSQL 15's errors.
CREATE TABLE rec_a (id int PRIMARY KEY, name text);
CREATE TABLE rec_b (id int, a_id int, tags text[]);
INSERT INTO rec_a VALUES (1, 'x'), (2, 'y "q"'), (3, '');
INSERT INTO rec_b VALUES (10, 1, '{p,q}'), (11, 1, NULL), (12, 4, '{}');
SELECT rec_a FROM rec_a ORDER BY id;
SELECT rec_a.* FROM rec_a ORDER BY id;
SELECT (rec_a).id, (rec_a).name FROM rec_a ORDER BY 1;
SELECT a, b FROM rec_a a JOIN rec_b b ON b.a_id = a.id ORDER BY b.id;
SELECT a, b FROM rec_a a LEFT JOIN rec_b b ON b.a_id = a.id ORDER BY a.id, b.id;
SELECT s FROM (SELECT id, name FROM rec_a) s ORDER BY s;
SELECT (a).name, (b).tags FROM rec_a a JOIN rec_b b ON b.a_id = a.id ORDER BY b.id;
SELECT ROW(a.*, 5) FROM rec_a a ORDER BY id;
-- an enclosing query's whole row, read from its current row
SELECT (SELECT count(*) FROM rec_b WHERE rec_b.a_id = (rec_a).id) FROM rec_a ORDER BY id;
SELECT (SELECT json_agg(b ORDER BY id) FROM rec_b b WHERE b.a_id = a.id), (SELECT row_to_json(a)) FROM rec_a a ORDER BY id;
SELECT a.id, l FROM rec_a a, LATERAL (SELECT b FROM rec_b b WHERE b.a_id = a.id ORDER BY id LIMIT 1) l ORDER BY 1;
UPDATE rec_b SET tags = '{r}' WHERE id = 11 RETURNING rec_b, (rec_b).tags;
SELECT ROW(1, 'x'), (1, 2.5, NULL), ROW(ROW(1, 'x'), ARRAY[1, 2], NULL, '', ' ', 'a,b', 'p(q)', 'b\s');
SELECT ROW(1, 'x') IS NULL, ROW(NULL, NULL) IS NULL, ROW(1, NULL) IS NOT NULL, ROW(1, 2) IS NOT NULL;
SELECT (ROW(1, 2)).f1, ((1, 'two'::text)).f2;
SELECT (ROW(1, 2)).*;
SELECT (ROW(1, 'x')::rec_a).*;
-- comparisons: row constructors pair by pair, records as record_eq (NULL fields equal)
SELECT ROW(1, 2) = ROW(1, 2), ROW(1, 2) < ROW(1, 3), (1, NULL) = (1, NULL), (1, NULL) < (2, NULL), (1, 2) <> (1, NULL);
SELECT (1, 2, 3) <= (1, 2, 3), (1, 'b') > (1, 'a'), (2, NULL) > (1, 5), (1, NULL) >= (1, 5);
SELECT * FROM rec_a WHERE (id, name) = (1, 'x');
SELECT * FROM rec_a WHERE (id, name) > (1, 'x') ORDER BY id;
SELECT * FROM rec_a WHERE ROW(id, name) IN (ROW(1, 'x'), ROW(2, 'nope'));
SELECT rec_a FROM rec_a WHERE rec_a = ROW(1, 'x')::rec_a;
SELECT a = a, a < a, a >= a FROM rec_a a ORDER BY id;
SELECT rec_a FROM rec_a ORDER BY rec_a DESC;
SELECT count(*) FROM rec_a a GROUP BY a ORDER BY 1;
SELECT count(DISTINCT a) FROM rec_a a;
SELECT pg_typeof(a), pg_typeof(ROW(1)), pg_typeof(NULL::rec_a), pg_typeof(a) = 'rec_a'::regclass::oid::regtype FROM rec_a a LIMIT 1;
SELECT array_agg(a ORDER BY id) FROM rec_a a;
-- casts: record_in of literals and strings, row constructors field by field
SELECT '(5,"x y")'::rec_a, ('(5,"x y")'::rec_a).name, '( 6 ,)'::rec_a, '(7,"a""b\\c")'::rec_a;
SELECT ROW(1, 2)::rec_a, ROW('3', 4.0)::rec_a, (NULL::rec_a).id, NULL::rec_a IS NULL;
SELECT 'x'::text::rec_a;
SELECT '(1'::rec_a;
SELECT '(1,2,3)'::rec_a;
SELECT '(1)'::rec_a;
SELECT '(1,2) x'::rec_a;
SELECT '(x,2)'::rec_a;
SELECT ROW(1, 2, 3)::rec_a;
SELECT ROW(1)::rec_a;
SELECT 1::rec_a;
SELECT NULL::rec_nosuch;
SELECT '(1,2)'::record;
-- field selection and comparison errors
SELECT (1).f;
SELECT (rec_a).nosuch FROM rec_a;
SELECT (NULL::rec_a).nosuch;
SELECT (ROW(1, 2)).f3;
SELECT (1).*;
SELECT (NULL::record).*;
SELECT ROW(1, 2) < ROW(1);
-- row types in the catalog
SELECT t.typname, t.typtype, t.typcategory, t.typrelid = c.oid, t.typinput, t.typoutput, a.typname, a.typelem = t.oid
  FROM pg_class c JOIN pg_type t ON t.oid = c.reltype JOIN pg_type a ON a.oid = t.typarray WHERE c.relname = 'rec_a';
SELECT typname, typtype, typcategory, typarray <> 0, typelem <> 0, typinput, typreceive FROM pg_type WHERE typname IN ('record', '_record') ORDER BY 1;
-- a view over record expressions, and its definition
CREATE VIEW rec_v AS SELECT row_to_json(rec_a.*) AS j, (rec_a).name AS n, row_to_json(ROW(id, 1)) AS r2, (NULL::rec_a).id AS q FROM rec_a;
SELECT pg_get_viewdef('rec_v');
SELECT * FROM rec_v ORDER BY j::text;
SELECT v FROM rec_v v ORDER BY n;
-- IS DISTINCT FROM of row constructors is pair by pair
SELECT ROW(1, 2) IS DISTINCT FROM ROW(1, 2), ROW(1, NULL) IS DISTINCT FROM ROW(1, NULL), ROW(1, NULL) IS NOT DISTINCT FROM ROW(1, 2);
SELECT ROW() IS DISTINCT FROM ROW(), a IS DISTINCT FROM a FROM rec_a a WHERE id = 1;
SELECT ROW(1) IS DISTINCT FROM ROW(1, 2);
SELECT ROW() = ROW();
SELECT x.id FROM rec_a x JOIN rec_a y ON x = y ORDER BY 1;
SELECT ARRAY[ROW(1, 'a'), ROW(2, 'b')], (ARRAY[ROW(1, 'a')])[1], unnest(ARRAY[ROW(1, 'a'), ROW(2, 'b')]);
SELECT a = 1 FROM rec_a a;
SELECT a + 1 FROM rec_a a;
SELECT ROW(1, 2) = 1;
SELECT length(a), 1 FROM rec_a a;
