-- to_char of timestamps with the common template patterns (FM, TH, quoted text, TZ and OF in the session's
-- TimeZone), to_timestamp of Unix seconds, and COPY TO printing timestamptz and interval in the session's
-- TimeZone and IntervalStyle. Also run against PostgreSQL 15.
SET TimeZone = 'America/New_York';
SELECT to_char(timestamp '2024-03-05 14:07:09.123456', 'YYYY-MM-DD HH24:MI:SS.US'), to_char(timestamp '2024-03-05 14:07:09.123456', 'Day, DD Month YYYY HH12:MI AM');
SELECT to_char(timestamp '2024-03-05 04:07:09', 'FMDay FMDDth FMMonth, YYYY'), to_char(timestamp '2024-03-05 00:07:09', 'dy mon DDD WW IW Q CC J "text" HH:MI:SS pm');
SELECT to_char(timestamptz '2024-07-01 12:00:00+00', 'YYYY-MM-DD"T"HH24:MI:SSOF TZ'), to_char(timestamptz '2024-01-01 12:00:00+00', 'HH24:MI tz OF');
SELECT to_char(date '2024-12-31', 'IYYY-IW-ID IDDD'), to_char(timestamp '0044-03-15 12:00 BC', 'YYYY BC B.C. ad'), to_char(timestamp '2024-03-01 00:00', 'FF3 MS SSSS Y,YYY');
SELECT to_char(date '2024-03-21', 'DDth DDTH MONTH Mon MON month'), to_char(date '2024-03-22', 'FMDDth'), to_char(date '2024-03-13', 'FMDDth');
SELECT to_timestamp(1700000000), to_timestamp(1700000000.5), to_timestamp(0);
CREATE TABLE stamps (at timestamptz, d interval);
INSERT INTO stamps VALUES ('2024-07-01 08:00:00', '1 day 02:00:00');
SELECT at, d FROM stamps;
SET TimeZone = 'Asia/Kolkata';
SET IntervalStyle = iso_8601;
COPY stamps TO STDOUT;
COPY (SELECT at, d, at::date FROM stamps) TO STDOUT (FORMAT csv);
SELECT to_char(at, 'HH24:MI OF TZ') FROM stamps;
DROP TABLE stamps;
