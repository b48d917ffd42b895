package planner

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// checkColumnType refuses a table column of a type vecgres does not
// store: regclass, regclass[], regnamespace, regrole and regproc, whose values
// (types.Reg) hold the name the session resolved, which a stored value would keep past a rename or
// a search_path change; record and record[] (a row type as a column
// type). Error: 0A000 naming the type. The pseudo-type
// cstring is no column's type, as in PostgreSQL (42P16 "column ... has
// pseudo-type cstring"; cstring[] is an ordinary array type there).
func checkColumnType(name string, t types.Type) error {
	if k := t.Kind; types.IsReg(k) || k == types.KindRegclassArray || k == types.KindRecord || k == types.KindRecordArray {
		return pgerror.NotSupported("columns of type " + t.Name())
	}
	if t.Kind == types.KindCstring {
		return pgerror.Errorf(pgerror.InvalidTableDefinition, "column \"%s\" has pseudo-type cstring", name)
	}
	return nil
}
