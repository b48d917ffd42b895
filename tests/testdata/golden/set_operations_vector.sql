-- set operations over vector queries: pgvector's README hybrid-search
-- pattern runs each nearest-neighbour SELECT on the HNSW index
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id bigserial PRIMARY KEY, category int, embedding vector(3));
INSERT INTO items (category, embedding) VALUES (1, '[1,2,3]'), (2, '[4,5,6]'), (1, '[3,2,1]'), (2, '[1,1,1]'), (1, '[0,0,9]'), (3, '[2,2,2]'), (3, NULL), (2, '[0,0,9]');
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops);
(SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 3) UNION ALL (SELECT id FROM items ORDER BY embedding <-> '[3,2,1]' LIMIT 3);
(SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 3) UNION (SELECT id FROM items ORDER BY embedding <-> '[3,2,1]' LIMIT 3) ORDER BY id;
(SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 3) INTERSECT (SELECT id FROM items ORDER BY embedding <-> '[2,2,1.5]' LIMIT 3) ORDER BY 1;
(SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 4) EXCEPT (SELECT id FROM items WHERE category = 1) ORDER BY 1;
-- vectors compare element-wise: equal vectors are duplicates
SELECT embedding FROM items WHERE category = 1 UNION SELECT embedding FROM items WHERE category = 2 ORDER BY 1;
SELECT embedding FROM items WHERE category = 1 INTERSECT SELECT embedding FROM items WHERE category = 2;
SELECT embedding FROM items UNION SELECT '[1,1,1]' ORDER BY embedding DESC LIMIT 3;
SELECT embedding FROM items WHERE id = 1 UNION SELECT '[1,2,3]'::vector(3);
SELECT embedding FROM items WHERE id = 1 UNION SELECT '[1,2]'::vector ORDER BY 1;
SELECT id, embedding <-> '[1,2,3]' AS d FROM items WHERE id < 3 UNION ALL SELECT id, embedding <=> '[1,2,3]' FROM items WHERE id < 3 ORDER BY d, id;
SELECT embedding FROM items UNION SELECT id FROM items;
SELECT embedding FROM items WHERE id = 1 UNION SELECT '[1,2';
-- EXPLAIN: each side keeps its own HNSW index scan
EXPLAIN (SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 3) UNION ALL (SELECT id FROM items ORDER BY embedding <-> '[3,2,1]' LIMIT 3) UNION ALL SELECT 0;
EXPLAIN (SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 3) UNION (SELECT id FROM items WHERE category = 1) ORDER BY id DESC LIMIT 2;
EXPLAIN SELECT id FROM items INTERSECT ALL (SELECT id FROM items ORDER BY embedding <=> '[1,1,1]' LIMIT 1);
EXPLAIN SELECT id FROM items WHERE id = (SELECT 1 EXCEPT SELECT 2);
