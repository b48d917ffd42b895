-- The SET forms frameworks send (PostgreSQL 15 docs, SET): Sequelize's
-- SET TIME ZONE INTERVAL '+00:00' HOUR TO MINUTE on every connection,
-- the other TIME ZONE forms, TO DEFAULT, SESSION and LOCAL, NAMES and
-- SCHEMA; also run against PostgreSQL 15 (TestGoldenPG15).
SET TIME ZONE INTERVAL '+00:00' HOUR TO MINUTE;
SHOW TimeZone;
SET TIME ZONE INTERVAL '-08:00' HOUR TO MINUTE;
SHOW TimeZone;
SET TIME ZONE INTERVAL '+05:30';
SHOW TimeZone;
SET TIME ZONE 5;
SHOW TimeZone;
SET TIME ZONE -3.5;
SHOW TimeZone;
SET timezone = 167;
SHOW TimeZone;
SET TIME ZONE 168;
SET TIME ZONE INTERVAL '1 day';
SET TIME ZONE 'UTC';
SHOW TimeZone;
SET TIME ZONE LOCAL;
SET TIME ZONE DEFAULT;
SET SESSION TIME ZONE 'UTC';
SHOW TimeZone;
BEGIN;
SET LOCAL TIME ZONE INTERVAL '+01:00' HOUR TO MINUTE;
SHOW TimeZone;
COMMIT;
SHOW TimeZone;
SET search_path TO DEFAULT;
SHOW search_path;
SET SCHEMA 'pg_catalog';
SHOW search_path;
SET SESSION search_path = public;
SHOW search_path;
SET NAMES 'UTF8';
SHOW client_encoding;
SET application_name TO DEFAULT;
SHOW application_name;
