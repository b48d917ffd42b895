-- Sequences where vecgres differs from PostgreSQL 15 (README, Limits):
-- log_cnt is always 0 (each value is logged as it is handed out), also
-- for a serial column's sequence.
CREATE TABLE ser (id serial PRIMARY KEY, v text);
SELECT nextval('ser_id_seq'), currval('ser_id_seq');
SELECT * FROM ser_id_seq;
CREATE SEQUENCE s;
SELECT nextval('s');
SELECT * FROM s;
DROP TABLE ser;
DROP SEQUENCE s;
