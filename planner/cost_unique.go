package planner

import "github.com/vecgres/vecgres/catalog"

// uniqueEquality reports whether cond, a WHERE over t, holds an equality
// with a row-independent value (a constant or a parameter) on every
// column of t's primary key or of one of its unique keys: at most one row
// passes, and the estimate is one row whatever the versions the key's
// map still holds (PostgreSQL: a unique index's equality is estimated at
// one row, var_eq_const's "unique" case).
func uniqueEquality(t *catalog.Table, cond expr) bool {
	if cond == nil {
		return false
	}
	var pinned uint64 // bit c: column c (< 64) is pinned by an equality
	pinEqualities(cond, &pinned)
	all := func(cols []int) bool {
		for _, c := range cols {
			if c >= 64 || pinned&(1<<c) == 0 {
				return false
			}
		}
		return len(cols) > 0
	}
	if all(t.PrimaryKey) {
		return true
	}
	for _, k := range t.Constraints {
		if k.IsUnique() && k.CheckExpr == "" && all(k.Columns) {
			return true
		}
	}
	return false
}

// pinEqualities sets in pinned the columns (below 64) that a conjunct of
// x compares with = to a row-independent value of the same type class.
func pinEqualities(x expr, pinned *uint64) {
	switch c := x.(type) {
	case *andExpr:
		for _, a := range c.args {
			pinEqualities(a, pinned)
		}
	case *cmpExpr:
		if c.op != "=" {
			return
		}
		pin := func(l, r expr) {
			col, ok := l.(*colExpr)
			if ok && col.idx < 64 && findColumn(r) == nil && !containsAggregate(r) && classOf(col.Type()) == classOf(r.Type()) {
				*pinned |= 1 << col.idx
			}
		}
		pin(c.l, c.r)
		pin(c.r, c.l)
	}
}
