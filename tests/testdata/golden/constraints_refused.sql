-- constraint features vecgres refuses (0A000 where PostgreSQL 15 accepts them)
CREATE TABLE d (id int, UNIQUE (id) DEFERRABLE);
CREATE TABLE d (id int, CHECK (id > 0) DEFERRABLE);
SET CONSTRAINTS ALL DEFERRED;
CREATE TABLE d (id int PRIMARY KEY, parent int, FOREIGN KEY (parent) REFERENCES d MATCH FULL);
CREATE TABLE d (id int, CONSTRAINT no_neg CHECK (id >= 0) NOT VALID);
CREATE TABLE d (id int, CHECK (id > 0) NO INHERIT);
CREATE TABLE d (id int, EXCLUDE USING btree (id WITH =));
CREATE TABLE d (id int, UNIQUE (id) INCLUDE (id));
CREATE TABLE d (id int, a int CHECK (a > 0));
ALTER TABLE d RENAME COLUMN a TO b;
ALTER TABLE d ADD COLUMN e int UNIQUE;
ALTER TABLE d ADD PRIMARY KEY (id);
CREATE UNIQUE INDEX ON d USING hnsw (a);
DROP TABLE d;
