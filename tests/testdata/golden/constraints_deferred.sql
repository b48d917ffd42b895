-- DEFERRABLE INITIALLY DEFERRED foreign keys are checked at COMMIT, as PostgreSQL 15
CREATE TABLE dp (id int PRIMARY KEY);
CREATE TABLE dc (id int PRIMARY KEY, p int REFERENCES dp DEFERRABLE INITIALLY DEFERRED);
-- child before parent, in one transaction
BEGIN;
INSERT INTO dc VALUES (1, 10);
INSERT INTO dp VALUES (10);
COMMIT;
-- a missing parent fails the COMMIT, which rolls back
BEGIN;
INSERT INTO dc VALUES (2, 20);
SELECT count(*) FROM dc;
COMMIT;
SELECT count(*) FROM dc;
-- outside a block the statement's own commit checks it
INSERT INTO dc VALUES (3, 30);
-- deleting a referenced parent, then its child
BEGIN;
DELETE FROM dp WHERE id = 10;
DELETE FROM dc WHERE p = 10;
COMMIT;
SELECT count(*) FROM dp;
INSERT INTO dp VALUES (40);
INSERT INTO dc VALUES (4, 40);
BEGIN;
DELETE FROM dp WHERE id = 40;
COMMIT;
-- a child row deleted again before COMMIT needs no parent
BEGIN;
INSERT INTO dc VALUES (5, 50);
DELETE FROM dc WHERE id = 5;
COMMIT;
-- ALTER TABLE ADD CONSTRAINT ... DEFERRABLE, and the catalog
CREATE TABLE dd (p int);
ALTER TABLE dd ADD CONSTRAINT dd_p_fk FOREIGN KEY (p) REFERENCES dp DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE dd ADD CONSTRAINT dd_p_fk2 FOREIGN KEY (p) REFERENCES dp DEFERRABLE;
SELECT conname, condeferrable, condeferred, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid::regclass::text IN ('dc', 'dd') AND contype = 'f' ORDER BY conname;
BEGIN;
INSERT INTO dd VALUES (60);
INSERT INTO dp VALUES (60);
COMMIT;
INSERT INTO dd VALUES (70);
DROP TABLE dd, dc, dp;
