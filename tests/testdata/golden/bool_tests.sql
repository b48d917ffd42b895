-- IS [NOT] TRUE / FALSE / UNKNOWN (PostgreSQL 15 docs 9.2): never NULL, NULL counts as UNKNOWN,
-- an untyped literal is read as boolean, any other type is 42804 at the operand; also run
-- against PostgreSQL 15.
CREATE TABLE bt (x boolean, n int);
INSERT INTO bt VALUES (true, 1), (false, 2), (NULL, 3);
SELECT x, x IS TRUE, x IS NOT TRUE, x IS FALSE, x IS NOT FALSE, x IS UNKNOWN, x IS NOT UNKNOWN FROM bt ORDER BY n;
SELECT n FROM bt WHERE x IS NOT FALSE ORDER BY n;
SELECT n FROM bt WHERE (n > 1) IS TRUE AND x IS UNKNOWN;
SELECT 't' IS TRUE, NULL IS UNKNOWN, (1 = NULL) IS NOT TRUE;
SELECT 1 IS TRUE;
SELECT 'x' IS TRUE;
SELECT n IS UNKNOWN FROM bt;
DROP TABLE bt;
