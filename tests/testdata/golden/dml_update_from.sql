-- UPDATE ... FROM and DELETE ... USING: joins as the rows to change, RETURNING over every table, errors (checked against PostgreSQL 15)
CREATE TABLE uf (id int PRIMARY KEY, v text, n int);
CREATE TABLE ufo (id int, w text, k int);
INSERT INTO uf VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30);
INSERT INTO ufo VALUES (1, 'x', 100), (1, 'y', 200), (2, 'z', 300), (4, 'q', 400);
WITH u AS (UPDATE uf SET v = ufo.w, n = uf.n + ufo.k FROM ufo WHERE ufo.id = uf.id AND ufo.w <> 'y' RETURNING uf.*, ufo.*) SELECT * FROM u ORDER BY 1;
SELECT * FROM uf ORDER BY id;
-- a row joined to two rows is updated once
UPDATE uf SET n = uf.n + 1 FROM ufo WHERE ufo.id = uf.id AND uf.id = 1;
SELECT * FROM uf ORDER BY id;
UPDATE uf AS t SET v = 'tt' FROM ufo o WHERE o.id = t.id AND o.k = 300 RETURNING t.id, o.w, *;
UPDATE uf SET n = 0 FROM ufo WHERE false;
UPDATE uf SET v = upper(w) FROM ufo WHERE ufo.id = uf.id AND k = 300 RETURNING v, w;
-- FROM with several items, a join and a subquery
UPDATE uf SET n = a.k + b.k FROM ufo a JOIN ufo b ON b.id = a.id AND b.w > a.w WHERE a.id = uf.id RETURNING uf.id, uf.n;
UPDATE uf SET v = s.m FROM (SELECT id, max(w) AS m FROM ufo GROUP BY id) s WHERE s.id = uf.id AND uf.id = 1 RETURNING uf.*, s.m;
UPDATE uf SET n = 1 FROM ufo, (VALUES (3)) AS vv(x) WHERE uf.id = vv.x RETURNING uf.id, uf.n;
SELECT * FROM uf ORDER BY id;
-- DELETE ... USING
DELETE FROM uf USING ufo WHERE ufo.id = uf.id AND ufo.k > 250 RETURNING *;
DELETE FROM uf AS x USING ufo, ufo AS o2 WHERE ufo.id = x.id AND o2.id = ufo.id AND o2.w = 'y' AND ufo.w = 'x' RETURNING x.id, ufo.k, o2.w;
DELETE FROM uf USING ufo WHERE ufo.id = uf.id;
SELECT * FROM uf ORDER BY id;
INSERT INTO uf VALUES (1, 'a', 10), (2, 'b', 20);
DELETE FROM uf USING (SELECT 2 AS id) d WHERE d.id = uf.id RETURNING uf.id, d.id;
SELECT * FROM uf ORDER BY id;
-- errors
UPDATE uf AS tt SET v = o.w FROM ufo o WHERE o.id = uf.id;
UPDATE uf SET v = o.w FROM nope o WHERE o.id = uf.id;
UPDATE uf SET v = o.nope FROM ufo o WHERE o.id = uf.id;
UPDATE uf SET v = w FROM ufo WHERE id = 1;
UPDATE uf SET v = 'q' FROM uf WHERE uf.id = 1;
UPDATE uf SET v = 'q' FROM ufo uf WHERE uf.id = 1;
UPDATE uf SET nosuch = 1 FROM ufo WHERE ufo.id = uf.id;
UPDATE uf SET v = 'q' FROM ufo WHERE ufo.id = uf.id RETURNING nope;
UPDATE uf SET v = 'q' FROM ufo WHERE ufo.nope = uf.id;
DELETE FROM uf USING ufo WHERE id = 1;
DELETE FROM uf USING nope WHERE true;
DELETE FROM uf USING ufo WHERE ufo.id = uf.id RETURNING k, z;
DELETE FROM uf USING ufo WHERE ufo.k + 1;
SELECT * FROM uf ORDER BY id;
UPDATE uf SET v = s.w FROM LATERAL (SELECT w FROM ufo WHERE ufo.id = uf.id) s;
DELETE FROM uf USING generate_series(1, uf.id) g;
UPDATE uf SET v = 'l' FROM ufo, LATERAL (SELECT ufo.w AS lw) s WHERE ufo.id = uf.id AND s.lw = 'x' RETURNING uf.id, s.lw;
