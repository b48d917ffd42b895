-- CHECK constraints, as PostgreSQL 15
CREATE TABLE k (id int PRIMARY KEY, a int CHECK (a > 0), b text, lo int, hi int, CHECK (lo <= hi), CONSTRAINT b_short CHECK (length(b) < 4));
INSERT INTO k VALUES (1, 1, 'x', 1, 2);
INSERT INTO k VALUES (2, 0, 'x', 1, 2);
INSERT INTO k VALUES (2, 5, 'xxxxx', 1, 2);
INSERT INTO k VALUES (2, 5, 'x', 3, 2);
INSERT INTO k VALUES (2, NULL, NULL, NULL, 2);
UPDATE k SET a = -1 WHERE id = 1;
UPDATE k SET lo = 10 WHERE id = 1;
INSERT INTO k VALUES (1, -5, 'y', 1, 1) ON CONFLICT (id) DO UPDATE SET a = EXCLUDED.a;
SELECT * FROM k ORDER BY id;
-- named after the one column it reads, else the table
CREATE TABLE k2 (a int, b int, CHECK (a > 0), CHECK (a < b), CHECK (true), CHECK (a <> 5));
INSERT INTO k2 VALUES (5, 6);
INSERT INTO k2 VALUES (1, 0);
INSERT INTO k2 VALUES (-1, 0);
-- ALTER TABLE ADD / DROP CONSTRAINT
ALTER TABLE k ADD CONSTRAINT k_id_small CHECK (id < 2);
ALTER TABLE k ADD CONSTRAINT k_id_small CHECK (id < 10);
ALTER TABLE k ADD CONSTRAINT k_id_small CHECK (id < 20);
INSERT INTO k VALUES (11, 1, 'x', 1, 1);
ALTER TABLE k DROP CONSTRAINT k_id_small;
INSERT INTO k VALUES (11, 1, 'x', 1, 1);
ALTER TABLE k ADD CHECK (hi < 100);
INSERT INTO k VALUES (12, 1, 'x', 1, 100);
ALTER TABLE k DROP CONSTRAINT k_hi_check;
-- definition errors
CREATE TABLE k3 (a int CHECK (a + 1));
DROP TABLE k, k2;
