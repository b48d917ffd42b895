-- EXPLAIN prints row constructors, row comparisons and field selection as PostgreSQL does
-- (vecgres adds its row estimates and leaves out the casts of literals).
CREATE TABLE rx (id int, v text);
EXPLAIN SELECT ROW(id, v), (rx).v FROM rx WHERE (id, v) > (0, 'a');
EXPLAIN SELECT id FROM rx WHERE (json_populate_record(NULL::rx, '{"id": 1}')).id = id;
