-- UNIQUE constraints and unique indexes, as PostgreSQL 15
CREATE TABLE u (id int PRIMARY KEY, a int UNIQUE, b text, c int, UNIQUE (b, c));
INSERT INTO u VALUES (1, 1, 'x', 1), (2, 2, 'x', 2);
INSERT INTO u VALUES (3, 1, 'y', 1);
INSERT INTO u VALUES (3, 3, 'x', 1);
-- NULLs never collide
INSERT INTO u VALUES (4, NULL, NULL, 1), (5, NULL, NULL, 1), (6, NULL, 'x', NULL), (7, NULL, 'x', NULL);
SELECT id, a, b, c FROM u ORDER BY id;
-- UPDATE and a row's own key
UPDATE u SET b = 'x', c = 1 WHERE id = 2;
UPDATE u SET a = a WHERE id = 1;
UPDATE u SET a = 10 WHERE id = 1;
INSERT INTO u VALUES (8, 1, 'z', 0);
-- a duplicate within one statement
INSERT INTO u VALUES (9, 20, 'q', 0), (10, 20, 'q', 1);
-- a deleted row frees its key
DELETE FROM u WHERE id = 2;
INSERT INTO u VALUES (2, 2, 'x', 2);
-- inside a transaction block, the rollback frees the key
BEGIN;
INSERT INTO u VALUES (11, 11, 'r', 11);
ROLLBACK;
INSERT INTO u VALUES (11, 11, 'r', 11);
-- named constraints and collisions
CREATE TABLE n (a int CONSTRAINT n_uniq UNIQUE, b int, CONSTRAINT n_b UNIQUE (b));
INSERT INTO n VALUES (1, 1), (1, 2);
INSERT INTO n VALUES (2, 1);
CREATE TABLE n_a_key (x int);
CREATE TABLE m (a int UNIQUE);
CREATE TABLE m2 (a int UNIQUE, CONSTRAINT m2_a_key UNIQUE (a));
CREATE TABLE n_a_key2 (a int, CONSTRAINT n_b UNIQUE (a));
-- CREATE UNIQUE INDEX: multi-column, IF NOT EXISTS, named, on duplicates
CREATE TABLE v (ns text, vid text, val int);
INSERT INTO v VALUES ('a', '1', 1), ('a', '2', 2), ('b', '1', 3);
CREATE UNIQUE INDEX v_ns_vid ON v (ns, vid);
CREATE UNIQUE INDEX IF NOT EXISTS v_ns_vid ON v (ns, vid);
CREATE UNIQUE INDEX v_ns_vid ON v (ns, vid);
CREATE UNIQUE INDEX ON v (val);
CREATE UNIQUE INDEX ON v (ns);
CREATE UNIQUE INDEX bad ON v USING hash (val);
INSERT INTO v VALUES ('a', '1', 9);
INSERT INTO v VALUES ('a', '3', 1);
-- ON CONFLICT on a unique index
INSERT INTO v VALUES ('a', '1', 10) ON CONFLICT (ns, vid) DO UPDATE SET val = EXCLUDED.val;
INSERT INTO v VALUES ('b', '1', 11) ON CONFLICT (vid, ns) DO UPDATE SET val = EXCLUDED.val RETURNING *;
INSERT INTO v VALUES ('c', '1', 12) ON CONFLICT (ns, vid) DO UPDATE SET val = EXCLUDED.val RETURNING *;
INSERT INTO v VALUES ('c', '1', 13), ('d', '1', 12) ON CONFLICT DO NOTHING;
INSERT INTO v VALUES ('d', '1', 12) ON CONFLICT (ns, vid) DO NOTHING;
INSERT INTO v VALUES ('a', '1', 14) ON CONFLICT (ns) DO NOTHING;
INSERT INTO v VALUES ('a', '1', 14) ON CONFLICT ON CONSTRAINT v_ns_vid DO NOTHING;
INSERT INTO v VALUES ('a', '1', 15), ('a', '1', 16) ON CONFLICT (ns, vid) DO UPDATE SET val = EXCLUDED.val;
SELECT * FROM v ORDER BY ns, vid;
-- ON CONFLICT ON CONSTRAINT with a unique constraint
INSERT INTO u VALUES (12, 1, 'k', 1) ON CONFLICT ON CONSTRAINT u_b_c_key DO UPDATE SET a = 100;
INSERT INTO u VALUES (13, 10, 'k', 13) ON CONFLICT (a) DO UPDATE SET b = 'updated' RETURNING id, a, b;
-- NULLS NOT DISTINCT
CREATE TABLE nd (a int, b int, UNIQUE NULLS NOT DISTINCT (a, b));
INSERT INTO nd VALUES (1, NULL);
INSERT INTO nd VALUES (1, NULL);
CREATE UNIQUE INDEX nd_b ON nd (b) NULLS NOT DISTINCT;
-- DROP INDEX of a constraint's index, DROP CONSTRAINT, ADD CONSTRAINT
DROP INDEX u_a_key;
ALTER TABLE u DROP CONSTRAINT u_a_key;
ALTER TABLE u DROP CONSTRAINT u_a_key;
ALTER TABLE u DROP CONSTRAINT IF EXISTS u_a_key;
INSERT INTO u VALUES (14, 10, 'w', 14);
ALTER TABLE u ADD CONSTRAINT u_a_uniq UNIQUE (a);
DELETE FROM u WHERE id = 14;
ALTER TABLE u ADD CONSTRAINT u_a_uniq UNIQUE (a);
ALTER TABLE u ADD CONSTRAINT u_a_uniq UNIQUE (b);
ALTER TABLE u ADD UNIQUE (id, a);
INSERT INTO u VALUES (15, 10, 'w', 15);
ALTER TABLE u DROP CONSTRAINT v_ns_vid;
DROP INDEX v_ns_vid;
INSERT INTO v VALUES ('a', '1', 20);
ALTER TABLE v ADD CONSTRAINT v_val_key UNIQUE (val, nope);
DROP TABLE u, v, n, n_a_key, m, nd;
