-- DISTINCT, DISTINCT ON and GROUP BY take values = calls equal as one: numerics of different scale,
-- -0 and 0, jsonb numbers 1.0 and 1 (nested too), and arrays of them (checked against PostgreSQL 15)
CREATE TABLE q (id int PRIMARY KEY, n numeric, f float8, j jsonb, na numeric[], fa float8[], ja jsonb[]);
INSERT INTO q VALUES (1, 1.5, 0, '{"a": [1.0]}', '{1.5}', '{0}', ARRAY['1.0'::jsonb]), (2, 1.50, '-0', '{"a": [1]}', '{1.50}', '{-0}', ARRAY['1'::jsonb]), (3, 2, 1, '2', '{2}', '{1}', ARRAY['2'::jsonb]);
SELECT (SELECT count(*) FROM (SELECT DISTINCT n FROM q) s) AS n, (SELECT count(*) FROM (SELECT DISTINCT f FROM q) s) AS f, (SELECT count(*) FROM (SELECT DISTINCT j FROM q) s) AS j, (SELECT count(*) FROM (SELECT DISTINCT na FROM q) s) AS na, (SELECT count(*) FROM (SELECT DISTINCT fa FROM q) s) AS fa, (SELECT count(*) FROM (SELECT DISTINCT ja FROM q) s) AS ja;
SELECT (SELECT count(*) FROM (SELECT n FROM q GROUP BY n) s) AS n, (SELECT count(*) FROM (SELECT f FROM q GROUP BY f) s) AS f, (SELECT count(*) FROM (SELECT j FROM q GROUP BY j) s) AS j, (SELECT count(*) FROM (SELECT na FROM q GROUP BY na) s) AS na, (SELECT count(*) FROM (SELECT fa FROM q GROUP BY fa) s) AS fa, (SELECT count(*) FROM (SELECT ja FROM q GROUP BY ja) s) AS ja;
SELECT DISTINCT ON (n) id, n FROM q ORDER BY n, id;
SELECT DISTINCT ON (j) id, j FROM q ORDER BY j, id;
SELECT count(*), sum(id) FROM q GROUP BY f ORDER BY 1;
SELECT count(*), sum(id) FROM q GROUP BY ja ORDER BY 1;
