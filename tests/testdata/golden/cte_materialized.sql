-- WITH queries computed once (PostgreSQL 15: MATERIALIZED, recursive, or referenced more than once): a volatile function's value is the same at every reference
WITH a AS (SELECT random() AS r) SELECT a1.r = a2.r AS same FROM a a1, a a2;
WITH a AS MATERIALIZED (SELECT random() AS r) SELECT a1.r = a2.r AS same FROM a a1 CROSS JOIN a a2;
WITH a AS (SELECT g, random() AS r FROM generate_series(1, 5) g) SELECT count(*) FROM a a1 JOIN a a2 ON a1.r = a2.r AND a1.g = a2.g;
WITH a AS (SELECT random() AS r) SELECT (SELECT r FROM a) = (SELECT r FROM a) AS same;
WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r a JOIN r b USING (n) ORDER BY n;
WITH a AS (SELECT 1 AS x) SELECT * FROM a UNION ALL SELECT * FROM a;
