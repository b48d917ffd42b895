-- Sequences where vecgres differs from PostgreSQL 15 (README, Limits): a
-- serial column's sequence is kept with its column, so ALTER and DROP
-- SEQUENCE on it are 0A000 (nextval, currval, setval and SELECT work);
-- log_cnt is always 0 (each value is logged as it is handed out).
CREATE TABLE ser (id serial PRIMARY KEY, v text);
ALTER SEQUENCE ser_id_seq RESTART;
DROP SEQUENCE ser_id_seq;
DROP SEQUENCE IF EXISTS ser_id_seq;
SELECT nextval('ser_id_seq'), currval('ser_id_seq');
SELECT * FROM ser_id_seq;
CREATE SEQUENCE s;
SELECT nextval('s');
SELECT * FROM s;
DROP TABLE ser;
DROP SEQUENCE s;
