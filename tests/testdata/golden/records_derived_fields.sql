-- field selection (x).f through subqueries in FROM: row types, whole rows and anonymous ROW(...) records, and their errors (checked against PostgreSQL 15)
CREATE TABLE rt (a int, b text);
INSERT INTO rt VALUES (1, 'x'), (2, 'y');
SELECT (s.r).a FROM (SELECT ROW(1, 'y')::rt AS r) s;
SELECT (s.r).b, (r).a FROM (SELECT ROW(1, 'y')::rt AS r) s;
SELECT (s.r).* FROM (SELECT ROW(1, 'y')::rt AS r) s;
SELECT (s.x).a FROM (SELECT rt AS x FROM rt) s ORDER BY 1;
SELECT (x).b FROM (SELECT rt AS x FROM rt) s WHERE (x).a = 1;
SELECT (s.r).f1, (s.r).f2 FROM (SELECT ROW(1, 2) AS r) s;
SELECT (r).f2 + 1 AS g FROM (SELECT ROW(a, b) AS r FROM rt) s ORDER BY g;
SELECT (s.r).f1, rt.b FROM rt JOIN (SELECT ROW(1, 'z') AS r) s ON true ORDER BY 2;
SELECT (s.x).b, t2.a FROM (SELECT rt AS x FROM rt) s JOIN rt t2 ON t2.a = (s.x).a ORDER BY 2;
SELECT (s.w).a FROM (SELECT t AS w FROM rt t WHERE a = 2) s;
SELECT (s.r).nope FROM (SELECT ROW(1, 'y')::rt AS r) s;
SELECT (s.r).nope FROM (SELECT ROW(1, 2) AS r) s;
SELECT (s).nope FROM (SELECT 1 AS a) s;
SELECT (t).nope FROM rt t;
SELECT (s.a).f1 FROM (SELECT 1 AS a) s;
SELECT (s.r).f3 FROM rt JOIN (SELECT ROW(1, 'z') AS r) s ON true;
