package pgcatalog

import (
	"github.com/vecgres/vecgres/sql/types"
)

// information_schema (PostgreSQL docs chapter 37, PostgreSQL 15's
// src/backend/catalog/information_schema.sql): the views ORMs and
// migration tools read, with PostgreSQL 15's columns in order. Their
// domains reach clients as their base types: sql_identifier (a name) is
// text here, as vecgres serves name; yes_or_no and character_data are
// varchar; cardinal_number is integer. Only schema public's objects are
// listed (PostgreSQL also lists pg_catalog's to a superuser).

// PostgreSQL 15's pg_class OIDs of the information_schema views.
const (
	oidInfoSchemata       = 13382
	oidInfoTables         = 13425
	oidInfoColumns        = 13295
	oidInfoViews          = 13483
	oidInfoTableCons      = 13411
	oidInfoKeyColumnUsage = 13329
	oidInfoRefCons        = 13339
	oidInfoConsColumnUse  = 13300
	oidInfoCheckCons      = 13260
)

var (
	tSQLID   = tName                                          // sql_identifier: a domain over name
	tYesNo   = types.Type{Kind: types.KindVarchar, Typmod: 3} // yes_or_no: varchar(3)
	tCharDat = types.Varchar                                  // character_data
	tCard    = tInt4                                          // cardinal_number
)

// infoViews are information_schema's views, by name.
var infoViews = map[string]view{
	"schemata":                {oidInfoSchemata, schemataCols, schemataRows},
	"tables":                  {oidInfoTables, infoTablesCols, infoTablesRows},
	"columns":                 {oidInfoColumns, infoColumnsCols, infoColumnsRows},
	"views":                   {oidInfoViews, infoViewsCols, infoViewsRows},
	"table_constraints":       {oidInfoTableCons, tableConsCols, tableConsRows},
	"key_column_usage":        {oidInfoKeyColumnUsage, keyColumnUsageCols, keyColumnUsageRows},
	"referential_constraints": {oidInfoRefCons, refConsCols, refConsRows},
	"constraint_column_usage": {oidInfoConsColumnUse, consColumnUsageCols, consColumnUsageRows},
	"check_constraints":       {oidInfoCheckCons, checkConsCols, checkConsRows},
	"sequences":               {oidInfoSequences, infoSequencesCols, infoSequencesRows},
	"routines":                {oidInfoRoutines, routinesCols, routinesRows},
	"table_privileges":        {oidInfoTablePrivileges, tablePrivilegesCols, tablePrivilegesRows(true)},
	"role_table_grants":       {oidInfoRoleTableGrants, tablePrivilegesCols, tablePrivilegesRows(false)},
	"usage_privileges":        {oidInfoUsagePrivileges, usagePrivilegesCols, usagePrivilegesRows},
}

var schemataCols = cols("catalog_name", tSQLID, "schema_name", tSQLID, "schema_owner", tSQLID,
	"default_character_set_catalog", tSQLID, "default_character_set_schema", tSQLID,
	"default_character_set_name", tSQLID, "sql_path", tCharDat)

// schemataRows lists the schemas a PostgreSQL 15 database has; public is
// owned by pg_database_owner, as since PostgreSQL 15.
func schemataRows(env Env) [][]any {
	var rows [][]any
	for _, s := range env.Cat.Schemas() {
		rows = append(rows, []any{env.Database, s.Name, s.Owner, nil, nil, nil, nil})
	}
	return rows
}

var infoTablesCols = cols("table_catalog", tSQLID, "table_schema", tSQLID, "table_name", tSQLID,
	"table_type", tCharDat, "self_referencing_column_name", tSQLID, "reference_generation", tCharDat,
	"user_defined_type_catalog", tSQLID, "user_defined_type_schema", tSQLID, "user_defined_type_name", tSQLID,
	"is_insertable_into", tYesNo, "is_typed", tYesNo, "commit_action", tCharDat)

// infoTablesRows lists the tables as BASE TABLE (LOCAL TEMPORARY for a
// temporary one, catalog/temp.go) and the views.
func infoTablesRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind == kindTable && canSee(env, r.table, anyTablePriv) {
			typ := "BASE TABLE"
			if r.table.Temp {
				typ = "LOCAL TEMPORARY"
			}
			rows = append(rows, []any{env.Database, r.schema, r.name, typ, nil, nil, nil, nil, nil,
				"YES", "NO", nil})
		}
		if r.kind == kindView && canSee(env, r.table, anyTablePriv) {
			rows = append(rows, infoViewTableRow(env, r)) // views_user.go
		}
	}
	return rows
}

var infoViewsCols = cols("table_catalog", tSQLID, "table_schema", tSQLID, "table_name", tSQLID,
	"view_definition", tCharDat, "check_option", tCharDat, "is_updatable", tYesNo, "is_insertable_into", tYesNo,
	"is_trigger_updatable", tYesNo, "is_trigger_deletable", tYesNo, "is_trigger_insertable_into", tYesNo)

var tableConsCols = cols("constraint_catalog", tSQLID, "constraint_schema", tSQLID, "constraint_name", tSQLID,
	"table_catalog", tSQLID, "table_schema", tSQLID, "table_name", tSQLID, "constraint_type", tCharDat,
	"is_deferrable", tYesNo, "initially_deferred", tYesNo, "enforced", tYesNo, "nulls_distinct", tYesNo)

// tableConsRows lists every constraint (constraints). nulls_distinct is
// set for UNIQUE only.
func tableConsRows(env Env) [][]any {
	var rows [][]any
	for _, k := range constraints(env.Cat) {
		if !canSee(env, k.table, constraintPriv) {
			continue
		}
		var nullsDistinct any
		if k.kind == conUnique {
			nullsDistinct = yesNo(!k.k.NullsNotDistinct)
		}
		deferrable, deferred := k.k != nil && k.k.Deferrable, k.k != nil && k.k.Deferred
		rows = append(rows, []any{env.Database, schemaOf(env.Cat, k.table), bareName(env.Cat, k.name), env.Database, schemaOf(env.Cat, k.table), baseName(env.Cat, k.table),
			constraintType(k.kind), yesNo(deferrable), yesNo(deferred), "YES", nullsDistinct})
	}
	return rows
}

var keyColumnUsageCols = cols("constraint_catalog", tSQLID, "constraint_schema", tSQLID, "constraint_name", tSQLID,
	"table_catalog", tSQLID, "table_schema", tSQLID, "table_name", tSQLID, "column_name", tSQLID,
	"ordinal_position", tCard, "position_in_unique_constraint", tCard)

// keyColumnUsageRows lists the columns of each primary key, unique and
// foreign key constraint, with their position in the key from 1.
func keyColumnUsageRows(env Env) [][]any {
	var rows [][]any
	for _, k := range constraints(env.Cat) {
		if k.kind != conPrimary && k.kind != conUnique && k.kind != conForeign || !canSee(env, k.table, keyColumnPriv) {
			continue
		}
		for i, c := range k.cols {
			rows = append(rows, []any{env.Database, schemaOf(env.Cat, k.table), bareName(env.Cat, k.name), env.Database, schemaOf(env.Cat, k.table), baseName(env.Cat, k.table),
				k.table.Columns[c].Name, int64(i + 1), positionInUnique(env, k, i)})
		}
	}
	return rows
}

var refConsCols = cols("constraint_catalog", tSQLID, "constraint_schema", tSQLID, "constraint_name", tSQLID,
	"unique_constraint_catalog", tSQLID, "unique_constraint_schema", tSQLID, "unique_constraint_name", tSQLID,
	"match_option", tCharDat, "update_rule", tCharDat, "delete_rule", tCharDat)

// positionInUnique is key_column_usage.position_in_unique_constraint:
// for the i-th column of a foreign key, the position (from 1) of the
// column it references in the referenced unique key; NULL otherwise.
func positionInUnique(env Env, k constraint, i int) any {
	if k.kind != conForeign {
		return nil
	}
	p, ok := tableByOID(env.Cat, k.k.RefTable)
	if !ok {
		return nil
	}
	_, key := referencedKey(p, k.k.RefColumns)
	for n, c := range key {
		if c == k.k.RefColumns[i] {
			return int64(n + 1)
		}
	}
	return nil
}

// refConsRows lists foreign keys with the unique constraint they
// reference; MATCH SIMPLE is match_option NONE, as PostgreSQL 15 shows it.
func refConsRows(env Env) [][]any {
	var rows [][]any
	for _, k := range constraints(env.Cat) {
		if k.kind != conForeign || !canSee(env, k.table, constraintPriv) {
			continue
		}
		var unique any
		if p, ok := tableByOID(env.Cat, k.k.RefTable); ok {
			if name, _ := referencedKey(p, k.k.RefColumns); name != "" {
				unique = name
			}
		}
		rows = append(rows, []any{env.Database, schemaOf(env.Cat, k.table), bareName(env.Cat, k.name), env.Database, schemaOf(env.Cat, k.table), unique, "NONE",
			ruleName(k.k.OnUpdate), ruleName(k.k.OnDelete)})
	}
	return rows
}

var consColumnUsageCols = cols("table_catalog", tSQLID, "table_schema", tSQLID, "table_name", tSQLID,
	"column_name", tSQLID, "constraint_catalog", tSQLID, "constraint_schema", tSQLID, "constraint_name", tSQLID)

// consColumnUsageRows lists the columns each constraint of pg_constraint
// uses (a NOT NULL is not one in PostgreSQL 15).
func consColumnUsageRows(env Env) [][]any {
	var rows [][]any
	for _, k := range constraints(env.Cat) {
		if k.kind == notNullKind || !owns(env, k.table) {
			continue
		}
		t, cols := k.table, k.cols
		if k.kind == conForeign { // a foreign key uses the referenced columns
			p, ok := tableByOID(env.Cat, k.k.RefTable)
			if !ok {
				continue
			}
			t, cols = p, k.k.RefColumns
		}
		for _, c := range cols {
			rows = append(rows, []any{env.Database, schemaOf(env.Cat, t), baseName(env.Cat, t), t.Columns[c].Name,
				env.Database, schemaOf(env.Cat, t), bareName(env.Cat, k.name)})
		}
	}
	return rows
}

var checkConsCols = cols("constraint_catalog", tSQLID, "constraint_schema", tSQLID, "constraint_name", tSQLID,
	"check_clause", tCharDat)

// checkConsRows lists CHECK constraints and the NOT NULL of columns.
func checkConsRows(env Env) [][]any {
	var rows [][]any
	for _, k := range constraints(env.Cat) {
		if (k.kind == conCheck || k.kind == notNullKind) && owns(env, k.table) {
			rows = append(rows, []any{env.Database, schemaOf(env.Cat, k.table), bareName(env.Cat, k.name), k.check})
		}
	}
	return rows
}
