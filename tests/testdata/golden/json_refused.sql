-- vecgres has jsonb but no json type: PostgreSQL 15's json functions are refused with 0A000 naming
-- the jsonb function to use (PostgreSQL answers them).
SELECT json_build_object('a', 1);
SELECT to_json(1), 2;
SELECT * FROM json_each('{"a": 1}');
SELECT json_agg(x) FROM generate_series(1, 2) x;
SELECT row_to_json(x) FROM generate_series(1, 2) x;
SELECT jsonb_build_object('a', 1), to_jsonb(2);
