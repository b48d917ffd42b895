-- Set-returning functions in the select list that vecgres refuses where PostgreSQL 15 answers
-- (0A000 naming the construct): in an aggregate query, nested in another's arguments, returning
-- a record.
CREATE TABLE sr (id int PRIMARY KEY, tags text[]);
SELECT count(*), unnest(ARRAY[1]) FROM sr;
SELECT unnest(tags), count(*) FROM sr GROUP BY id;
SELECT generate_series(1, generate_series(1, 2));
SELECT jsonb_each('{"a": 1}');
SELECT jsonb_each_text('{"a": 1}') FROM sr;
-- generate_series of timestamps steps by an interval
SELECT * FROM generate_series('2020-01-01'::timestamp, '2020-01-03', '1 day');
