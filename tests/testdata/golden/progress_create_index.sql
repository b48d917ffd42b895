-- pg_stat_progress_create_index: PostgreSQL 15's columns, no rows (checked against PostgreSQL 15)
SELECT phase, round(100.0 * blocks_done / nullif(blocks_total, 0), 1) AS "%" FROM pg_stat_progress_create_index;
SELECT * FROM pg_stat_progress_create_index;
SELECT count(*) FROM pg_catalog.pg_stat_progress_create_index;
SELECT pid, datname, command, phase, lockers_total, tuples_done, partitions_done FROM pg_stat_progress_create_index WHERE relid = 1;
SELECT nosuch FROM pg_stat_progress_create_index;
