package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Arbiter inference of partial unique indexes (PostgreSQL 15's
// infer_arbiter_indexes, docs INSERT "ON CONFLICT Clause"): ON CONFLICT
// (cols) WHERE pred infers a unique index with a predicate over the same
// columns only when pred implies its predicate (index_pred.go's rules);
// a unique key without a predicate is inferred whatever pred says, and a
// partial one never without pred (42P10).

// partialArbiter reports whether the target's index predicate where
// (bound over t; nil when absent) infers k, a unique index of t with a
// predicate (k.CheckExpr). A predicate that no longer binds infers
// nothing.
func partialArbiter(t *catalog.Table, k *catalog.Constraint, where expr) bool {
	if where == nil || k.CheckExpr == "" {
		return false
	}
	b, err := bindIndexText(t, k.CheckExpr) // index_expr.go
	if err != nil {
		return false
	}
	pred, ok := b.Bound.(expr)
	return ok && impliesPredicate(where, pred)
}

// bindConflictExprs binds the expressions of an ON CONFLICT target over
// the INSERT's table (b.table).
func (b *binder) bindConflictExprs(xs []sql.Expr) ([]expr, error) {
	out := make([]expr, 0, len(xs))
	for _, x := range xs {
		e, err := b.bind(x, types.Unknown)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// exprArbiters are the unique expression indexes of t (unique_expr.go)
// an ON CONFLICT target of one expression, exprs, and no column infers:
// those whose key is that expression and whose predicate, if any, where
// implies.
func exprArbiters(t *catalog.Table, oc *sql.OnConflict, exprs []expr, where expr) []string {
	if len(exprs) != 1 || len(oc.Columns) > 0 {
		return nil // every unique expression index has one key, an expression
	}
	var out []string
	for _, k := range t.Uniques() {
		if conflictExprArbiter(t, k, exprs[0]) && (k.CheckExpr == "" || partialArbiter(t, k, where)) {
			out = append(out, k.Name)
		}
	}
	return out
}
