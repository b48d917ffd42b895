-- vecgres has no record type: PostgreSQL 15's json and jsonb functions that make records are
-- refused with 0A000 naming them, and so are row_to_json of anything but a FROM item's name and t.*
-- (PostgreSQL answers them all).
SELECT * FROM json_populate_record(NULL, '{"a": 1}');
SELECT * FROM json_to_recordset('[{"a": 1}]') AS x(a int);
SELECT * FROM jsonb_to_record('{"a": 1}') AS x(a int);
SELECT row_to_json(ROW(1, 'x'));
SELECT row_to_json(x) FROM generate_series(1, 2) x;
SELECT json_agg(t.*) FROM (SELECT 1 AS a) t;
SELECT json_build_object('a', 1), to_json(2), row_to_json(t), to_json(t) FROM (SELECT 1 AS a) t;
