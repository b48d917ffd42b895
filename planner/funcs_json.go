package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

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
