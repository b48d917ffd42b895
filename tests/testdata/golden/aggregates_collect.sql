-- string_agg, array_agg, bool_and, bool_or and every, and sum/avg of an untyped argument, as PostgreSQL 15
-- answers them (checked against PostgreSQL 15)
CREATE TABLE ac (id int PRIMARY KEY, g int, s text, d text, b bool, n numeric, c char(4));
INSERT INTO ac VALUES (1, 1, 'a', ',', true, 1.5, 'x'), (2, 1, NULL, ';', false, NULL, 'y '), (3, 1, 'b', NULL, NULL, 2, NULL), (4, 1, 'c', '-', true, 2, 'x'), (5, 2, NULL, ',', NULL, NULL, NULL), (6, 3, 'z', ',', true, 0, 'w');
SELECT g, string_agg(s, ',') AS a, string_agg(s, d) AS b, string_agg(s, NULL) AS c, string_agg(c, '|') AS d FROM ac GROUP BY g ORDER BY g;
SELECT g, array_agg(id) AS a, array_agg(s) AS b, array_agg(n) AS c, array_agg(b) AS d, array_agg(c) AS e FROM ac GROUP BY g ORDER BY g;
SELECT g, bool_and(b) AS a, bool_or(b) AS b, every(b) AS c, bool_and(id > 0) AS d, bool_or(id > 3) AS e FROM ac GROUP BY g ORDER BY g;
SELECT string_agg(DISTINCT s, ', ') AS a, array_agg(DISTINCT n) AS b, array_agg(DISTINCT g) AS c, count(DISTINCT s) AS d FROM ac;
SELECT string_agg(s, ',') AS a, array_agg(id) AS b, bool_and(b) AS c, bool_or(b) AS d FROM ac WHERE id > 100;
SELECT pg_typeof(array_agg(id)) AS a, pg_typeof(array_agg(s)) AS b, pg_typeof(string_agg(s, ',')) AS c, pg_typeof(bool_or(b)) AS d FROM ac;
SELECT string_agg('x', '-') AS a, bool_and('t') AS b, bool_or('false') AS c FROM ac;
SELECT string_agg(id, ',') FROM ac;
SELECT string_agg(s) FROM ac;
SELECT bool_and(id) FROM ac;
SELECT bool_or(s) FROM ac;
SELECT array_agg('a') FROM ac;
SELECT sum('1') FROM ac;
SELECT avg(NULL) FROM ac;
SELECT sum(s) FROM ac;
CREATE TABLE acb (id int PRIMARY KEY, x bytea);
INSERT INTO acb VALUES (1, '\x01'), (2, '\x02'), (3, NULL);
SELECT string_agg(x, '-'::bytea) AS a, string_agg(x, NULL) AS b, string_agg(x, '') AS c, pg_typeof(string_agg(x, '')) AS d FROM acb;
SELECT pg_typeof(string_agg(NULL, NULL)) AS a, string_agg(NULL, NULL) AS b FROM ac;
SELECT string_agg(s, '-'::bytea) FROM ac;
