-- Unique expression indexes (planner/unique_expr.go, catalog
-- Constraint.KeyExpr): enforced on INSERT and UPDATE (COPY: TestCopyUniqueExpr) with
-- PostgreSQL's DETAIL, and inferred by ON CONFLICT ((expr)).
CREATE TABLE ux (id int PRIMARY KEY, email text, active bool DEFAULT true);
INSERT INTO ux VALUES (1, 'Ann@x'), (2, 'bob@x'), (3, NULL), (4, NULL);
CREATE UNIQUE INDEX ON ux ((lower(email)));
SELECT pg_get_indexdef('ux_lower_idx'::regclass);
SELECT indkey, indisunique, indnatts FROM pg_index WHERE indexrelid = 'ux_lower_idx'::regclass;
INSERT INTO ux VALUES (5, 'ann@X');
INSERT INTO ux VALUES (5, 'carl@x'), (6, NULL);
UPDATE ux SET email = 'BOB@X' WHERE id = 1;
UPDATE ux SET email = 'ANN@X' WHERE id = 1;
INSERT INTO ux (id, email) SELECT g, CASE g WHEN 7 THEN 'dan@x' ELSE 'Dan@X' END FROM generate_series(7, 8) g;
SELECT id, email FROM ux ORDER BY id;
-- ON CONFLICT infers the index from its expression.
INSERT INTO ux VALUES (9, 'Bob@X') ON CONFLICT ((lower(email))) DO UPDATE SET email = excluded.email RETURNING id, email;
INSERT INTO ux VALUES (9, 'CARL@x') ON CONFLICT ((lower(email))) DO NOTHING;
INSERT INTO ux VALUES (9, 'zed@x') ON CONFLICT ((lower(email))) DO NOTHING RETURNING id;
INSERT INTO ux VALUES (10, 'x@x') ON CONFLICT ((upper(email))) DO NOTHING;
INSERT INTO ux VALUES (10, 'x@x') ON CONFLICT (email) DO NOTHING;
-- A partial unique expression index, inferred with its predicate.
DROP INDEX ux_lower_idx;
CREATE UNIQUE INDEX ux_active ON ux ((upper(email))) WHERE active;
INSERT INTO ux VALUES (11, 'ZED@X', false);
INSERT INTO ux VALUES (12, 'zed@X');
INSERT INTO ux VALUES (12, 'ZeD@x', true) ON CONFLICT ((upper(email))) WHERE active DO UPDATE SET active = false RETURNING id, email, active;
-- Creating one over duplicates fails with PostgreSQL's DETAIL.
CREATE TABLE uy (id int, e text);
INSERT INTO uy VALUES (1, 'a'), (2, 'A');
CREATE UNIQUE INDEX ON uy ((lower(e)));
DROP TABLE uy;
DROP INDEX ux_active;
INSERT INTO ux VALUES (13, 'ANN@x');
DROP TABLE ux;
