-- What vecgres refuses of string_agg where PostgreSQL 15 answers (0A000 naming the construct):
-- DISTINCT with a delimiter that varies by row (ORDER BY inside the call is served:
-- aggregates_filter_order). array_agg of arrays makes a two-dimensional array, as PostgreSQL's.
CREATE TABLE ar (id int PRIMARY KEY, s text, d text, a int[]);
INSERT INTO ar VALUES (1, 'b', ',', '{1}'), (2, 'a', ';', '{2}');
SELECT array_agg(a) FROM ar;
SELECT string_agg(DISTINCT s, d) FROM ar;
SELECT string_agg(DISTINCT s, ',') AS a, array_agg(DISTINCT s) AS b FROM ar;
