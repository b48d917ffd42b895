-- SELECT ... FOR UPDATE | FOR SHARE over joins, with and without OF, and their errors (checked against PostgreSQL 15)
CREATE TABLE la (id int PRIMARY KEY, v text);
CREATE TABLE lb (id int, a_id int, w text);
INSERT INTO la VALUES (1, 'a'), (2, 'b'), (3, 'c');
INSERT INTO lb VALUES (10, 1, 'x'), (11, 1, 'y'), (12, 2, 'z');
SELECT la.id, lb.w FROM la JOIN lb ON lb.a_id = la.id ORDER BY lb.id FOR UPDATE;
SELECT la.id, lb.w FROM la JOIN lb ON lb.a_id = la.id ORDER BY lb.id FOR UPDATE OF la;
SELECT x.id, lb.w FROM la x, lb WHERE lb.a_id = x.id ORDER BY lb.id FOR SHARE OF x NOWAIT;
SELECT la.id FROM la, lb WHERE lb.a_id = la.id ORDER BY lb.id LIMIT 1 FOR UPDATE OF lb SKIP LOCKED;
SELECT * FROM la LEFT JOIN lb ON lb.a_id = la.id ORDER BY la.id, lb.id FOR UPDATE OF la;
SELECT la.id, g FROM la, generate_series(1, 2) g ORDER BY 1, 2 FOR UPDATE;
SELECT la.id FROM la JOIN lb ON lb.a_id = la.id ORDER BY lb.id FOR UPDATE OF la, lb FOR SHARE OF la;
SELECT la.*, lb.* FROM la JOIN lb ON lb.a_id = la.id WHERE lb.w > 'x' ORDER BY lb.id FOR NO KEY UPDATE OF lb FOR KEY SHARE OF la;
BEGIN;
SELECT la.id, lb.id FROM la JOIN lb ON lb.a_id = la.id ORDER BY lb.id FOR UPDATE;
UPDATE la SET v = 'aa' WHERE id = 1;
COMMIT;
SELECT * FROM la ORDER BY id;
-- errors
SELECT * FROM la JOIN lb ON lb.a_id = la.id FOR UPDATE OF nosuch;
SELECT * FROM la x JOIN lb ON lb.a_id = x.id FOR UPDATE OF la;
SELECT * FROM la LEFT JOIN lb ON lb.a_id = la.id FOR UPDATE;
SELECT * FROM la LEFT JOIN lb ON lb.a_id = la.id FOR UPDATE OF lb;
SELECT * FROM (la JOIN lb ON lb.a_id = la.id) j FOR UPDATE OF j;
SELECT la.id, g FROM la, generate_series(1, 2) g ORDER BY 1, 2 FOR UPDATE OF g;
SELECT la.id FROM la, lb WHERE lb.a_id = la.id GROUP BY la.id FOR UPDATE;
SELECT DISTINCT la.id FROM la, lb WHERE lb.a_id = la.id FOR SHARE OF lb;
SELECT la.id FROM la, lb WHERE lb.a_id = la.id FOR UPDATE OF public.la;
