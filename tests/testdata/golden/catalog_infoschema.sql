-- information_schema's schemata, tables, columns and constraint views, as
-- ORMs read them (also run against PostgreSQL 15 by TestGoldenPG15).
-- table_catalog is compared with current_database(), which differs
-- between the two runs; NOT NULL constraints are named
-- <schema oid>_<table oid>_<attnum>_not_null, so only the attnum is shown.
CREATE TABLE t1 (id serial PRIMARY KEY, b bool NOT NULL DEFAULT true, s smallint, i integer DEFAULT 42,
  big bigint DEFAULT -7, bs bigserial, r real, d double precision, n numeric(10,2), n2 numeric, n3 numeric(5),
  tx text DEFAULT 'hi', vc varchar(20), vc2 varchar, c char(5), by bytea, dt date, ts timestamp,
  ts3 timestamp(3), tz timestamptz DEFAULT now(), u uuid, j jsonb, ia integer[], ta text[], fa real[]);
CREATE TABLE "T2" (a text, b int8 NOT NULL, PRIMARY KEY (a, b));
CREATE INDEX t1_i ON t1 (i);
-- knex hasTable, then TypeORM (the framework's query in a derived table,
-- to leave table_catalog out)
SELECT table_schema, table_name, table_type, self_referencing_column_name, reference_generation,
  user_defined_type_catalog, user_defined_type_schema, user_defined_type_name, is_insertable_into, is_typed,
  commit_action FROM (
select * from information_schema.tables where table_name = 't1' and table_schema = current_schema()
) q;
SELECT table_name FROM (
select * from information_schema.tables where table_name = 'nosuch' and table_schema = current_schema()
) q;
SELECT table_schema, table_name, table_type FROM (
SELECT * FROM "information_schema"."tables" WHERE ("table_schema" = 'public' AND "table_name" = 'T2')
) q;
-- Sequelize showAllTables
SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type LIKE '%TABLE' AND table_name != 'spatial_ref_sys' ORDER BY table_name;
SELECT catalog_name = current_database() AS same_db, schema_name, schema_owner, default_character_set_catalog,
  default_character_set_schema, default_character_set_name, sql_path
FROM information_schema.schemata ORDER BY schema_name;
SELECT table_catalog = current_database() AS same_db, table_schema, table_name, column_name, ordinal_position,
  column_default, is_nullable, data_type, character_maximum_length, character_octet_length, numeric_precision,
  numeric_precision_radix, numeric_scale, datetime_precision, interval_type, interval_precision,
  character_set_catalog, character_set_schema, character_set_name, collation_catalog, collation_schema,
  collation_name, domain_catalog, domain_schema, domain_name, udt_catalog = current_database() AS udt_db,
  udt_schema, udt_name, scope_catalog, scope_schema, scope_name, maximum_cardinality, dtd_identifier,
  is_self_referencing, is_identity, identity_generation, identity_start, identity_increment, identity_maximum,
  identity_minimum, identity_cycle, is_generated, generation_expression, is_updatable
FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position;
SELECT column_name, data_type, is_nullable FROM information_schema.columns
WHERE table_schema = current_schema() AND table_name = 'T2' ORDER BY ordinal_position;
SELECT constraint_catalog = current_database() AS same_db, constraint_schema, split_part(constraint_name, '_', 3) AS name,
  constraint_name LIKE '2200\_%\_not\_null' AS not_null, table_schema, table_name, constraint_type, is_deferrable,
  initially_deferred, enforced, nulls_distinct
FROM information_schema.table_constraints WHERE table_schema = 'public' ORDER BY table_name, constraint_type, name;
SELECT constraint_schema, constraint_name, table_schema, table_name, column_name, ordinal_position, position_in_unique_constraint
FROM information_schema.key_column_usage WHERE table_schema = 'public' ORDER BY table_name, ordinal_position;
SELECT table_schema, table_name, column_name, constraint_schema, constraint_name
FROM information_schema.constraint_column_usage WHERE table_schema = 'public' ORDER BY table_name, column_name;
SELECT constraint_schema, split_part(constraint_name, '_', 3) AS attnum, check_clause
FROM information_schema.check_constraints WHERE constraint_schema = 'public' ORDER BY check_clause, attnum;
SELECT count(*) FROM information_schema.referential_constraints WHERE constraint_schema = 'public';
SELECT count(*) FROM information_schema.views WHERE table_schema = 'public';
-- information_schema is not on the search path
SELECT count(*) FROM columns;
SELECT sequence_catalog = current_database() AS same_db, sequence_schema, sequence_name, data_type, numeric_precision,
  numeric_precision_radix, numeric_scale, start_value, minimum_value, maximum_value, increment, cycle_option
FROM information_schema.sequences ORDER BY sequence_name;
SELECT specific_schema, routine_schema, routine_name, routine_type, module_catalog, module_schema, module_name,
  udt_catalog, udt_schema, udt_name, data_type, character_maximum_length, character_octet_length,
  character_set_catalog, character_set_schema, character_set_name, collation_catalog, collation_schema,
  collation_name, numeric_precision, numeric_precision_radix, numeric_scale, datetime_precision, interval_type,
  interval_precision, type_udt_schema, type_udt_name, scope_catalog, scope_schema, scope_name, maximum_cardinality,
  dtd_identifier, routine_body, external_name, external_language, parameter_style, is_deterministic,
  sql_data_access, is_null_call, sql_path, schema_level_routine, max_dynamic_result_sets, is_user_defined_cast,
  is_implicitly_invocable, security_type, to_sql_specific_catalog, to_sql_specific_schema, to_sql_specific_name,
  as_locator, created, last_altered, new_savepoint_level, is_udt_dependent, result_cast_from_data_type,
  result_cast_as_locator, result_cast_char_max_length, result_cast_type_udt_name, result_cast_dtd_identifier
FROM information_schema.routines WHERE routine_name IN ('abs', 'sqrt', 'now', 'string_agg', 'array_length')
ORDER BY routine_name, data_type;
SELECT routine_definition FROM information_schema.routines WHERE routine_name = 'string_agg';
SELECT has_table_privilege('information_schema.tables', 'SELECT') AS tables_select,
  has_table_privilege('information_schema.columns', 'SELECT') AS columns_select;
SELECT has_table_privilege('information_schema.nosuch', 'SELECT');
