-- pg_settings from the session's settings, with PostgreSQL 15's
-- descriptions; values with a unit in that unit (also run against
-- PostgreSQL 15).
SELECT name, setting, unit, category, short_desc, extra_desc, context, vartype, source, min_val, max_val, enumvals,
  boot_val, reset_val, sourcefile, sourceline, pending_restart
FROM pg_settings WHERE name IN ('bytea_output', 'client_min_messages', 'default_transaction_isolation', 'enable_seqscan',
  'extra_float_digits', 'idle_in_transaction_session_timeout', 'integer_datetimes', 'lock_timeout',
  'maintenance_work_mem', 'max_parallel_workers_per_gather', 'row_security', 'search_path',
  'standard_conforming_strings', 'statement_timeout', 'synchronous_commit', 'transaction_isolation',
  'transaction_read_only', 'work_mem', 'IntervalStyle', 'client_encoding', 'server_encoding', 'max_identifier_length')
ORDER BY name;
SET work_mem = '8MB';
SET statement_timeout = '2s';
SET extra_float_digits = 2;
SELECT name, setting, unit, source, reset_val FROM pg_settings
WHERE name IN ('work_mem', 'statement_timeout', 'extra_float_digits', 'lock_timeout') ORDER BY name;
RESET work_mem;
SELECT name, setting, source FROM pg_settings WHERE name = 'work_mem';
SELECT count(*) FROM pg_settings WHERE name = 'nosuch';
