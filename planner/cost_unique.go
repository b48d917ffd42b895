package planner

import "github.com/vecgres/vecgres/catalog"

// uniqueEquality reports whether cond, a WHERE over t, holds an equality
// with a row-independent value (a constant or a parameter) on every
// column of t's primary key or of one of its unique keys: at most one row
// passes, and the estimate is one row whatever the versions the key's
// map still holds (PostgreSQL: a unique index's equality is estimated at
// one row, var_eq_const's "unique" case).
func uniqueEquality(t *catalog.Table, cond expr) bool {
	pinned := map[int]bool{}
	var walk func(x expr)
	walk = func(x expr) {
		switch c := x.(type) {
		case *andExpr:
			for _, a := range c.args {
				walk(a)
			}
		case *cmpExpr:
			if c.op != "=" {
				return
			}
			for _, s := range [2][2]expr{{c.l, c.r}, {c.r, c.l}} {
				col, ok := s[0].(*colExpr)
				if ok && findColumn(s[1]) == nil && !containsAggregate(s[1]) && classOf(col.Type()) == classOf(s[1].Type()) {
					pinned[col.idx] = true
				}
			}
		}
	}
	walk(cond)
	all := func(cols []int) bool {
		for _, c := range cols {
			if !pinned[c] {
				return false
			}
		}
		return len(cols) > 0
	}
	if all(t.PrimaryKey) {
		return true
	}
	for _, k := range t.Uniques() {
		if k.CheckExpr == "" && all(k.Columns) {
			return true
		}
	}
	return false
}
