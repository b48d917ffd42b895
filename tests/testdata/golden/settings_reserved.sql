-- pgvector reserves the hnsw. and ivfflat. prefixes: a misspelt name is an error, not a placeholder
SET hnsw.ef_serach = 100;
SET LOCAL hnsw.ef_serach = 100;
SET ivfflat.probe = 3;
SET hnsw.ef_search.x = 1;
SELECT set_config('hnsw.ef_serach', '100', false);
SELECT set_config('ivfflat.prob', '2', true);
RESET hnsw.ef_serach;
SET hnsw.ef_serach TO DEFAULT;
SHOW hnsw.ef_serach;
SELECT current_setting('hnsw.ef_serach');
SELECT current_setting('hnsw.ef_serach', true) IS NULL AS missing;
-- in a transaction block the error aborts the block
BEGIN;
SET LOCAL hnsw.ef_serach = 100;
SHOW hnsw.ef_search;
ROLLBACK;
-- pgvector's own settings are unaffected
SET hnsw.ef_search = 100;
SHOW hnsw.ef_search;
SELECT set_config('ivfflat.probes', '4', false);
SHOW ivfflat.probes;
RESET hnsw.ef_search;
SHOW hnsw.ef_search;
-- other custom names are placeholders, as in PostgreSQL
SET myapp.x = 5;
SHOW myapp.x;
SELECT set_config('myapp.y', 'on', false), current_setting('myapp.y');
RESET myapp.x;
SHOW myapp.x;
SHOW myapp.never;
RESET myapp.z;
SHOW myapp.z;
SET "a..b" = 1;
SET "my-app.x" = 1;
SET "1a.b" = 1;
SET nosuch = 1;
