package planner

import "github.com/vecgres/vecgres/catalog"

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
