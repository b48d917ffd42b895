-- CONCURRENTLY and VACUUM refuse to run in a transaction block (PostgreSQL 15: 25001)
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE ci (id int, e text, v vector(2));
INSERT INTO ci VALUES (1, 'a', '[1,1]'), (2, 'b', '[2,2]');
BEGIN;
CREATE INDEX CONCURRENTLY ci_e ON ci (e);
ROLLBACK;
BEGIN;
CREATE INDEX CONCURRENTLY IF NOT EXISTS ci_v ON ci USING hnsw (v vector_l2_ops);
ROLLBACK;
-- checked before the table is looked up
BEGIN;
CREATE INDEX CONCURRENTLY ci_x ON nosuch (id);
ROLLBACK;
-- after another statement of the block, the block is aborted
BEGIN;
SELECT 1;
CREATE INDEX CONCURRENTLY ci_x ON ci (id);
SELECT 2;
ROLLBACK;
SELECT indexname FROM pg_indexes WHERE tablename = 'ci' ORDER BY 1;
-- outside a block CONCURRENTLY builds as a plain CREATE INDEX
CREATE INDEX CONCURRENTLY ci_e ON ci (e);
CREATE INDEX CONCURRENTLY ci_v ON ci USING hnsw (v vector_l2_ops);
SELECT id FROM ci ORDER BY v <-> '[2,2]' LIMIT 1;
BEGIN;
DROP INDEX CONCURRENTLY ci_e;
ROLLBACK;
BEGIN;
REINDEX INDEX CONCURRENTLY ci_v;
ROLLBACK;
BEGIN;
REINDEX TABLE CONCURRENTLY ci;
ROLLBACK;
-- plain REINDEX and ANALYZE run in a block
BEGIN;
REINDEX INDEX ci_v;
ANALYZE ci;
COMMIT;
BEGIN;
VACUUM ci;
ROLLBACK;
BEGIN;
VACUUM;
ROLLBACK;
-- the implicit block of a multi-statement query
SELECT 1; VACUUM ci;
CREATE TABLE ci2 (a int); CREATE INDEX CONCURRENTLY ci2_a ON ci2 (a);
SELECT count(*) FROM pg_tables WHERE tablename = 'ci2';
REINDEX INDEX CONCURRENTLY ci_v;
DROP INDEX CONCURRENTLY ci_e, ci_v;
DROP INDEX CONCURRENTLY ci_e;
DROP INDEX CONCURRENTLY IF EXISTS ci_e;
VACUUM ci;
SELECT indexname FROM pg_indexes WHERE tablename = 'ci' ORDER BY 1;
