package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// row_to_json(rel [, pretty]) (PostgreSQL docs 9.16, Table 9.47) of a
// whole-row reference to a FROM item: `{"a":1,"b":"x"}`, each column
// as to_json converts it; pretty puts ",\n " between the columns.
// to_json(rel) is the same, and json_agg(rel) gathers it (with "\n "
// between rows, as for PostgreSQL's composites). vecgres has no record
// type, so only these forms are served: row_to_json of a name that is a
// column, or of any other argument, is 0A000.

// bindWholeRowCall binds to_json(rel) and json_agg(rel) when rel is a
// whole-row reference; ok is false for any other call.
func (b *binder) bindWholeRowCall(f *sql.FuncCall) (x expr, ok bool, err error) {
	if (f.Name != "to_json" && f.Name != "json_agg") || len(f.Args) != 1 || !b.isWholeRow(f.Args[0]) {
		return nil, false, nil
	}
	if f.Name == "to_json" {
		if f.Distinct || f.Filter != nil || len(f.Order) > 0 || f.Over != nil {
			return nil, false, nil
		}
		x, err = b.bindRowToJSON(f)
		if fe, isFunc := x.(*funcExpr); isFunc {
			fe.name, fe.wholeRow = "to_json", true
		}
		return x, true, err
	}
	g := *f
	g.Args = []sql.Expr{&sql.FuncCall{Name: "to_json", Args: f.Args, P: f.Args[0].Pos()}}
	x, err = b.bindAggregate(&g)
	return x, true, err
}

// isWholeRow reports whether x is the bare name of a FROM item that no
// column answers to.
func (b *binder) isWholeRow(x sql.Expr) bool {
	c, ok := x.(*sql.ColumnRef)
	if !ok || c.Table != "" || c.Schema != "" {
		return false
	}
	_, _, ok = b.wholeRow(c.Name)
	return ok
}

// bindRowToJSON binds a call of row_to_json.
func (b *binder) bindRowToJSON(f *sql.FuncCall) (expr, error) {
	refuse := pgerror.NotSupported("row_to_json of anything but a FROM item's name").WithPosition(f.P + 1)
	if len(f.Args) < 1 || len(f.Args) > 2 || f.Distinct || f.Filter != nil || len(f.Order) > 0 || f.Over != nil {
		return nil, refuse
	}
	c, ok := f.Args[0].(*sql.ColumnRef)
	if !ok || c.Table != "" || c.Schema != "" {
		return nil, refuse
	}
	names, xs, ok := b.wholeRow(c.Name)
	if !ok {
		return nil, refuse
	}
	n := len(xs)
	if len(f.Args) == 2 {
		p, err := b.bind(f.Args[1], types.Bool)
		if err != nil {
			return nil, err
		}
		if p.Type().Kind != types.KindBool {
			return nil, refuse
		}
		xs = append(xs, p)
	}
	ts := make([]types.Type, n)
	for i, x := range xs[:n] {
		ts[i] = x.Type()
	}
	fn := func(_ *env, a []any) (any, error) { return rowToJSON(names, ts, a) }
	return &funcExpr{name: "row_to_json", args: xs, t: types.JSONType, fn: fn, vol: sem.Stable}, nil
}

// wholeRow is the columns of the FROM item named name, when no column
// is so named (a column wins, as in PostgreSQL).
func (b *binder) wholeRow(name string) ([]string, []expr, bool) {
	if b.from != nil {
		if _, found, _ := b.from.lookup(&sql.ColumnRef{Name: name, P: -1}); found {
			return nil, nil, false
		}
		cols, err := b.from.star(name)
		if err != nil {
			return nil, nil, false
		}
		names, xs := make([]string, len(cols)), make([]expr, len(cols))
		for i, c := range cols {
			names[i], xs[i] = c.name, c.x
		}
		return names, xs, true
	}
	if b.table == nil || b.columnIndex(name) >= 0 || b.checkQualifier(&sql.ColumnRef{Table: name, P: -1}) != nil {
		return nil, nil, false
	}
	var names []string
	var xs []expr
	if m := b.viewCols; m != nil {
		for i, n := range m.names {
			c := b.table.Columns[m.cols[i]]
			names, xs = append(names, n), append(xs, &colExpr{idx: m.cols[i], t: c.Type, name: n})
		}
		return names, xs, true
	}
	for i, c := range b.table.Columns {
		names, xs = append(names, c.Name), append(xs, &colExpr{idx: i, t: c.Type, name: c.Name})
	}
	return names, xs, true
}

// rowToJSON is the object of the columns names (of types ts) with
// values a, and a's last value the pretty flag when a is longer.
func rowToJSON(names []string, ts []types.Type, a []any) (any, error) {
	sep := ","
	if len(a) > len(names) {
		p := a[len(names)]
		if p == nil {
			return nil, nil // strict in pretty
		}
		if p.(bool) {
			sep = ",\n "
		}
	}
	buf := []byte{'{'}
	for i, n := range names {
		if i > 0 {
			buf = append(buf, sep...)
		}
		buf = append(types.AppendJSONString(buf, n), ':')
		buf = sem.AppendJSON(buf, ts[i], a[i])
	}
	return string(append(buf, '}')), nil
}
