-- interval input (postgres and ISO 8601 forms, units, fractions, ago, field ranges), output in each
-- IntervalStyle vecgres prints, and the date/time arithmetic and functions frameworks send. Also run
-- against PostgreSQL 15.
SET TimeZone = 'UTC';
SELECT interval '1 year 2 months 3 days 04:05:06.5', interval '-1 day +2 hours', interval '1.5 months', interval '3 days ago';
SELECT interval 'P1Y2M3DT4H5M6S', interval 'PT1.5H', interval '@ 1 minute', interval '90 minutes', interval '1 week 2 days';
SELECT interval '2' day, interval '2' hour, interval '1 day 02:03:04' hour to minute, interval '1.2345 seconds' second(2);
SELECT interval '1 mon' = interval '30 days', interval '1 day' > interval '23 hours', interval '-1:30', interval '0';
SELECT interval '1 day 1 day';
SELECT interval 'forever';
SELECT interval '99999999999999999999 days';
SET IntervalStyle = iso_8601;
SELECT interval '1 year -2 mons 3 days 04:05:06.5', interval '0', interval '-00:00:01';
SET IntervalStyle = postgres_verbose;
SELECT interval '1 year -2 mons 3 days 04:05:06.5', interval '-1 day', interval '0', interval '1.5 seconds';
SET IntervalStyle = 'no_such_style';
RESET IntervalStyle;
SELECT date '2024-02-28' + 2, 7 + date '2024-02-28', date '2024-03-01' - date '2024-02-01', date '2024-03-01' - 1;
SELECT date '2024-01-31' + interval '1 month', date '2024-01-01' + time '12:30', date '2024-03-01' - interval '1 day';
SELECT timestamp '2024-01-31 10:00' + interval '1 month', timestamp '2024-03-10 12:00' - timestamp '2024-03-09 11:30';
SELECT timestamp '2024-02-29 00:00' + interval '1 year', timestamp '2024-01-01' - interval '1 year 1 second';
SELECT interval '1 day' * 1.5, interval '1 month' / 7, -interval '1 day 02:00', interval '1 hour' + interval '30 minutes', 2 * interval '1 mon 1 day';
SELECT interval '1 day' / 0;
SELECT time '23:00' + interval '2 hours', time '10:00' - time '08:30', time '12:34:56.789', time '23:59', time '24:00:00';
SELECT time '25:00';
SELECT extract(year from timestamp '2024-03-10 12:34:56.5'), extract(second from timestamp '2024-03-10 12:34:56.5'),
  extract(milliseconds from timestamp '2024-03-10 12:34:56.5'), extract(epoch from timestamp '2024-03-10 12:00');
SELECT extract(dow from date '2024-03-10'), extract(isodow from date '2024-03-10'), extract(doy from date '2024-12-31'),
  extract(week from date '2024-01-01'), extract(isoyear from date '2021-01-01'), extract(quarter from date '2024-08-10');
SELECT extract(century from date '2001-01-01'), extract(millennium from date '2000-12-31'), extract(decade from date '2024-01-01'),
  extract(epoch from date '2024-01-01'), extract(year from date '0044-03-15 BC');
SELECT extract(epoch from interval '1 month 2 days 03:00:00'), extract(milliseconds from interval '1 minute 2.5 seconds'),
  extract(hour from interval '27 hours'), extract(month from interval '14 months'), extract(minute from time '12:34:56');
SELECT date_part('year', timestamp '2024-03-10'), date_part('second', interval '1.25 seconds'), date_part('day', date '2024-03-10');
SELECT extract(hour from date '2024-01-01');
SELECT extract(fortnight from timestamp '2024-01-01');
SELECT extract(dow from interval '1 day');
SELECT date_trunc('month', timestamp '2024-03-10 12:00'), date_trunc('week', timestamp '2024-03-10 12:00'),
  date_trunc('quarter', timestamp '2024-08-10'), date_trunc('century', timestamp '2024-08-10'), date_trunc('decade', timestamp '2024-08-10');
SELECT date_trunc('hour', interval '1 day 03:45'), date_trunc('year', interval '2 years 3 months'), date_trunc('millisecond', timestamp '2024-01-01 00:00:00.123456');
SELECT date_trunc('foo', timestamp '2024-01-01');
SELECT date_trunc('week', interval '1 day');
SELECT age(timestamp '2024-03-10', timestamp '2023-01-31 10:00'), age(timestamp '2023-01-31', timestamp '2024-03-10 10:00'), age(timestamp '2024-03-31', timestamp '2024-02-29');
SELECT justify_days(interval '65 days'), justify_hours(interval '50 hours'), justify_interval(interval '1 mon -1 hour'), justify_days(interval '-35 days');
SELECT make_date(2024, 2, 29), make_date(-44, 3, 15), make_timestamp(2024, 3, 10, 2, 30, 0.5), make_interval(1, 2, 0, 3), make_time(8, 15, 23.5);
SELECT make_date(2023, 2, 29);
SELECT make_timestamp(2024, 1, 1, 25, 0, 0);
SELECT * FROM generate_series(timestamp '2024-01-31', timestamp '2024-05-01', '1 month');
SELECT * FROM generate_series(timestamp '2024-01-01 12:00', timestamp '2024-01-01 10:00', interval '-1 hour');
SELECT * FROM generate_series(timestamp '2024-01-01', timestamp '2024-01-02', interval '0');
CREATE TABLE events (id int, at timestamptz, dur interval, t time);
INSERT INTO events VALUES (1, '2024-01-01 10:00+00', '1 hour', '08:00'), (2, '2024-01-02 10:00+00', '30 minutes', '09:30'),
  (3, '2024-01-03 10:00+00', '2 days', '23:59:59.5');
SELECT id, at + dur AS ends, t + dur AS t2 FROM events WHERE at > timestamptz '2024-01-01 12:00+00' - interval '1 day' ORDER BY dur;
SELECT sum(extract(epoch from dur)) AS secs, max(dur), min(t) FROM events;
SELECT pg_typeof(dur), pg_typeof(t), pg_typeof(at - at) FROM events LIMIT 1;
DROP TABLE events;
SET DateStyle = 'ISO, DMY';
SHOW DateStyle;
SET DateStyle = 'foo';
SET DateStyle = 'ISO, SQL';
RESET DateStyle;
SHOW DateStyle;
