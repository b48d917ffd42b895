-- now() = transaction_timestamp() = CURRENT_TIMESTAMP is the transaction's start, fixed until it ends;
-- statement_timestamp() the statement's start; clock_timestamp() the call's time (PostgreSQL 15 docs
-- 9.9.5). The values themselves are not printed; also run against PostgreSQL 15.
SELECT count(DISTINCT now()), count(DISTINCT transaction_timestamp()), count(DISTINCT statement_timestamp()) FROM generate_series(1, 20000);
SELECT count(DISTINCT clock_timestamp()) > 1 FROM generate_series(1, 20000);
SELECT now() = transaction_timestamp(), now() = CURRENT_TIMESTAMP, now() = statement_timestamp(), clock_timestamp() >= now();
SELECT pg_typeof(now()), pg_typeof(statement_timestamp()), pg_typeof(clock_timestamp()), pg_typeof(CURRENT_DATE), pg_typeof(LOCALTIMESTAMP), pg_typeof(CURRENT_TIMESTAMP(2));
SELECT CURRENT_DATE = now()::date, LOCALTIMESTAMP = now()::timestamp, CURRENT_TIMESTAMP(0) = now()::timestamptz(0), CURRENT_TIMESTAMP(2) = now()::timestamptz(2), LOCALTIMESTAMP(3) = now()::timestamp(3);
CREATE TABLE clk (n int, t timestamptz DEFAULT now(), c timestamptz DEFAULT clock_timestamp());
BEGIN;
SELECT pg_sleep(0.02);
INSERT INTO clk (n) SELECT g FROM generate_series(1, 1000) g;
SELECT pg_sleep(0.02);
INSERT INTO clk (n) VALUES (0);
SELECT count(DISTINCT t), bool_and(t = now()), bool_and(c > now()), count(DISTINCT c) > 1 FROM clk;
SELECT now() = transaction_timestamp(), statement_timestamp() > now(), clock_timestamp() > statement_timestamp();
COMMIT;
SELECT count(*) FROM clk WHERE t < now();
DROP TABLE clk;
