-- What vecgres still refuses of records (PostgreSQL answers them all): columns of a row type or of
-- record (CREATE TABLE AS, views), and a JSON array of arrays, which would make a
-- multidimensional array.
CREATE TABLE rr (id int, name text);
INSERT INTO rr VALUES (1, 'x');
CREATE TABLE rr_copy AS SELECT r FROM rr r;
CREATE VIEW rr_view AS SELECT ROW(id, name) AS r FROM rr;
SELECT * FROM json_to_record('{"a": [[1], [2]]}') AS x(a int[]);
