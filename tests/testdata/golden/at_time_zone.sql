-- AT TIME ZONE (PostgreSQL 15 docs 9.9.4) with tz database names and POSIX offsets (west of UTC
-- positive), the daylight-saving gap and overlap, and SET TIME ZONE's check of the zone; the session
-- zone stays UTC here; also run against PostgreSQL 15.
SET TIME ZONE 'UTC';
SELECT '2024-07-01 12:00:00+00'::timestamptz AT TIME ZONE 'Europe/Paris', '2024-01-01 12:00:00+00'::timestamptz AT TIME ZONE 'Europe/Paris';
SELECT timezone('america/new_york', '2024-07-01 12:00:00+00'::timestamptz), '2024-07-01 12:00:00+00'::timestamptz AT TIME ZONE 'Asia/Kolkata';
SELECT '2024-07-01 12:00:00'::timestamp AT TIME ZONE 'America/New_York', '2024-12-01 12:00:00'::timestamp AT TIME ZONE 'America/New_York';
SELECT '2024-01-01 12:00:00+00'::timestamptz AT TIME ZONE '+05:30', '2024-01-01 12:00:00+00'::timestamptz AT TIME ZONE 'UTC+3', '2024-01-01 12:00:00+00'::timestamptz AT TIME ZONE '-8';
SELECT '2024-01-01 12:00:00.123456+00'::timestamptz AT TIME ZONE 'utc', '1999-12-31 23:59:59.5'::timestamp AT TIME ZONE 'Asia/Tokyo';
SELECT '2024-03-31 02:30:00'::timestamp AT TIME ZONE 'Europe/Paris', '2024-10-27 02:30:00'::timestamp AT TIME ZONE 'Europe/Paris';
SELECT '2024-03-10 02:30:00'::timestamp AT TIME ZONE 'America/New_York', '2024-11-03 01:30:00'::timestamp AT TIME ZONE 'America/New_York';
SELECT 'infinity'::timestamptz AT TIME ZONE 'Europe/Paris', '-infinity'::timestamp AT TIME ZONE 'Europe/Paris';
SELECT now() AT TIME ZONE NULL, NULL::timestamptz AT TIME ZONE 'Europe/Paris';
SELECT pg_typeof(now() AT TIME ZONE 'UTC'), pg_typeof(LOCALTIMESTAMP AT TIME ZONE 'UTC');
SELECT (now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris' = now();
SELECT '2024-01-01 12:00:00+00'::timestamptz AT TIME ZONE 'Nowhere/Bogus';
SET TIME ZONE 'Nowhere/Bogus';
SET timezone = 'Local';
SET timezone = 'europe/paris';
SHOW timezone;
SET TIME ZONE 'America/New_York';
SHOW TimeZone;
SET TIME ZONE '+05:30';
SHOW timezone;
SET TIME ZONE 5;
SHOW timezone;
SET TIME ZONE INTERVAL '+02:00' HOUR TO MINUTE;
SHOW timezone;
