-- avg(vector), sum(vector) and GROUP BY, as pgvector's README and tests use them
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, category_id int, embedding vector(3));
INSERT INTO items (category_id, embedding) VALUES (1, '[1,2,3]'), (2, '[4,5,6]'), (1, '[3,5,7]'), (NULL, '[1,1,1]'), (2, NULL), (3, NULL);
SELECT AVG(embedding) FROM items;
SELECT sum(embedding), count(embedding), count(*) FROM items;
SELECT avg(embedding), sum(embedding) FROM items WHERE false;
SELECT avg(embedding) FROM items WHERE id IN (1, 3);
-- the README's GROUP BY
SELECT category_id, AVG(embedding) FROM items GROUP BY category_id ORDER BY category_id;
SELECT category_id, count(*), sum(embedding) FROM items GROUP BY category_id HAVING count(*) > 1 ORDER BY count(*) DESC, category_id;
SELECT category_id AS c, max(id), min(embedding <-> '[0,0,0]') AS nearest FROM items GROUP BY c ORDER BY 2;
SELECT category_id FROM items GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT category_id % 2 AS parity, count(*) FROM items GROUP BY category_id % 2 ORDER BY parity;
SELECT count(*) FROM items GROUP BY category_id, category_id ORDER BY 1;
SELECT category_id, count(*) FROM items WHERE false GROUP BY category_id;
SELECT count(*) FROM items HAVING count(*) > 100;
SELECT count(*) FROM items WHERE false HAVING count(*) = 0;
-- float4 sums, float8 averages (pgvector)
CREATE TABLE big (v vector(1));
INSERT INTO big VALUES ('[3e38]'), ('[3e38]');
SELECT avg(v) FROM big;
SELECT sum(v) FROM big;
-- dimensions must match (pgvector's two messages)
CREATE TABLE mixed (v vector);
INSERT INTO mixed VALUES ('[1,2]'), ('[3]');
SELECT avg(v) FROM mixed;
SELECT sum(v) FROM mixed;
-- errors
SELECT id, count(*) FROM items GROUP BY category_id;
SELECT category_id, count(*) FROM items GROUP BY category_id ORDER BY id;
SELECT category_id FROM items GROUP BY category_id HAVING id > 1;
SELECT count(*) FROM items GROUP BY count(*);
SELECT count(*) FROM items GROUP BY 3;
-- grouping by the primary key makes every column of the table usable
SELECT *, count(*) FROM items GROUP BY id ORDER BY id LIMIT 2;
