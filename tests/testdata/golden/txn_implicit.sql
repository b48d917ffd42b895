-- implicit transactions: the statements of one Query message commit or
-- roll back together (PostgreSQL 15, §55.2.2.1)
CREATE TABLE pp (a int PRIMARY KEY, v vector(2));
INSERT INTO pp VALUES (10, '[1,0]'); INSERT INTO pp VALUES (10, '[1,1]'); INSERT INTO pp VALUES (11, '[0,1]');
SELECT count(*) FROM pp;
INSERT INTO pp VALUES (1, '[1,0]'); INSERT INTO pp VALUES (2, '[0,1]'); SELECT a FROM pp ORDER BY v <-> '[1,0]' LIMIT 1;
SELECT a FROM pp ORDER BY a;
INSERT INTO pp VALUES (3, '[1,1]'); SELEC 1;
INSERT INTO pp VALUES (4, '[1,1]'); SELECT 1/0; INSERT INTO pp VALUES (5, '[1,1]');
SELECT a FROM pp ORDER BY a;
-- COMMIT and ROLLBACK inside the string warn and end the implicit transaction
INSERT INTO pp VALUES (6, '[2,2]'); COMMIT; INSERT INTO pp VALUES (7, '[2,2]'); ROLLBACK;
SELECT a FROM pp ORDER BY a;
-- BEGIN takes the statements before it into the block
INSERT INTO pp VALUES (8, '[3,3]'); BEGIN; INSERT INTO pp VALUES (9, '[3,3]');
ROLLBACK;
SELECT a FROM pp ORDER BY a;
BEGIN; INSERT INTO pp VALUES (8, '[3,3]'); INSERT INTO pp VALUES (8, '[3,3]'); INSERT INTO pp VALUES (9, '[3,3]');
SELECT 1;
COMMIT;
SELECT a FROM pp ORDER BY a;
-- statements that refuse a transaction block refuse a multi-statement string
SELECT 1; DISCARD ALL;
-- every error fails a block: syntax errors and unsupported statements too
BEGIN;
SELEC 1;
SELECT 1;
COMMIT;
BEGIN;
LISTEN x;
SELECT 1;
ROLLBACK;
