-- Advisory locks in one session (PostgreSQL 15 docs 9.27.10): session holds re-entrant, the
-- (int, int) key space apart from bigint's, transaction holds ending with their transaction,
-- unlocking what is not held a warning; also run against PostgreSQL 15. TestAdvisoryLocks covers
-- two sessions.
SELECT pg_advisory_lock(1), pg_advisory_lock(1), pg_try_advisory_lock(1, 1), pg_advisory_lock_shared(2);
SELECT pg_advisory_unlock(1), pg_advisory_unlock(1), pg_advisory_unlock(1);
SELECT pg_advisory_unlock(1, 1), pg_advisory_unlock(1, 1), pg_advisory_unlock_shared(2), pg_advisory_unlock(2);
BEGIN;
SELECT pg_advisory_xact_lock(3), pg_try_advisory_xact_lock_shared(4), pg_advisory_xact_lock(5, 6);
SELECT pg_advisory_unlock(3);
COMMIT;
SELECT pg_advisory_lock(7), pg_advisory_lock_shared(8);
SELECT pg_advisory_unlock_all();
SELECT pg_advisory_unlock(7);
SELECT pg_advisory_lock(NULL), pg_try_advisory_lock(NULL::bigint);
SELECT pg_advisory_lock('x');
SELECT pg_advisory_lock(1.5);
