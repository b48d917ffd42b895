-- DEFAULT expressions evaluated per row: now(), CURRENT_TIMESTAMP, gen_random_uuid()
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE docs (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), created_at timestamptz DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP, embedding vector(3));
INSERT INTO docs (embedding) VALUES ('[1,2,3]'), ('[4,5,6]');
SELECT count(id) AS ids, count(created_at) AS created, count(updated_at) AS updated FROM docs;
SELECT (SELECT id FROM docs ORDER BY embedding LIMIT 1) <> (SELECT id FROM docs ORDER BY embedding DESC LIMIT 1) AS distinct_ids;
SELECT length(gen_random_uuid()::text) AS len, gen_random_uuid() <> gen_random_uuid() AS differ;
SELECT gen_random_uuid()::text LIKE '________-____-4___-____-____________' AS v4;
SELECT created_at <= now() AS past FROM docs LIMIT 1;
-- UPDATE ... SET col = DEFAULT
UPDATE docs SET created_at = NULL;
UPDATE docs SET created_at = DEFAULT;
SELECT count(*) FROM docs WHERE created_at IS NOT NULL;
-- ADD COLUMN with a stable default fills existing rows once; a volatile one needs an empty table
ALTER TABLE docs ADD COLUMN seen timestamptz DEFAULT now();
SELECT count(*) FROM docs WHERE seen IS NOT NULL;
ALTER TABLE docs ADD COLUMN ref uuid DEFAULT gen_random_uuid();
CREATE TABLE empty (a int);
ALTER TABLE empty ADD COLUMN ref uuid DEFAULT gen_random_uuid();
INSERT INTO empty (a) VALUES (1);
SELECT ref IS NOT NULL AS has_ref FROM empty;
-- errors as PostgreSQL
CREATE TABLE bad (a int DEFAULT now());
