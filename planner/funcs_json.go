package planner

import (
	"strings"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// vecgres has no json type (only jsonb), so PostgreSQL's functions of or
// to json are refused with 0A000 naming them and their jsonb
// counterpart where there is one, instead of 42883 "function does not
// exist".

// jsonFunctions are PostgreSQL 15's json functions (pg_proc), with the
// jsonb function to use instead ("" when vecgres has none).
var jsonFunctions = map[string]string{
	"to_json": "to_jsonb", "row_to_json": "", "array_to_json": "to_jsonb",
	"json_agg": "jsonb_agg", "json_object_agg": "jsonb_object_agg",
	"json_build_object": "jsonb_build_object", "json_build_array": "jsonb_build_array",
	"json_typeof": "jsonb_typeof", "json_array_length": "jsonb_array_length", "json_strip_nulls": "jsonb_strip_nulls",
	"json_array_elements": "jsonb_array_elements", "json_array_elements_text": "jsonb_array_elements_text",
	"json_each": "jsonb_each", "json_each_text": "jsonb_each_text", "json_object_keys": "jsonb_object_keys",
	"json_extract_path": "", "json_extract_path_text": "", "json_object": "", "json_populate_record": "",
	"json_populate_recordset": "", "json_to_record": "", "json_to_recordset": "",
}

// refuseJSONFunction is 0A000 for a call of a json function vecgres
// lacks; nil for any other call.
func refuseJSONFunction(f *sql.FuncCall) error {
	alt, ok := jsonFunctions[f.Name]
	if !ok || len(sem.Builtins.Lookup(f.Name)) > 0 {
		return nil
	}
	what := "function " + f.Name + " (type json; vecgres has jsonb"
	if alt != "" {
		what += ": use " + alt
	}
	return pgerror.NotSupported(strings.TrimSpace(what) + ")").WithPosition(f.P + 1)
}

// isJSONKind reports json and jsonb.
func isJSONKind(k types.Kind) bool { return k == types.KindJSON || k == types.KindJSONB }
