-- vector text input and output (pgvector's formats, shared/pgvector-compat.md)
SELECT '[1,2,3]'::vector;
SELECT ' [ 1,  2 ,    3  ] '::vector;
SELECT '[0.24    ]'::vector, '[1.,2.,3.]'::vector;
SELECT '[1.45, 2.34E-2]'::vector;
SELECT '[1e-46]'::vector;
SELECT '[0.00001,1000000,123456789,-0]'::vector;
SELECT '[92572176]'::vector;
SELECT '[0.1,0.2,0.3]'::vector;
SELECT '[1,2,3]'::vector(3);
-- distances are float8 printed with PostgreSQL's float8 rules
SELECT '[1,2,3]'::vector <-> '[3,2,1]';
SELECT '[1,2,3]'::vector <#> '[3,2,1]', '[1,2,3]'::vector <=> '[3,2,1]', '[1,2,3]'::vector <+> '[3,2,1]';
SELECT l2_distance('[1,2,3]'::vector, '[3,2,1]'), inner_product('[1,2,3]'::vector, '[3,2,1]'), cosine_distance('[1,2,3]'::vector, '[3,2,1]'), l1_distance('[1,2,3]'::vector, '[3,2,1]');
-- untyped literals match both the vector and the halfvec signatures: pgvector 0.8 answers 42725 too
SELECT l2_distance('[1,2,3]', '[3,2,1]');
SELECT '[1,1]'::vector <=> '[-1,-1]', '[1,1]'::vector <=> '[1,1]';
SELECT '[0,0]'::vector <=> '[1,1]';
SELECT vector_dims('[1,2,3]'::vector), vector_norm('[3,4]'), l2_normalize('[3,4]'::vector);
SELECT vector_dims('[1,2,3]');
SELECT '[1,2]'::vector + '[3,4]', '[1,2]'::vector - '[3,4]', '[1,2]'::vector * '[3,4]', '[1,2]'::vector || '[3]';
SELECT '[1,2,3]'::vector < '[1,2,4]', '[1,2]'::vector = '[1,2]', '[1,2]'::vector < '[1,2,3]';
SELECT NULL::vector <-> '[1,2]';
SELECT to_regtype('vector')::oid, to_regtype('_vector')::oid, to_regtype('halfvec')::oid, to_regtype('_halfvec')::oid, to_regtype('sparsevec')::oid, to_regtype('_sparsevec')::oid;
SELECT version() LIKE 'PostgreSQL%';
