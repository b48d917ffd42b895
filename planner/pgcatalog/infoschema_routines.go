package pgcatalog

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// information_schema.routines: one row per pg_proc row (views_proc.go),
// with PostgreSQL 15's 83 columns. An aggregate's routine_type is NULL,
// as PostgreSQL's; the routines are EXTERNAL (internal or C), so
// routine_definition holds an internal function's source name and
// external_name a C function's.

const oidInfoRoutines = 13377

var routineColNames = strings.Fields(`specific_catalog specific_schema specific_name routine_catalog routine_schema
routine_name routine_type module_catalog module_schema module_name udt_catalog udt_schema udt_name data_type
character_maximum_length character_octet_length character_set_catalog character_set_schema character_set_name
collation_catalog collation_schema collation_name numeric_precision numeric_precision_radix numeric_scale
datetime_precision interval_type interval_precision type_udt_catalog type_udt_schema type_udt_name scope_catalog
scope_schema scope_name maximum_cardinality dtd_identifier routine_body routine_definition external_name
external_language parameter_style is_deterministic sql_data_access is_null_call sql_path schema_level_routine
max_dynamic_result_sets is_user_defined_cast is_implicitly_invocable security_type to_sql_specific_catalog
to_sql_specific_schema to_sql_specific_name as_locator created last_altered new_savepoint_level is_udt_dependent
result_cast_from_data_type result_cast_as_locator result_cast_char_max_length result_cast_char_octet_length
result_cast_char_set_catalog result_cast_char_set_schema result_cast_char_set_name result_cast_collation_catalog
result_cast_collation_schema result_cast_collation_name result_cast_numeric_precision
result_cast_numeric_precision_radix result_cast_numeric_scale result_cast_datetime_precision
result_cast_interval_type result_cast_interval_precision result_cast_type_udt_catalog result_cast_type_udt_schema
result_cast_type_udt_name result_cast_scope_catalog result_cast_scope_schema result_cast_scope_name
result_cast_maximum_cardinality result_cast_dtd_identifier`)

// routineIndex is each column's position.
var routineIndex = map[string]int{}

// routineCharData are the character_data columns, routineYesNo the
// yes_or_no ones, routineCardinal the cardinal_number ones; the others
// but created and last_altered (timestamptz) are sql_identifier.
var (
	routineCharData = strings.Fields(`routine_type data_type interval_type routine_body routine_definition
external_name external_language parameter_style sql_data_access sql_path security_type result_cast_from_data_type
result_cast_interval_type`)
	routineYesNo = strings.Fields(`is_deterministic is_null_call schema_level_routine is_user_defined_cast
is_implicitly_invocable as_locator new_savepoint_level is_udt_dependent result_cast_as_locator`)
	routineCardinal = strings.Fields(`character_maximum_length character_octet_length numeric_precision
numeric_precision_radix numeric_scale datetime_precision interval_precision maximum_cardinality
max_dynamic_result_sets result_cast_char_max_length result_cast_char_octet_length result_cast_numeric_precision
result_cast_numeric_precision_radix result_cast_numeric_scale result_cast_datetime_precision
result_cast_interval_precision result_cast_maximum_cardinality`)
)

var routinesCols = routineColumns()

// routineColumns lists the view's columns with their types and fills
// routineIndex.
func routineColumns() []catalog.Column {
	typ := map[string]types.Type{"created": types.Timestamptz, "last_altered": types.Timestamptz}
	for _, group := range []struct {
		names []string
		t     types.Type
	}{{routineCharData, tCharDat}, {routineYesNo, tYesNo}, {routineCardinal, tCard}} {
		for _, n := range group.names {
			typ[n] = group.t
		}
	}
	spec := make([]any, 0, 2*len(routineColNames))
	for i, n := range routineColNames {
		routineIndex[n] = i
		t, ok := typ[n]
		if !ok {
			t = tSQLID
		}
		spec = append(spec, n, t)
	}
	return cols(spec...)
}

// routinesRows lists the functions of pg_proc with the column values
// PostgreSQL 15 gives a built-in function.
func routinesRows(env Env) [][]any {
	var rows [][]any
	for _, p := range procRows(env) {
		oid, name, ns, lang, src := p[0].(int64), p[1].(string), p[2].(int64), p[4].(int64), p[25]
		schema := schemaPgCatalog
		if ns == oidPublic {
			schema = "public"
		}
		var kind any = "FUNCTION"
		if p[9] == "a" {
			kind = nil
		}
		dataType, udtSchema, udtName := returnType(types.OID(p[18].(int64)))
		var definition, external any = src, nil
		language := "INTERNAL"
		if lang == oidLangC {
			definition, external, language = nil, src, "C"
		}
		row := make([]any, len(routineColNames))
		set := func(col string, v any) { row[routineIndex[col]] = v }
		set("specific_catalog", env.Database)
		set("specific_schema", schema)
		set("specific_name", name+"_"+strconv.FormatInt(oid, 10))
		set("routine_catalog", env.Database)
		set("routine_schema", schema)
		set("routine_name", name)
		set("routine_type", kind)
		set("data_type", dataType)
		set("type_udt_catalog", env.Database)
		set("type_udt_schema", udtSchema)
		set("type_udt_name", udtName)
		set("dtd_identifier", "0")
		set("routine_body", "EXTERNAL")
		set("routine_definition", definition)
		set("external_name", external)
		set("external_language", language)
		set("parameter_style", "GENERAL")
		set("is_deterministic", yesNo(p[14] == "i"))
		set("sql_data_access", "MODIFIES")
		set("is_null_call", yesNo(p[12] == true))
		set("schema_level_routine", "YES")
		set("max_dynamic_result_sets", int64(0))
		set("security_type", "INVOKER")
		set("as_locator", "NO")
		set("is_udt_dependent", "NO")
		rows = append(rows, row)
	}
	return rows
}

// pseudoTypeNames are the pg_type names of the pseudo-types and other
// types a function may return that vecgres has no kind for.
var pseudoTypeNames = map[types.OID]string{2276: "any", 2277: "anyarray", 2283: "anyelement", 2205: "regclass",
	2278: "void"}

// returnType is data_type, type_udt_schema and type_udt_name of a
// function's result type.
func returnType(oid types.OID) (string, string, string) {
	if n, ok := pseudoTypeNames[oid]; ok {
		return n, schemaPgCatalog, n
	}
	t, ok := types.TypeByOID(oid)
	if !ok {
		return "", schemaPgCatalog, ""
	}
	ti := describeType(t)
	return ti.dataType, ti.udtSchema, ti.udtName
}

// yesNo is information_schema's yes_or_no of b.
func yesNo(b bool) string {
	if b {
		return "YES"
	}
	return "NO"
}
