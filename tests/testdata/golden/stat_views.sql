-- activity, progress and statistics views: PostgreSQL 15's columns (checked against PostgreSQL 15)
SELECT * FROM pg_stat_activity WHERE pid = -1;
SELECT count(*), bool_and(state = 'active'), bool_and(backend_type = 'client backend') FROM pg_stat_activity WHERE pid = pg_backend_pid();
SELECT * FROM pg_stat_progress_copy;
SELECT * FROM pg_stat_progress_vacuum;
SELECT * FROM pg_stat_user_tables WHERE relname = 'nosuch';
SELECT * FROM pg_catalog.pg_stat_all_tables WHERE relname = 'nosuch';
SELECT * FROM pg_stat_user_indexes WHERE relname = 'nosuch';
SELECT * FROM pg_stat_all_indexes WHERE indexrelname = 'nosuch';
SELECT pg_terminate_backend(pg_backend_pid(), -1);
