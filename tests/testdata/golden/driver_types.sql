-- Types drivers send: bytea, date, timestamp, timestamptz, uuid, jsonb.
-- Text output as PostgreSQL 15 with DateStyle ISO, TimeZone UTC,
-- bytea_output hex, checked against PostgreSQL 15 (C locale). Differences:
-- vecgres has no json type (0A000; PostgreSQL keeps json text as is).
SELECT '\x0102ff'::bytea AS a, 'ab\\c\001'::bytea AS b, ''::bytea AS c;
SELECT '\x0g'::bytea AS a;
SELECT '\x012'::bytea AS a;
SELECT 'a\q'::bytea AS a;
SELECT '2024-01-02'::date AS a, '2024-02-29'::date AS b, 'infinity'::date AS c, '-infinity'::date AS d, '0044-03-15 BC'::date AS e;
SELECT '2023-02-29'::date AS a;
SELECT 'yesterday-ish'::date AS a;
SELECT '2024-01-02 03:04:05.123456'::timestamp AS a, '2024-01-02T03:04:05'::timestamp AS b, '2024-01-02'::timestamp AS c, '2024-01-02 03:04:05+02'::timestamp AS d;
SELECT '2024-01-02 03:04:05.1234567'::timestamp AS a, '2024-01-02 24:00:00'::timestamp AS b, 'epoch'::timestamp AS c, '-infinity'::timestamp AS d;
SELECT '2024-01-02 03:04:05+02'::timestamptz AS a, '2024-01-02T03:04:05.5Z'::timestamptz AS b, '2024-01-02 03:04:05-05:30'::timestamptz AS c, '2024-01-02 03:04:05'::timestamptz AS d;
SELECT '2024-01-02 25:00:00'::timestamp AS a;
SELECT '2024-01-02 03:04:05.123456'::timestamp(2) AS a, '2024-01-02 03:04:05.5'::timestamptz(0) AS b;
SELECT '2024-01-02 03:04:05'::timestamp::date AS a, '2024-01-02'::date::timestamptz AS b, '2024-01-02 03:04:05+00'::timestamptz::timestamp AS c;
SELECT 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'::uuid AS a, '{a0eebc999c0b4ef8bb6d6bb9bd380a11}'::uuid AS b, 'a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11'::uuid AS c;
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1'::uuid AS a;
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid::text AS a, '2024-01-02'::date::text AS b, '\xdead'::bytea::text AS c;
SELECT '{"b": [1, 2.50, 1e3], "a": {"y": null, "x": true}, "aa": "s\"\n"}'::jsonb AS a;
SELECT '{"a": 1, "a": 2}'::jsonb AS a, '[]'::jsonb AS b, '{}'::jsonb AS c, '"\u00e9\ud83d\ude00"'::jsonb AS d, '-0.0'::jsonb AS e, '12E-2'::jsonb AS f;
SELECT '{"a": }'::jsonb AS a;
SELECT '[1, 2'::jsonb AS a;
SELECT '01'::jsonb AS a;
SELECT '"\u0000"'::jsonb AS a;
SELECT '{"a": 1}'::json AS a;
SELECT '{"a": {"b": [10, 20]}}'::jsonb -> 'a' AS a, '{"a": {"b": [10, 20]}}'::jsonb -> 'a' -> 'b' ->> 1 AS b, '[1, 2, 3]'::jsonb -> -1 AS c, '[1, 2, 3]'::jsonb -> 5 AS d, '1'::jsonb -> 0 AS e, '{"a": 1}'::jsonb -> 0 AS f;
SELECT '{"a": "x", "n": null}'::jsonb ->> 'a' AS a, '{"a": "x", "n": null}'::jsonb ->> 'n' AS b, '{"a": "x", "n": null}'::jsonb -> 'n' AS c, '{"a": [1, {"b": 2}]}'::jsonb ->> 'a' AS d;
SELECT '{"a": 1, "b": [1, 2, {"c": 3}]}'::jsonb @> '{"b": [{"c": 3}]}' AS a, '{"a": 1}'::jsonb @> '{"a": 1.0}' AS b, '[1, 2]'::jsonb @> '1' AS c, '1'::jsonb @> '[1]' AS d, '{"a": [1]}'::jsonb @> '{"a": 1}' AS e, '[[1, 2]]'::jsonb @> '[[2]]' AS f;
SELECT '{"a": 1}'::jsonb <@ '{"a": 1, "b": 2}' AS a, '{"a": 1}'::jsonb ? 'a' AS b, '["a", "b"]'::jsonb ? 'b' AS c, '{"x": {"a": 1}}'::jsonb ? 'a' AS d;
SELECT '1'::jsonb = '1.0'::jsonb AS a, '{"a": 1}'::jsonb < '{"a": 1, "b": 0}' AS b, '[]'::jsonb < 'null' AS c, 'null'::jsonb < '[null]' AS d, 'true'::jsonb > '"x"' AS e;
CREATE TABLE docs (id uuid PRIMARY KEY, body jsonb, blob bytea, born date, seen timestamp, at timestamptz);
INSERT INTO docs VALUES
  ('00000000-0000-0000-0000-000000000002', '{"kind": "b", "n": 2, "tags": ["x"]}', '\x02', '2024-01-02', '2024-01-02 10:00:00', '2024-01-02 10:00:00+00'),
  ('00000000-0000-0000-0000-000000000001', '{"kind": "a", "n": 1, "tags": ["x", "y"]}', '\x0001', '2023-12-31', '2023-12-31 23:59:59.5', '2024-01-01 01:00:00+02'),
  ('00000000-0000-0000-0000-000000000003', '{"kind": "a", "n": 3}', '', '2024-02-29', '2024-02-29 00:00:00', '2024-02-29 12:00:00-01');
INSERT INTO docs VALUES ('00000000-0000-0000-0000-000000000001', '{}', NULL, NULL, NULL, NULL);
SELECT * FROM docs ORDER BY id;
SELECT id, body ->> 'n' AS n FROM docs WHERE body ->> 'kind' = 'a' ORDER BY id;
SELECT id FROM docs WHERE body @> '{"tags": ["x"]}' ORDER BY id;
SELECT id FROM docs WHERE body ? 'tags' AND born >= '2024-01-01' ORDER BY born DESC;
SELECT id FROM docs WHERE at < '2024-01-01 12:00:00+00' ORDER BY at;
SELECT id, seen FROM docs WHERE seen BETWEEN '2024-01-01' AND '2024-02-01' ORDER BY seen;
SELECT blob FROM docs WHERE blob > '\x01' ORDER BY blob;
SELECT id FROM docs WHERE id = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
SELECT body FROM docs ORDER BY body;
UPDATE docs SET body = body -> 'tags' WHERE id = '00000000-0000-0000-0000-000000000001' RETURNING body;
SELECT born = '2024-01-02'::date AS a FROM docs WHERE id = '00000000-0000-0000-0000-000000000002';
SELECT born < seen AS a FROM docs;
DROP TABLE docs;
