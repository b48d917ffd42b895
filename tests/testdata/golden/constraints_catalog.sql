-- pg_constraint and pg_get_constraintdef, as PostgreSQL 15
CREATE TABLE p (id int PRIMARY KEY, code text UNIQUE, name text CHECK (length(name) > 1));
CREATE TABLE c (id int, pid int REFERENCES p ON DELETE CASCADE, pc text, CONSTRAINT c_pc FOREIGN KEY (pc) REFERENCES p (code) ON UPDATE SET NULL ON DELETE RESTRICT, UNIQUE NULLS NOT DISTINCT (id, pc), CHECK (id > 0 AND pid < 100), CHECK ((id + pid) > 0 OR NOT (pid = 7)));
CREATE UNIQUE INDEX c_uix ON c (pc, id);
SELECT conname, contype, condeferrable, condeferred, convalidated, conrelid::regclass::text AS rel, confrelid <> 0 AS hasref, confupdtype, confdeltype, confmatchtype, conkey, confkey, conindid <> 0 AS hasind, connoinherit, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) AS pretty FROM pg_constraint WHERE connamespace = 2200 ORDER BY conrelid, conname;
SELECT count(*) FROM pg_constraint WHERE conname = 'c_uix';
SELECT pg_get_constraintdef(0);
DROP TABLE c, p;
