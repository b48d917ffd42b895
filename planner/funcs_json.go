package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// PostgreSQL's json functions that make records (json_populate_record
// and its kin) are refused with 0A000 naming them, instead of 42883
// "function does not exist": vecgres has no record type.

// recordJSONFunctions are PostgreSQL 15's json and jsonb functions
// (pg_proc) that return records.
var recordJSONFunctions = map[string]bool{
	"json_populate_record": true, "json_populate_recordset": true, "json_to_record": true, "json_to_recordset": true,
	"jsonb_populate_record": true, "jsonb_populate_recordset": true, "jsonb_to_record": true, "jsonb_to_recordset": true,
}

// refuseJSONFunction is 0A000 for a call of a record-making json
// function; nil for any other call.
func refuseJSONFunction(f *sql.FuncCall) error {
	if !recordJSONFunctions[f.Name] || len(sem.Builtins.Lookup(f.Name)) > 0 {
		return nil
	}
	return pgerror.NotSupported("function " + f.Name + " (vecgres has no record type)").WithPosition(f.P + 1)
}

// isJSONKind reports json and jsonb.
func isJSONKind(k types.Kind) bool { return k == types.KindJSON || k == types.KindJSONB }
