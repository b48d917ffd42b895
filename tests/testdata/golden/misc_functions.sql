-- coalesce, nullif, greatest, least, concat, repeat, pg_size_pretty and relation sizes
CREATE EXTENSION IF NOT EXISTS vector;
SELECT coalesce(NULL, 1, 2) AS a, coalesce(NULL, NULL) AS b, coalesce(NULL, 'x') AS c, coalesce(1, 2.5) AS d;
SELECT nullif(1, 1) AS a, nullif(1, 2) AS b, nullif('a', 'b') AS c, nullif(NULL, 1) AS d;
SELECT greatest(1, 5, 3) AS a, least(4, 2, NULL) AS b, greatest('b', 'a') AS c, least(1, 2.5) AS d, greatest(NULL, NULL) AS e;
SELECT concat('a', 1, NULL, true, 2.5) AS a, concat(NULL) AS b, repeat('ab', 3) AS c, repeat('x', 0) AS d, repeat('x', -1) AS e;
SELECT coalesce(1, 'a'::text);
SELECT greatest(1, true);
SELECT nullif(1, 'a'::text);
SELECT pg_size_pretty(0::bigint) AS a, pg_size_pretty(10239::bigint) AS b, pg_size_pretty(10240::bigint) AS c, pg_size_pretty(10752::bigint) AS d;
SELECT pg_size_pretty(20971007::bigint) AS a, pg_size_pretty(20971008::bigint) AS b, pg_size_pretty(-10240::bigint) AS c, pg_size_pretty(9223372036854775807) AS d;
SELECT pg_size_pretty(1000000000000::bigint) AS a, pg_size_pretty(-1::bigint) AS b, pg_size_pretty(1048576::bigint) AS c;
-- sizes are of memory (pgvector's README: SELECT pg_size_pretty(pg_relation_size('index_name')))
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3));
SELECT pg_relation_size('items') AS rel, pg_total_relation_size('items') AS total, pg_indexes_size('items') AS ix;
INSERT INTO items (embedding) SELECT ARRAY[i, i + 1, i + 2]::real[]::vector FROM generate_series(1, 100) AS i;
CREATE INDEX items_embedding_idx ON items USING hnsw (embedding vector_l2_ops);
SELECT pg_relation_size('items') > 0 AS rel, pg_relation_size('items_embedding_idx') > 1200 AS ix, pg_total_relation_size('items') = pg_table_size('items') + pg_indexes_size('items') AS sum;
SELECT pg_size_pretty(pg_relation_size('items_embedding_idx')) LIKE '% kB' AS pretty;
SELECT pg_relation_size('nope');
-- regclass casts (values print as the relation's name)
SELECT 'items'::regclass AS t, 'items_embedding_idx'::regclass AS ix, pg_relation_size('items_embedding_idx'::regclass) > 0 AS sized;
SELECT 'items'::regclass::oid = (SELECT oid FROM pg_class WHERE relname = 'items') AS same_oid;
SELECT attname FROM pg_attribute WHERE attrelid = 'items'::regclass ORDER BY attnum;
SELECT 'nope'::regclass;
SELECT to_regclass('items') AS a, to_regclass('nope') AS b;
