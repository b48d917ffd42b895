-- ON CONFLICT (cols) WHERE pred: arbiter inference of partial unique
-- indexes (planner/conflict_infer.go; PostgreSQL 15 docs, INSERT, "ON
-- CONFLICT Clause"), and DO UPDATE ... WHERE.
CREATE TABLE oc (id int PRIMARY KEY, email text, active bool, n int);
CREATE UNIQUE INDEX oc_email_active ON oc (email) WHERE active;
INSERT INTO oc VALUES (1, 'a', true, 1), (2, 'a', false, 1);
-- A partial index is not inferred without a WHERE implying its predicate.
INSERT INTO oc VALUES (3, 'a', true, 5) ON CONFLICT (email) DO NOTHING;
INSERT INTO oc VALUES (3, 'a', true, 5) ON CONFLICT (email) WHERE n > 0 DO NOTHING;
INSERT INTO oc VALUES (3, 'a', true, 5) ON CONFLICT (email) WHERE active DO UPDATE SET n = oc.n + excluded.n RETURNING *;
INSERT INTO oc VALUES (4, 'a', true, 5) ON CONFLICT (email) WHERE active AND n > 0 DO NOTHING;
INSERT INTO oc VALUES (4, 'b', false, 5) ON CONFLICT (email) WHERE active DO NOTHING RETURNING *;
-- A key without a predicate is inferred whatever the WHERE says.
INSERT INTO oc VALUES (5, 'b', true, 5) ON CONFLICT (id) WHERE active DO NOTHING RETURNING *;
INSERT INTO oc VALUES (5, 'c', true, 9) ON CONFLICT (id) WHERE n < 0 DO UPDATE SET n = excluded.n RETURNING *;
INSERT INTO oc VALUES (6, 'b', true, 5) ON CONFLICT (email) WHERE nosuch DO NOTHING;
-- DO UPDATE ... WHERE leaves a row whose condition is false alone.
INSERT INTO oc VALUES (6, 'b', true, 5) ON CONFLICT (email) WHERE active DO UPDATE SET n = 0 WHERE oc.n > 100 RETURNING *;
INSERT INTO oc VALUES (1, 'z', true, 5) ON CONFLICT (id) DO UPDATE SET n = 7 WHERE oc.n < 0 RETURNING *;
SELECT * FROM oc ORDER BY id;
DROP TABLE oc;
