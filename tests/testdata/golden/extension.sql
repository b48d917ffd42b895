-- CREATE EXTENSION and DROP EXTENSION as PostgreSQL 15 answers them
-- (observed there with an extension shipped with PostgreSQL).
CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION vector;
CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION nosuch;
DROP EXTENSION vector;
DROP EXTENSION vector;
DROP EXTENSION IF EXISTS vector;
CREATE EXTENSION vector;
-- columns of the extension's types keep it, newest table and column first
CREATE TABLE c1 (id int, a vector(2), b vector);
CREATE TABLE c2 (x vector[]);
DROP EXTENSION vector;
DROP EXTENSION vector RESTRICT;
DROP EXTENSION vector CASCADE;
DROP TABLE c1, c2;
-- every name is checked before any is dropped
DROP EXTENSION vector, nosuch;
DROP EXTENSION nosuch, vector;
CREATE EXTENSION IF NOT EXISTS vector;
-- ROLLBACK forgets a CREATE or DROP of the transaction
BEGIN;
DROP EXTENSION vector;
CREATE EXTENSION vector;
DROP EXTENSION vector;
ROLLBACK;
CREATE EXTENSION vector;
BEGIN;
SAVEPOINT s1;
DROP EXTENSION vector;
ROLLBACK TO SAVEPOINT s1;
CREATE EXTENSION IF NOT EXISTS vector;
DROP EXTENSION vector;
SAVEPOINT s2;
CREATE EXTENSION vector;
ROLLBACK TO SAVEPOINT s2;
DROP EXTENSION IF EXISTS vector;
COMMIT;
CREATE EXTENSION vector;
DROP EXTENSION IF EXISTS nosuch, vector;
DROP EXTENSION nosuch;
