-- FOREIGN KEY constraints, as PostgreSQL 15
CREATE TABLE p (id int PRIMARY KEY, code text UNIQUE, name text);
INSERT INTO p VALUES (1, 'a', 'one'), (2, 'b', 'two'), (3, 'c', 'three');
CREATE TABLE c (id int PRIMARY KEY, p int REFERENCES p, pc text REFERENCES p (code) ON DELETE CASCADE ON UPDATE CASCADE);
INSERT INTO c VALUES (10, 1, 'a'), (11, 1, 'b'), (12, NULL, NULL);
INSERT INTO c VALUES (13, 5, NULL);
INSERT INTO c VALUES (13, NULL, 'zz');
UPDATE c SET p = 9 WHERE id = 10;
-- NO ACTION refuses deleting or re-keying a referenced row
DELETE FROM p WHERE id = 1;
UPDATE p SET id = 7 WHERE id = 1;
UPDATE p SET name = 'uno' WHERE id = 1;
DELETE FROM p WHERE id = 3;
-- CASCADE follows the key
UPDATE p SET code = 'bb' WHERE id = 2;
SELECT id, p, pc FROM c ORDER BY id;
DELETE FROM p WHERE code = 'bb';
SELECT id, p, pc FROM c ORDER BY id;
-- RESTRICT, SET NULL, SET DEFAULT
CREATE TABLE r (id int PRIMARY KEY);
INSERT INTO r VALUES (1), (2), (3), (0);
CREATE TABLE rc (a int REFERENCES r ON DELETE RESTRICT, b int REFERENCES r ON DELETE SET NULL, d int DEFAULT 0 REFERENCES r ON DELETE SET DEFAULT ON UPDATE SET NULL);
INSERT INTO rc VALUES (1, 2, 3);
DELETE FROM r WHERE id = 1;
DELETE FROM r WHERE id = 2;
SELECT * FROM rc;
DELETE FROM r WHERE id = 3;
SELECT * FROM rc;
DELETE FROM r WHERE id = 0;
-- multi-column, named, table constraint
CREATE TABLE mp (a int, b int, PRIMARY KEY (a, b));
INSERT INTO mp VALUES (1, 1), (1, 2);
CREATE TABLE mc (x int, y int, CONSTRAINT mc_ref FOREIGN KEY (x, y) REFERENCES mp (a, b) ON DELETE CASCADE);
INSERT INTO mc VALUES (1, 2), (1, NULL), (NULL, 9);
INSERT INTO mc VALUES (1, 3);
DELETE FROM mp WHERE b = 2;
SELECT * FROM mc ORDER BY x, y;
-- definition errors
CREATE TABLE e1 (a int REFERENCES nope);
CREATE TABLE e2 (a int REFERENCES p (name));
CREATE TABLE e3 (a int REFERENCES p (id, code));
CREATE TABLE e4 (a text REFERENCES p (id));
CREATE TABLE e5 (a int REFERENCES rc);
CREATE TABLE e6 (a int, FOREIGN KEY (b) REFERENCES p);
CREATE TABLE e7 (a int REFERENCES p (nope));
-- self reference
CREATE TABLE tree (id int PRIMARY KEY, parent int REFERENCES tree);
INSERT INTO tree VALUES (1, NULL), (2, 1), (3, 3);
INSERT INTO tree VALUES (4, 9);
DELETE FROM tree WHERE id = 1;
-- ALTER TABLE ADD CONSTRAINT ... FOREIGN KEY validates the rows
CREATE TABLE doc (id int PRIMARY KEY);
CREATE TABLE emb (id int, doc_id int);
INSERT INTO doc VALUES (1);
INSERT INTO emb VALUES (1, 1), (2, 2);
ALTER TABLE emb ADD CONSTRAINT emb_doc_fk FOREIGN KEY (doc_id) REFERENCES doc (id) ON DELETE CASCADE;
DELETE FROM emb WHERE doc_id = 2;
ALTER TABLE emb ADD CONSTRAINT emb_doc_fk FOREIGN KEY (doc_id) REFERENCES doc (id) ON DELETE CASCADE;
ALTER TABLE emb ADD CONSTRAINT emb_doc_fk FOREIGN KEY (doc_id) REFERENCES doc (id);
ALTER TABLE emb ADD FOREIGN KEY (doc_id) REFERENCES doc;
DELETE FROM doc;
SELECT count(*) FROM emb;
-- dropping what a foreign key depends on
ALTER TABLE p DROP CONSTRAINT p_code_key;
DROP TABLE p;
DROP TABLE p CASCADE;
INSERT INTO c VALUES (20, 99, 'none');
ALTER TABLE c DROP CONSTRAINT c_p_fkey;
ALTER TABLE emb DROP CONSTRAINT emb_doc_fk;
DROP TABLE doc, emb;
DROP TABLE r;
DROP TABLE mp, mc, rc, r, c, tree;
