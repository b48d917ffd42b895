package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// queryScope is what the binder of a statement, or of one of its
// subqueries, knows beyond its FROM table.
type queryScope struct {
	// outer is the binder of the enclosing query when this one is a
	// subquery: a column only it resolves makes the subquery correlated.
	outer *binder
	// excluded is the target table while binding ON CONFLICT DO UPDATE:
	// EXCLUDED.col reads the proposed row, placed after the existing one.
	excluded *catalog.Table
	// keepUnknown keeps untyped literals of the SELECT list untyped (the
	// SELECT of INSERT ... SELECT: the target column gives their type, as
	// in PostgreSQL).
	keepUnknown bool
	// nsub numbers the statement's subqueries for EXPLAIN ($0, $1, ...);
	// shared by all binders of the statement.
	nsub *int
	// work are the work tables of the recursive WITH queries whose
	// recursive term is being bound, by name (cte_recursive.go).
	work map[string]*workTable
	// correlated is set when the subquery this scope binds (or one nested
	// in it) reads a column of an enclosing query; shared by the copies
	// of the scope its FROM relations bind with. nil outside subqueries.
	correlated *bool
}

// nestedScope is the scope a query nested in b's binds with (a derived
// table, a joined subquery, a set operation's side, a recursive term):
// b's, sharing the statement's subquery counter, without EXCLUDED, and
// with its untyped SELECT items typed as usual.
func (b *binder) nestedScope() queryScope {
	scope := queryScope{}
	if b.query != nil {
		scope = *b.query
	}
	scope.keepUnknown, scope.excluded = false, nil
	if scope.nsub == nil {
		scope.nsub = b.subCounter()
	}
	return scope
}

// subCounter returns the statement's subquery counter.
func (b *binder) subCounter() *int {
	if b.query == nil {
		b.query = &queryScope{}
	}
	if b.query.nsub == nil {
		b.query.nsub = new(int)
	}
	return b.query.nsub
}

// keepsUnknown reports whether untyped SELECT items stay untyped.
func (b *binder) keepsUnknown() bool { return b.query != nil && b.query.keepUnknown }

// resolves reports whether c names a column of b's FROM table. When
// strict, a table with an alias answers only to the alias, as in
// PostgreSQL (bindColumn also accepts the table's name).
func (b *binder) resolves(c *sql.ColumnRef, strict bool) bool {
	if b.from != nil {
		_, found, _ := b.from.lookup(c)
		return found
	}
	if b.table == nil {
		return false
	}
	if c.Table != "" && c.Table != b.alias && (c.Table != b.table.Name || strict && b.alias != "") {
		return false
	}
	return b.columnIndex(c.Name) >= 0
}

// bindScopedColumn resolves the column references bindColumn does not:
// EXCLUDED.col in ON CONFLICT DO UPDATE, and references to an enclosing
// query at any level, read from its current row (outerColExpr): the
// subqueries from here out to that query are marked correlated, and the
// enclosing binder provides its row to them. ok is false when c is an
// ordinary reference.
func (b *binder) bindScopedColumn(c *sql.ColumnRef) (x expr, ok bool, err error) {
	q := b.query
	if q == nil {
		return nil, false, nil
	}
	if q.excluded != nil && c.Table == "excluded" {
		i := q.excluded.ColumnIndex(c.Name)
		if i < 0 {
			return nil, true, pgerror.Errorf(pgerror.UndefinedColumn, "column excluded.%s does not exist", c.Name).WithPosition(c.P + 1)
		}
		col := q.excluded.Columns[i]
		return &colExpr{idx: len(b.table.Columns) + i, t: col.Type, name: "excluded." + c.Name}, true, nil
	}
	if b.resolves(c, true) {
		return nil, false, nil
	}
	for o := q.outer; o != nil; o = o.outerBinder() {
		if o.hintOnly {
			if c.Table != "" && o.resolves(c, false) {
				return nil, true, pgerror.Errorf(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", c.Table).
					WithHint("There is an entry for table \"" + c.Table + "\", but it cannot be referenced from this part of the query.").WithPosition(c.P + 1)
			}
			continue
		}
		if err := o.namesTableOf(c); err != nil {
			return nil, true, err
		}
		if o.resolves(c, false) {
			if o.provides == nil {
				o.provides = &outerScope{}
			}
			b.markCorrelated(o)
			x, ok, err := o.outerColumn(c)
			return o.qualifyOuter(x), ok, err
		}
	}
	return nil, false, nil
}

// namesTableOf is 42703 when c's qualifier names a table of b's FROM
// clause that has no column c (PostgreSQL stops at the level whose
// range table has the qualifier); nil otherwise.
func (b *binder) namesTableOf(c *sql.ColumnRef) error {
	if c.Table == "" || b.resolves(c, false) {
		return nil
	}
	if b.from != nil {
		for _, e := range b.from.entries {
			if e.ref == c.Table {
				return errNoColumn(c)
			}
		}
		return b.from.hiddenEntry(c) // bind_scope.go

	}
	if b.table != nil && (c.Table == b.alias || b.alias == "" && c.Table == b.table.Name) {
		return errNoColumn(c)
	}
	return nil
}

// qualifyOuter names x, a column of b's row read by a nested query, with
// its table's alias or name for EXPLAIN, as PostgreSQL qualifies an
// outer reference (a join's columns are qualified already).
func (b *binder) qualifyOuter(x expr) expr {
	o, ok := x.(*outerColExpr)
	if !ok || o.col.qual != "" || b.from != nil || b.table == nil {
		return x
	}
	col := *o.col
	col.qual = b.alias
	if col.qual == "" {
		col.qual = b.table.Name
	}
	return &outerColExpr{scope: o.scope, col: &col}
}

// markCorrelated marks the subqueries from b out to (not including) its
// enclosing binder o as reading an enclosing row.
func (b *binder) markCorrelated(o *binder) {
	for m := b; m != nil && m != o; m = m.outerBinder() {
		if m.query != nil && m.query.correlated != nil {
			*m.query.correlated = true
		}
	}
}

func (b *binder) outerBinder() *binder {
	if b.query == nil {
		return nil
	}
	return b.query.outer
}

// subLinkName is the output name of a subquery expression: that of a
// scalar subquery's one column, exists, array or ?column?, as
// PostgreSQL's FigureColname.
func subLinkName(x *sql.SubLink) string {
	switch x.Kind {
	case sql.SubExists:
		return "exists"
	case sql.SubArray:
		return "array"
	case sql.SubAny, sql.SubAll:
		return "?column?"
	}
	q := x.Query
	for q.SetOp != nil {
		q = q.SetOp.Left // a set operation's columns are named by its first SELECT
	}
	if len(q.Items) == 0 || q.Items[0].Star {
		return "?column?"
	}
	if a := q.Items[0].Alias; a != "" {
		return a
	}
	return outputName(q.Items[0].Expr)
}
