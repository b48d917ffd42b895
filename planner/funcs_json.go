package planner

import (
	"github.com/vecgres/vecgres/catalog"
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

// checkBtreeKey is 42704 for a B-tree key (index, primary key, unique
// constraint) of type json, which has no B-tree operator class in
// PostgreSQL (json has no =; json[] takes the generic array_ops).
func checkBtreeKey(t types.Type) error {
	if t.Kind != types.KindJSON {
		return nil
	}
	return pgerror.Errorf(pgerror.UndefinedObject, "data type %s has no default operator class for access method \"btree\"", noTypmod(t).Name()).
		WithHint("You must specify an operator class for the index or define a default operator class for the data type.")
}

// checkBtreeKeys is checkBtreeKey of a CREATE INDEX's key: kt for one
// column or expression, each plain column's type of several.
func checkBtreeKeys(t *catalog.Table, kt types.Type, cols []sql.IndexColumn) error {
	if len(cols) == 1 {
		return checkBtreeKey(kt)
	}
	for _, ic := range cols {
		name := ic.Column
		if c, ok := ic.Expr.(*sql.ColumnRef); ok && name == "" {
			name = c.Name
		}
		if i := t.ColumnIndex(name); i >= 0 {
			if err := checkBtreeKey(t.Columns[i].Type); err != nil {
				return err
			}
		}
	}
	return nil
}
