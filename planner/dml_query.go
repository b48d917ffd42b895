package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// insertQuery is the SELECT of INSERT ... SELECT and, per table column,
// the expression that reads the column's value from a SELECT row (nil:
// the column's default).
type insertQuery struct {
	plan plan // a SELECT or a set operation (setop.go)
	vals []expr
}

// bindInsertQuery binds the SELECT with its own binder (it has its own
// FROM) and matches its columns to the target columns with assignment
// casts. Untyped literals in the SELECT list take the target column's type,
// as in PostgreSQL.
func (b *binder) bindInsertQuery(t *catalog.Table, x *sql.Insert, targets []int) (*insertQuery, error) {
	q := x.Query
	sub := &binder{s: b.s, params: b.params, query: &queryScope{keepUnknown: true, nsub: b.subCounter()}}
	pl, err := sub.planSelect(q)
	b.params = sub.params
	if err != nil {
		return nil, err
	}
	cols := pl.columns()
	if err := checkInsertWidth(x, len(cols), targets, func(i int) int { return itemPos(q, i) }); err != nil {
		return nil, err
	}
	targets = targets[:len(cols)] // without a column list, the rest take defaults
	out := &insertQuery{plan: pl, vals: make([]expr, len(t.Columns))}
	for j, c := range targets {
		col := t.Columns[c]
		if sp, ok := pl.(*selectPlan); ok {
			if err := typeLiteral(sp, q, j, col.Type); err != nil {
				return nil, err
			}
		}
		in := &colExpr{idx: j, t: cols[j].Type, name: cols[j].Name}
		if in.t.Kind != types.KindUnknown && !castable(in.t, col.Type) {
			return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "column %q is of type %s but expression is of type %s", col.Name, noTypmod(col.Type).Name(), in.t.Name()).
				WithHint("You will need to rewrite or cast the expression.").WithPosition(itemPos(q, j))
		}
		v, err := coerce(in, col.Type, -1)
		if err != nil {
			return nil, err
		}
		out.vals[c] = v
		if skip, err := identityValue(col, x.Overriding); err != nil || skip { // identity.go
			if err != nil {
				return nil, err
			}
			out.vals[c] = nil
		}
	}
	return out, nil
}

// typeLiteral gives an untyped literal or parameter that is output column
// j of the SELECT the target column's type: a literal is converted now, so
// that a bad one is an error at its position, as in PostgreSQL; $n takes
// the type (without modifier) for ParameterDescription.
func typeLiteral(sp *selectPlan, q *sql.Select, j int, t types.Type) error {
	if pe, ok := sp.items[j].(*paramExpr); ok && pe.Type().Kind == types.KindUnknown {
		sp.items[j] = retype(pe, noTypmod(t))
		sp.cols[j].Type = noTypmod(t)
		return nil
	}
	c, ok := sp.items[j].(*constExpr)
	if !ok || c.t.Kind != types.KindUnknown {
		return nil
	}
	pos := itemPos(q, j) - 1
	x, err := coerce(c, t, pos)
	if err != nil {
		return err
	}
	sp.items[j] = x
	sp.cols[j].Type = t
	return nil
}

// itemPos is the 1-based position of the SELECT item that gives output
// column i (0 when unknown, e.g. after a *).
func itemPos(q *sql.Select, i int) int {
	if q.SetOp != nil {
		return outputPos(q, i) + 1 // setop.go
	}
	for _, it := range q.Items {
		if it.Star {
			return 0
		}
	}
	if i < len(q.Items) {
		return q.Items[i].Expr.Pos() + 1
	}
	return 0
}
