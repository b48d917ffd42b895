-- timestamptz reads (without an offset) and prints in the session's TimeZone, as PostgreSQL's
-- timestamptz_in/out: a tz database zone across New York's DST changes, UTC, POSIX offsets. Also run
-- against PostgreSQL 15.
SET TimeZone = 'UTC';
SELECT timestamptz '2024-03-10 06:59:59+00', timestamptz '2024-03-10 07:00:00+00';
SET TimeZone = 'America/New_York';
SHOW TimeZone;
SELECT timestamptz '2024-03-10 06:59:59+00', timestamptz '2024-03-10 07:00:00+00';
SELECT timestamptz '2024-03-10 01:30:00', timestamptz '2024-03-10 02:30:00', timestamptz '2024-03-10 03:30:00';
SELECT timestamptz '2024-11-03 00:30:00', timestamptz '2024-11-03 01:30:00', timestamptz '2024-11-03 02:30:00';
SELECT timestamptz '2024-11-03 05:30:00+00', timestamptz '2024-11-03 06:30:00+00';
SELECT timestamptz '2024-07-01 12:00:00 Europe/Paris', timestamptz '2024-07-01T12:00:00Z';
SELECT '2024-07-01 12:00:00'::timestamp::timestamptz, '2024-07-01 12:00:00+00'::timestamptz::timestamp;
SELECT '2024-07-01 03:00:00+00'::timestamptz::date, date '2024-07-01'::timestamptz;
SELECT '2024-01-15 10:00:00+00'::timestamptz::text, '2024-01-15 10:00:00+00'::timestamptz::time;
SELECT timestamp '2024-07-01 12:00' = timestamptz '2024-07-01 16:00+00', timestamptz '2024-07-01 16:00+00' > timestamp '2024-07-01 12:00',
  date '2024-07-01' < timestamptz '2024-07-01 03:00+00', current_date = (now() AT TIME ZONE 'America/New_York')::date;
SELECT timestamptz '2024-03-09 12:00' + interval '1 day', timestamptz '2024-03-09 12:00' + interval '24 hours';
SELECT timestamptz '2024-03-11 00:00' - timestamptz '2024-03-10 00:00';
SELECT date_trunc('day', timestamptz '2024-03-10 12:00'), date_trunc('hour', timestamptz '2024-11-03 01:30:00-04');
SELECT extract(timezone from timestamptz '2024-07-01 00:00'), extract(timezone_hour from timestamptz '2024-01-01 00:00'),
  extract(hour from timestamptz '2024-07-01 12:00+00'), date_part('epoch', timestamptz '2024-07-01 00:00');
SELECT * FROM generate_series(timestamptz '2024-03-09 00:00', timestamptz '2024-03-12 00:00', interval '1 day');
SELECT timestamptz '2024-01-01 00:00' AT TIME ZONE 'UTC', timestamp '2024-01-01 00:00' AT TIME ZONE 'Asia/Kolkata';
SET TIME ZONE '+05:30';
SHOW TimeZone;
SELECT timestamptz '2024-01-01 00:00:00+00', timestamptz '2024-01-01 00:00:00';
SET TIME ZONE INTERVAL '+05:30' HOUR TO MINUTE;
SHOW TimeZone;
SELECT timestamptz '2024-01-01 00:00:00+00';
SET TimeZone = 'Asia/Kolkata';
SELECT timestamptz '2024-01-01 00:00:00+00', make_timestamptz(2024, 1, 1, 12, 0, 0), make_timestamptz(2024, 7, 1, 12, 0, 0, 'America/New_York');
SET TimeZone = 'Europe/Nowhere';
SELECT timestamptz '2024-01-01 25:00:00';
SELECT timestamptz '2024-02-30 00:00:00';
SELECT timestamptz 'tomorrow-ish';
SELECT timestamptz '2024-01-01 00:00:00+16';
SELECT timestamptz '2024-01-01' AT TIME ZONE 'Mars/Olympus';
