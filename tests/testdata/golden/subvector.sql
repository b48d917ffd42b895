-- subvector(vector, start, count): pgvector's 1-based slice, clipped to the vector
CREATE EXTENSION IF NOT EXISTS vector;
SELECT subvector('[1,2,3,4,5]'::vector, 1, 3);
SELECT subvector('[1,2,3,4,5]'::vector, 3, 2);
SELECT subvector('[1,2,3,4,5]'::vector, 2, 3), subvector('[1,2,3,4,5]'::vector, 4, 100), subvector('[1,2,3,4,5]'::vector, 5, 1);
SELECT subvector('[1,2,3,4,5]'::vector, -1, 3), subvector('[1,2,3,4,5]'::vector, 0, 2147483647);
SELECT subvector(NULL::vector, 1, 1), subvector('[1]'::vector, NULL, 1);
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(5));
INSERT INTO items (embedding) VALUES ('[1,2,3,4,5]'), ('[5,4,3,2,1]'), ('[1,1,1,9,9]');
-- the README's subvector query
SELECT * FROM items ORDER BY subvector(embedding, 1, 3)::vector(3) <=> subvector('[1,2,3,4,5]'::vector, 1, 3) LIMIT 5;
SELECT id, subvector(embedding, 4, 2) AS tail, vector_dims(subvector(embedding, 2, 10)) FROM items ORDER BY id;
-- errors (pgvector: 22000)
SELECT subvector('[1,2,3,4,5]'::vector, 3, 0);
SELECT subvector('[1,2,3,4,5]'::vector, 3, -1);
SELECT subvector('[1,2,3,4,5]'::vector, 6, 1);
SELECT subvector('[1,2,3,4,5]'::vector, -5, 3);
SELECT subvector('[1,2,3]'::vector, 1);
SELECT subvector(ARRAY[1,2]::int[], 1, 1);
