-- INSERT ... DEFAULT VALUES and table aliases in UPDATE and DELETE (checked against PostgreSQL 15)
CREATE TABLE dv (id serial PRIMARY KEY, n int DEFAULT 7, label text DEFAULT 'none', note text);
INSERT INTO dv DEFAULT VALUES;
INSERT INTO dv DEFAULT VALUES RETURNING *;
INSERT INTO dv DEFAULT VALUES RETURNING id, n + 1 AS m, label;
INSERT INTO dv DEFAULT VALUES ON CONFLICT DO NOTHING RETURNING id;
SELECT * FROM dv ORDER BY id;
CREATE TABLE dvreq (id int PRIMARY KEY, x int);
INSERT INTO dvreq DEFAULT VALUES;
-- aliases
CREATE TABLE items (id int PRIMARY KEY, n int);
INSERT INTO items VALUES (1, 10), (2, 20), (3, 30);
UPDATE items AS i SET n = i.n + 1 WHERE i.id = 1;
UPDATE items i SET n = n * 2 WHERE id = 3 RETURNING i.id, i.n, n;
DELETE FROM items i WHERE i.id = 2;
DELETE FROM items AS x WHERE x.n > 100 RETURNING x.*;
SELECT * FROM items ORDER BY id;
UPDATE items AS i SET n = items.n + 1 WHERE i.id = 1;
DELETE FROM items i WHERE items.id = 2;
DELETE FROM items AS i WHERE x.id = 2;
UPDATE items AS i SET n = 5 WHERE id = 3 RETURNING items.n;
SELECT items.id FROM items i;
UPDATE items AS i SET n = 0 WHERE i.nosuch = 1;
UPDATE items i SET i.n = 1;
UPDATE items SET nosuch[1] = 1;
