-- SQL-level PREPARE, EXECUTE and DEALLOCATE, as PostgreSQL 15 answers them
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id int, note text, embedding vector(3));
INSERT INTO items VALUES (1, 'a', '[1,0,0]'), (2, 'b', '[0,1,0]'), (3, 'c', '[0,0,1]');
PREPARE p1 (int, text) AS SELECT $1 + 1 AS a, $2 AS b;
EXECUTE p1(41, 'x');
PREPARE p1 AS SELECT 1;
EXECUTE nosuch;
EXECUTE nosuch(1);
EXECUTE p1(1);
EXECUTE p1('abc', 'x');
-- undeclared parameters take their type from the statement
PREPARE p2 AS SELECT $1::int * 2 AS doubled;
EXECUTE p2(21);
EXECUTE p2('21');
PREPARE untyped AS SELECT $1 AS u;
EXECUTE untyped(5);
PREPARE knn (vector) AS SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 2;
EXECUTE knn('[0.9,0.2,0]');
PREPARE knn2 AS SELECT id, embedding <-> $1 AS d FROM items WHERE id <> $2 ORDER BY 2 LIMIT 1;
EXECUTE knn2('[0,0,1]', 3);
-- arguments: assignment casts, expressions, NULL, errors positioned
PREPARE pb (int) AS SELECT $1 AS v;
EXECUTE pb(1.7);
EXECUTE pb(NULL);
EXECUTE pb(2 + 3);
EXECUTE pb(true);
EXECUTE pb('x' || 'y');
EXECUTE pb((SELECT 1));
EXECUTE pb(count(*));
EXECUTE pb(nosuchcol);
EXECUTE pb(1, 2);
PREPARE noparams AS SELECT 1 AS one;
EXECUTE noparams(1);
-- DML, with RETURNING and command tags
PREPARE ins (int, text) AS INSERT INTO items (id, note) VALUES ($1, $2) RETURNING id, note;
EXECUTE ins(4, 'd');
PREPARE upd (text, int) AS UPDATE items SET note = $1 WHERE id = $2;
EXECUTE upd('B', 2);
PREPARE del AS DELETE FROM items WHERE id > $1;
EXECUTE del(3);
SELECT id, note FROM items ORDER BY id;
-- errors of the statement are PREPARE's
PREPARE bad AS SELECT nosuchcol;
PREPARE bad AS SELECT 1 FROM nosuch;
EXPLAIN EXECUTE nosuch;
-- prepared statements outlive ROLLBACK; EXECUTE follows the transaction
BEGIN;
PREPARE inblock AS SELECT 2 AS two;
ROLLBACK;
EXECUTE inblock;
BEGIN READ ONLY;
EXECUTE ins(9, 'z');
ROLLBACK;
BEGIN;
SELECT 1/0;
PREPARE failed AS SELECT 1;
EXECUTE inblock;
ROLLBACK;
-- a schema change re-binds; a changed result is refused
PREPARE star AS SELECT * FROM items WHERE id = 1;
EXECUTE star;
ALTER TABLE items ADD COLUMN extra int;
EXECUTE star;
-- DEALLOCATE
DEALLOCATE star;
DEALLOCATE star;
PREPARE "Mixed" AS SELECT 'm' AS m;
EXECUTE "Mixed";
EXECUTE mixed;
DEALLOCATE PREPARE "Mixed";
DEALLOCATE ALL;
EXECUTE p1(1, 'x');
PREPARE p1 AS SELECT 'again' AS p1;
EXECUTE p1;
DISCARD ALL;
EXECUTE p1;
