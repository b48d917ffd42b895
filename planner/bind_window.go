package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// bindWindowCall binds a call with an OVER clause.
func (b *binder) bindWindowCall(f *sql.FuncCall) (expr, error) {
	return nil, pgerror.NotSupported("window functions").WithPosition(f.P + 1)
}
