package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
)

// Simple views read as their table (PostgreSQL's planner pulls a view's
// subquery up into the query, pull_up_simple_subquery). A view whose
// query is one table's columns (SELECT *, or plain column references)
// with at most a WHERE, read as the only FROM item of a SELECT (not as
// one relation of a join, which is a subquery scan), is bound
// as a scan of that table: the view's column names map to the table's
// columns, and its WHERE is ANDed with the query's. So the access paths
// of the table apply through the view: a k-NN ORDER BY ... LIMIT over
// the view is an HNSW index scan, a key lookup a B-tree one.

// viewColumnMap maps the view's columns to their table's: the columns
// the view reads, in the view's order.
type viewColumnMap struct {
	names []string // the view's column names
	cols  []int    // their positions in the table
}

// bindSimpleView binds FROM v as a scan of its table when v is simple
// (see above) and reports whether it did. q is v's query.
func (b *binder) bindSimpleView(p *selectPlan, x *sql.Select, v *catalog.Table, q *sql.Select) (bool, error) {
	if b.joinRel || b.viewCols != nil || !simpleViewQuery(q) {
		return false, nil
	}
	s := b.s
	t, ok := s.lookupTable(q.From)
	if !ok || t.IsView() {
		return false, nil
	}
	m, ok := mapViewColumns(q, t, v)
	if !ok {
		return false, nil
	}
	savedAs := s.privAs
	s.privAs = v.Owner
	defer func() { s.privAs = savedAs }()
	if err := s.checkUsage(t); err != nil {
		return true, err
	}
	if err := s.checkSelect(t); err != nil {
		return true, err
	}
	s.viewDepth++
	defer func() { s.viewDepth-- }()
	s.noteRelation(t)
	b.table, p.table, b.alias = t, t, q.FromAlias
	w, err := b.bindCondition(q.Where, "WHERE")
	if err != nil {
		return true, unpositioned(err)
	}
	b.viewWhere = w
	b.alias = x.FromAlias
	if b.alias == "" {
		b.alias = bareRel(s.cat, v)
	}
	b.viewCols = m
	return true, nil
}

// simpleViewQuery reports whether q is one table's columns with at
// most a WHERE.
func simpleViewQuery(q *sql.Select) bool {
	if q.SetOp != nil || q.Distinct || len(q.GroupBy) > 0 || q.Having != nil || q.Limit != nil || q.Offset != nil ||
		len(q.OrderBy) > 0 || len(q.Windows) > 0 || len(q.WithChecks) > 0 || q.FromQuery != nil || q.FromFunc != nil ||
		q.Joins() || q.From == "" {
		return false
	}
	for _, it := range q.Items {
		if _, col := it.Expr.(*sql.ColumnRef); !it.Star && !col {
			return false
		}
	}
	return true
}

// mapViewColumns maps v's columns to t's through q's SELECT list; false
// when a column does not map (a qualifier naming another relation, or
// columns t gained since v was made) or has another type.
func mapViewColumns(q *sql.Select, t, v *catalog.Table) (*viewColumnMap, bool) {
	ref := q.FromAlias
	if ref == "" {
		_, ref = splitLast(t.Name)
	}
	var cols []int
	for _, it := range q.Items {
		switch {
		case it.Star && (it.Table == "" || it.Table == ref):
			for i := range t.Columns {
				cols = append(cols, i)
			}
		case it.Star:
			return nil, false
		default:
			c := it.Expr.(*sql.ColumnRef)
			i := t.ColumnIndex(c.Name)
			if i < 0 || c.Schema != "" || c.Table != "" && c.Table != ref {
				return nil, false
			}
			cols = append(cols, i)
		}
	}
	if len(cols) != len(v.Columns) {
		return nil, false
	}
	m := &viewColumnMap{cols: cols}
	for i, c := range cols {
		if t.Columns[c].Type != v.Columns[i].Type {
			return nil, false
		}
		m.names = append(m.names, v.Columns[i].Name)
	}
	return m, true
}

// splitLast splits a catalog name at its last dot (its schema).
func splitLast(name string) (string, string) {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			return name[:i], name[i+1:]
		}
	}
	return "", name
}

// columnIndex is the position in b.table of the column name denotes:
// through the view's column names when a simple view is bound as its
// table, else the table's own; -1 for none.
func (b *binder) columnIndex(name string) int {
	if b.viewCols == nil {
		return b.table.ColumnIndex(name)
	}
	for i, n := range b.viewCols.names {
		if n == name {
			return b.viewCols.cols[i]
		}
	}
	return -1
}

// andViewWhere ANDs the WHERE of a simple view bound as its table with
// the query's (bound) WHERE w.
func (b *binder) andViewWhere(w expr) expr {
	switch {
	case b.viewWhere == nil:
		return w
	case w == nil:
		return b.viewWhere
	}
	return &andExpr{args: []expr{b.viewWhere, w}}
}
