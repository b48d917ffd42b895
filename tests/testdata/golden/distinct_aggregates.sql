-- aggregates over DISTINCT values (PostgreSQL 15: NULLs ignored, equal values once)
CREATE TABLE da (id int PRIMARY KEY, grp text, a int, b numeric, f float8, s text);
INSERT INTO da VALUES (1, 'x', 1, 1.0, 0.1, 'p'), (2, 'x', 1, 1.00, 0.2, 'q'), (3, 'y', 2, 2, -0.0, NULL), (4, 'y', NULL, NULL, 0.0, 'p'), (5, 'z', 3, 2.5, 0.1, 'r'), (6, NULL, 3, 2.50, 0.2, 'r');
SELECT count(DISTINCT a), sum(DISTINCT a), avg(DISTINCT a), min(DISTINCT a), max(DISTINCT a) FROM da;
SELECT count(a), sum(a), count(ALL a) FROM da;
SELECT count(DISTINCT b), sum(DISTINCT b), avg(DISTINCT b) FROM da;
-- -0 and 0 are one value; floats are added in ascending order
SELECT count(DISTINCT f), sum(DISTINCT f), avg(DISTINCT f) FROM da;
SELECT count(DISTINCT s), min(DISTINCT s), max(DISTINCT s) FROM da;
SELECT count(DISTINCT a) + count(DISTINCT s) AS total, count(DISTINCT a * 0) FROM da;
-- GROUP BY, HAVING and ORDER BY over DISTINCT aggregates
SELECT grp, count(DISTINCT a) AS n, sum(DISTINCT b) FROM da GROUP BY grp ORDER BY grp;
SELECT grp, count(DISTINCT s) FROM da GROUP BY grp HAVING count(DISTINCT s) = 1 ORDER BY grp NULLS FIRST;
SELECT grp FROM da GROUP BY grp ORDER BY count(DISTINCT f) DESC, grp LIMIT 2;
SELECT count(DISTINCT grp), count(grp), count(*) FROM da;
-- no rows, constants, NULL
SELECT count(DISTINCT a), sum(DISTINCT a), max(DISTINCT s) FROM da WHERE false;
SELECT count(DISTINCT 1), count(DISTINCT NULL), count(DISTINCT 'x') FROM da;
SELECT count(DISTINCT x) FROM generate_series(1, 5) AS x;
-- errors
SELECT lower(DISTINCT s) FROM da;
SELECT nosuch(DISTINCT a) FROM da;
SELECT sum(DISTINCT s) FROM da;
SELECT count(DISTINCT count(a)) FROM da;
SELECT count(DISTINCT a, b) FROM da;
SELECT count(DISTINCT *) FROM da;
SELECT id, count(DISTINCT a) FROM da;
SELECT * FROM da WHERE count(DISTINCT a) > 1;
