-- expression and partial B-tree indexes (issue 13 item 8): the rows they
-- answer are the sequential scan's; what an index expression may not contain.
CREATE TABLE docs (id int PRIMARY KEY, name text, metadata jsonb, n int);
INSERT INTO docs SELECT i, 'Name' || i, jsonb_build_object('category', 'c' || (i % 10)), i % 100 FROM generate_series(1, 500) i;
CREATE INDEX ON docs ((lower(name)));
CREATE INDEX docs_cat ON docs ((metadata->>'category'));
CREATE INDEX ON docs (n, lower(name), (id + n));
CREATE INDEX docs_big ON docs (n) WHERE n > 90;
CREATE INDEX docs_c3 ON docs (id) WHERE metadata->>'category' = 'c3' AND n IS NOT NULL;
SELECT indexname FROM pg_indexes WHERE tablename = 'docs' ORDER BY 1;
INSERT INTO docs VALUES (501, 'MiXeD', '{"category": "c3"}', 95);
UPDATE docs SET name = 'Other', n = 99 WHERE id = 7;
DELETE FROM docs WHERE id = 13;
SELECT id FROM docs WHERE lower(name) = 'mixed';
SELECT id FROM docs WHERE lower(name) IN ('other', 'name8', 'name7') ORDER BY id;
SELECT count(*) FROM docs WHERE metadata->>'category' = 'c3';
SELECT id FROM docs WHERE n > 95 AND id < 100 ORDER BY id;
SELECT id FROM docs WHERE n = 99 ORDER BY id;
SELECT id FROM docs WHERE metadata->>'category' = 'c3' AND n IS NOT NULL AND id < 60 ORDER BY id;
SELECT id FROM docs WHERE n = 7 ORDER BY id;
SELECT count(*) FROM docs WHERE n >= 98;
SELECT id FROM docs WHERE n < 2 AND lower(name) = 'name200';
REINDEX TABLE docs;
SELECT id FROM docs WHERE lower(name) = 'other';
SELECT id FROM docs WHERE n = 95 ORDER BY id;
-- refused
CREATE INDEX ON docs ((random()));
CREATE INDEX ON docs ((id + random()::int));
CREATE INDEX ON docs ((count(id)));
CREATE INDEX ON docs ((lower(qqqqqqqq)));
CREATE INDEX ON docs (id) WHERE random() > 0.5;
CREATE INDEX ON docs (id) WHERE count(id) > 1;
CREATE INDEX ON docs ((now()));
INSERT INTO docs VALUES (502, 'X', '{}', 1);
SELECT count(*) FROM docs;
