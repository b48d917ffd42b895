package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// outerAggregate refuses, in a subquery, an aggregate call whose
// arguments read columns of an enclosing query and none of its own: in
// PostgreSQL such an aggregate belongs to the enclosing query (its
// agglevelsup, parse_agg.c), which vecgres does not do (0A000). The
// arguments are bound once more here only to see what they read.
func (b *binder) outerAggregate(f *sql.FuncCall) error {
	if b.query == nil || b.query.outer == nil || f.Star || len(f.Args) == 0 {
		return nil
	}
	saved := b.params
	args, err := b.bindAggArgs(f.Args, nil)
	b.params = saved
	if err != nil {
		return nil // the binding proper reports it
	}
	outer, local := false, false
	for _, a := range args {
		outer = outer || readsOuter(a)
		local = local || findColumn(a) != nil
	}
	if outer && !local {
		return pgerror.NotSupported("aggregate function of an enclosing query's columns in a subquery").WithPosition(f.P + 1)
	}
	return nil
}

// readsOuter reports whether x reads a column of an enclosing query's
// row (outerColExpr) outside nested subqueries.
func readsOuter(x expr) bool {
	if _, ok := x.(*outerColExpr); ok {
		return true
	}
	for _, ch := range children(x) {
		if readsOuter(ch) {
			return true
		}
	}
	return false
}
