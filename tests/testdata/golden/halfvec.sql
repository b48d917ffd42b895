-- halfvec: pgvector's half-precision vector (outputs recorded from pgvector 0.8 semantics: /work/shared/pgvector-compat.md and the PGlite reference)
CREATE EXTENSION IF NOT EXISTS vector;
SELECT '[1,2.5,-3]'::halfvec, '[0.1, 65504 ,1e-10]'::halfvec AS rounded, '[1,2,3]'::halfvec(3);
SELECT '[65519]'::halfvec;
SELECT '[65520,1]'::halfvec;
SELECT '[-1e5]'::halfvec;
SELECT '[1,NaN]'::halfvec;
SELECT '[Infinity]'::halfvec;
SELECT '[]'::halfvec;
SELECT '[1,2'::halfvec;
SELECT 'abc'::halfvec;
SELECT '[1,2,3]'::halfvec(2);
SELECT '[1,2]'::halfvec(0);
SELECT '[1,2]'::halfvec(16001);
SELECT '[1,2]'::halfvec(3,2);
SELECT pg_typeof('[1]'::halfvec), '{"[1,2]","[3,0.1]"}'::halfvec[];
-- casts: vector -> halfvec implicit, halfvec -> vector and real[] assignment, arrays -> halfvec assignment
SELECT '[0.1,2]'::vector::halfvec, '[0.1,2]'::halfvec::vector, '[0.1,2]'::halfvec::real[];
SELECT ARRAY[1,2,3]::halfvec, ARRAY[1.5,2.5]::numeric[]::halfvec, ARRAY[0.1,0.2]::float8[]::halfvec(2), ARRAY[1,2]::real[]::halfvec;
SELECT '[100000]'::vector::halfvec;
SELECT ARRAY[1,NULL]::float8[]::halfvec;
SELECT ARRAY[1e300]::float8[]::halfvec;
SELECT '[1,2]'::halfvec::vector(3);
-- distances, functions, operators
SELECT '[1,2,3]'::halfvec <-> '[3,2,1]', '[1,2,3]'::halfvec <#> '[3,2,1]', '[1,2,3]'::halfvec <=> '[3,2,1]', '[1,2,3]'::halfvec <+> '[3,2,1]';
SELECT l2_distance('[1,2]'::halfvec, '[0,0]'::halfvec), inner_product('[1,2]'::halfvec, '[3,4]'::halfvec), cosine_distance('[1,0]'::halfvec, '[0,1]'::halfvec), l1_distance('[1,2]'::halfvec, '[0,0]'::halfvec);
SELECT '[0,0]'::halfvec <=> '[1,1]';
SELECT '[1,2]'::halfvec <-> '[1,2,3]'::halfvec;
SELECT vector_dims('[1,2,3]'::halfvec), l2_norm('[3,4]'::halfvec), l2_normalize('[3,4]'::halfvec), l2_normalize('[0,0]'::halfvec);
SELECT subvector('[1,2,3,4,5]'::halfvec, 2, 3), subvector('[1,2,3]'::halfvec, 0, 2);
SELECT subvector('[1,2,3]'::halfvec, 4, 1);
SELECT '[1,2]'::halfvec + '[0.5,0.25]', '[1,2]'::halfvec - '[0.5,0.25]', '[1,2]'::halfvec * '[3,4]', '[1,2]'::halfvec || '[3]'::halfvec;
SELECT '[60000]'::halfvec + '[60000]'::halfvec;
SELECT '[0.0001]'::halfvec * '[0.0001]'::halfvec;
SELECT '[1,2]'::halfvec + '[1,2,3]'::halfvec;
SELECT '[1,2]'::halfvec < '[1,3]', '[1,2]'::halfvec = '[1,2]', '[1,2]'::halfvec = '[1,2,0]', '[2]'::halfvec > '[1,5]', '[1,2]'::halfvec <> '[1,2]', '[-0]'::halfvec = '[0]';
SELECT '[1,2]'::vector <-> '[1,3]'::halfvec AS mixed;
-- a halfvec column: typmod on insert, assignment casts, ORDER BY
CREATE TABLE hv (id int PRIMARY KEY, v halfvec(3));
INSERT INTO hv VALUES (1, '[1,1,1]'), (2, '[2,2,2]'), (3, '[0.1,0.2,0.3]'), (4, NULL);
INSERT INTO hv VALUES (5, '[1,2]');
INSERT INTO hv VALUES (5, ARRAY[3,3,3]), (6, '[4,4,4]'::vector), (7, ARRAY[0.5,0.5,0.5]::real[]);
SELECT id, v FROM hv ORDER BY v, id;
SELECT id, v <-> '[1,1,1]' AS d FROM hv ORDER BY v <-> '[1,1,1]', id;
SELECT count(*), count(v) FROM hv;
SELECT pg_typeof(v) FROM hv LIMIT 1;
-- sum and avg: sum adds with the halfvec + (rounded at each step), avg sums in float8
SELECT sum(v), avg(v) FROM hv;
SELECT sum(v), avg(v) FROM hv WHERE id > 100;
CREATE TABLE big (x halfvec);
INSERT INTO big VALUES ('[60000]'), ('[60000]');
SELECT sum(x), avg(x) FROM big;
SELECT avg(x) FROM big;
CREATE TABLE mixed (x halfvec);
INSERT INTO mixed VALUES ('[1,2]'), ('[1]');
SELECT sum(x) FROM mixed;
SELECT avg(x) FROM mixed;
SELECT pg_typeof(sum(v)), pg_typeof(avg(v)) FROM hv;
-- HNSW on halfvec: halfvec_*_ops only, at most 4000 dimensions
CREATE INDEX ON hv USING hnsw (v vector_l2_ops);
CREATE INDEX hv_l2 ON hv USING hnsw (v halfvec_l2_ops);
CREATE INDEX hv_ip ON hv USING hnsw (v halfvec_ip_ops);
CREATE INDEX hv_cos ON hv USING hnsw (v halfvec_cosine_ops);
CREATE INDEX hv_l1 ON hv USING hnsw (v halfvec_l1_ops);
SELECT id FROM hv ORDER BY v <-> '[1,1,1]' LIMIT 3;
SELECT id FROM hv ORDER BY v <#> '[1,1,1]' LIMIT 3;
SELECT id FROM hv ORDER BY v <=> '[1,2,3]' LIMIT 1;
SELECT id FROM hv ORDER BY v <+> '[1,1,1]' LIMIT 3;
SELECT id FROM hv WHERE id <> 1 ORDER BY v <-> '[1,1,1]'::vector LIMIT 2;
CREATE TABLE hv_wide (v halfvec(4001));
CREATE INDEX ON hv_wide USING hnsw (v halfvec_l2_ops);
CREATE TABLE hv_ok (v halfvec(4000));
CREATE INDEX ON hv_ok USING hnsw (v halfvec_l2_ops);
CREATE TABLE hv_nodim (v halfvec);
CREATE INDEX ON hv_nodim USING hnsw (v halfvec_l2_ops);
CREATE TABLE vv (v vector(3));
CREATE INDEX ON vv USING hnsw (v halfvec_l2_ops);
-- B-tree (halfvec_ops): equality, order, DISTINCT, GROUP BY, UNION
CREATE TABLE hb (id int PRIMARY KEY, v halfvec(2));
INSERT INTO hb VALUES (1,'[1,2]'),(2,'[0.5,1]'),(3,'[1,2]'),(4,'[3,0]');
CREATE INDEX hb_v ON hb USING btree (v halfvec_ops);
SELECT id FROM hb WHERE v = '[1,2]' ORDER BY id;
SELECT id FROM hb WHERE v < '[1,2]' ORDER BY id;
SELECT id, v FROM hb ORDER BY v DESC, id;
SELECT DISTINCT v FROM hb ORDER BY v;
SELECT v, count(*) FROM hb GROUP BY v ORDER BY v;
SELECT v FROM hb UNION SELECT '[9,9]'::halfvec ORDER BY 1;
-- vecgres's quantization option works on halfvec as on vector (codes kept beside
-- the halves); SQ8 has no L1 code kernel
CREATE INDEX hv_sq8 ON hv USING hnsw (v halfvec_l2_ops) WITH (quantization = sq8);
CREATE INDEX ON hv USING hnsw (v halfvec_l1_ops) WITH (quantization = sq8);
SELECT indexdef FROM pg_indexes WHERE indexname = 'hv_sq8';
DROP INDEX hv_sq8;
-- vector and halfvec meet at halfvec (UNION, CASE, COALESCE, IN), as pgvector's implicit cast makes them
SELECT pg_typeof(x), x FROM (SELECT '[1,2]'::halfvec AS x UNION ALL SELECT '[3,0.1]'::vector) s;
SELECT CASE WHEN false THEN '[1,2]'::halfvec ELSE '[1,0.1]'::vector END;
SELECT COALESCE(NULL::halfvec, '[1,0.1]'::vector), pg_typeof(COALESCE(NULL::halfvec, '[1,2]'::vector));
SELECT '[1,2]'::halfvec IN ('[1,2]'::vector, '[3,4]'::halfvec);
