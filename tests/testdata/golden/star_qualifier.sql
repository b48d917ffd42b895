-- Qualified * in the select list (PostgreSQL 15 docs, 7.3.1 Select-List
-- Items): t.* must name a FROM entry (its alias when it has one), and
-- public.t.* the table itself; any other qualifier is 42P01 at the
-- reference. Also run against PostgreSQL 15.
CREATE TABLE sq (a int, b text);
INSERT INTO sq VALUES (1, 'x');
CREATE TABLE sr (a int, c text);
INSERT INTO sr VALUES (1, 'y');
SELECT sq.* FROM sq;
SELECT public.sq.* FROM sq;
SELECT s.* FROM sq s;
SELECT nosuch.* FROM sq;
SELECT 1, nosuch.* FROM sq;
SELECT sq.* FROM sq s;
SELECT public.sq.* FROM sq s;
SELECT other.sq.* FROM sq;
SELECT public.nosuch.* FROM sq;
SELECT sq.*, sr.c FROM sq JOIN sr USING (a);
SELECT sr.* FROM sq, sr;
SELECT public.sr.* FROM sq, sr;
SELECT nosuch.* FROM sq, sr;
SELECT sq.* FROM sq x, sr;
SELECT 1 FROM sq WHERE EXISTS (SELECT nosuch.* FROM sr);
SELECT nosuch.* FROM (SELECT 1 AS a) s;
DELETE FROM sq RETURNING nosuch.*;
UPDATE sq SET a = 2 RETURNING sq.*;
DROP TABLE sq, sr;
