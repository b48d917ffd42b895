-- EXPLAIN of UPDATE and DELETE: a Modify node over the scan a SELECT of
-- the same rows uses (a key or B-tree index scan, or a sequential scan
-- with WHERE as its filter), then the statements run through that plan.
-- Compared with PostgreSQL 15's EXPLAIN (COSTS OFF): the same lines but
-- for vecgres's row estimates, which it prints under every option.

CREATE TABLE em (id int PRIMARY KEY, v int, k int);
INSERT INTO em SELECT g, g % 10, g * 3 FROM generate_series(1, 1000) g;
CREATE INDEX em_k_idx ON em (k);
ANALYZE em;
EXPLAIN UPDATE em SET v = v + 1 WHERE id = 5;
EXPLAIN UPDATE em SET v = 0 WHERE k = 21;
EXPLAIN UPDATE em SET k = -k WHERE v = 3;
EXPLAIN UPDATE em SET v = 1;
EXPLAIN DELETE FROM em WHERE id = 9 RETURNING id, k;
EXPLAIN DELETE FROM em WHERE v > 100;
EXPLAIN DELETE FROM em;
EXPLAIN UPDATE em SET v = 2 WHERE id = (SELECT 7);
UPDATE em SET v = v + 1 WHERE id = 5 RETURNING id, v;
UPDATE em SET v = 0 WHERE k = 21 RETURNING *;
DELETE FROM em WHERE id = 9 RETURNING id, k;
DELETE FROM em WHERE v = 5;
UPDATE em SET k = k + 1 WHERE id = (SELECT 7) RETURNING k;
UPDATE em SET v = v WHERE v > 100;
SELECT count(*), sum(v), sum(k) FROM em;
