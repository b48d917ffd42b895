-- CHECK constraints and defaults print as PostgreSQL 15's ruleutils.c: CASE, ANY of an array literal, NOT BETWEEN
CREATE TABLE rd (price numeric, n integer, s varchar(10), name text,
  CONSTRAINT c1 CHECK (CASE WHEN n > 0 THEN price > 0 ELSE true END),
  CONSTRAINT c2 CHECK (name = ANY ('{a,b}'::text[])),
  CONSTRAINT c3 CHECK (s = ANY ('{a,b}'::varchar[])),
  CONSTRAINT c4 CHECK (n NOT BETWEEN 5 AND 6),
  CONSTRAINT c5 CHECK (CASE n WHEN 1 THEN 'a' WHEN 2 THEN 'b' END <> 'c'),
  CONSTRAINT c6 CHECK (COALESCE(name, s, 'q') <> '' AND substr(name, 1, 2) <> 'zz'));
SELECT conname, pg_get_constraintdef(oid) AS def, pg_get_constraintdef(oid, true) AS pretty
FROM pg_constraint WHERE conrelid = 'rd'::regclass ORDER BY conname;
INSERT INTO rd VALUES (1, 1, 'a', 'a');
INSERT INTO rd VALUES (-1, 1, 'a', 'a');
INSERT INTO rd VALUES (1, 5, 'a', 'a');
INSERT INTO rd VALUES (1, 3, 'a', 'a');
SELECT * FROM rd;
DROP TABLE rd;
