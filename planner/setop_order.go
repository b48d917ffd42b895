package planner

import (
	"fmt"
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// ORDER BY of a set operation's result, as PostgreSQL's
// transformSetOperationStmt allows it: each key is an output column, by
// position (42P10 "ORDER BY position 3 is not in select list") or by
// name (42702 `ORDER BY "a" is ambiguous` when two columns have it;
// 42703 when none has, with a hint naming the later SELECT that has such
// a column). Anything else is 0A000 "invalid UNION/INTERSECT/EXCEPT
// ORDER BY clause", once its column references are found to name output
// columns (a reference to a table is 42P01 "missing FROM-clause entry").

// setOrderKey is one ORDER BY key: output column col.
type setOrderKey struct {
	orderKey
	col int
}

// setopPseudoTable names the pseudo-table of output columns that ORDER
// BY expressions are checked against; no query can spell it.
const setopPseudoTable = "\x00setop"

// bindOrder binds x's ORDER BY keys against p's output columns.
func (p *setOpPlan) bindOrder(b *binder, x *sql.Select) error {
	for _, o := range x.OrderBy {
		col, err := p.orderColumn(b, o.Expr)
		if err != nil {
			return err
		}
		cmp, err := orderingOf(p.cols[col].Type, o) // bind_select.go
		if err != nil {
			return err
		}
		p.order = append(p.order, setOrderKey{orderKey: orderKey{desc: o.Desc, nullsFirst: nullsFirstOf(o), cmp: cmp}, col: col})
	}
	return nil
}

// orderColumn returns the output column an ORDER BY key names.
func (p *setOpPlan) orderColumn(b *binder, e sql.Expr) (int, error) {
	switch x := e.(type) {
	case *sql.Const:
		if x.Kind == sql.ConstInt {
			n, err := strconv.Atoi(x.Text)
			if err != nil || n < 1 || n > len(p.cols) {
				return 0, pgerror.Errorf(pgerror.InvalidColumnReference, "ORDER BY position %s is not in select list", x.Text).WithPosition(x.P + 1)
			}
			return n - 1, nil
		}
	case *sql.ColumnRef:
		if x.Table == "" {
			return p.namedColumn(x)
		}
	case *sql.Cast:
		// x::t of an output column of type t is that column.
		if c, ok := x.X.(*sql.ColumnRef); ok && c.Table == "" {
			if col, err := p.namedColumn(c); err == nil && noTypmod(p.cols[col].Type) == noTypmod(x.Type) {
				return col, nil
			}
		}
	}
	if err := p.probeExpr(b, e); err != nil {
		return 0, err
	}
	return 0, pgerror.New(pgerror.FeatureNotSupported, "invalid UNION/INTERSECT/EXCEPT ORDER BY clause").
		WithDetail("Only result column names can be used, not expressions or functions.").
		WithHint("Add the expression/function to every SELECT, or move the UNION into a FROM clause.").
		WithPosition(leftmost(e) + 1)
}

// namedColumn finds the output column named c.
func (p *setOpPlan) namedColumn(c *sql.ColumnRef) (int, error) {
	found := -1
	for i, col := range p.cols {
		if col.Name != c.Name {
			continue
		}
		if found >= 0 {
			return 0, pgerror.Errorf(pgerror.AmbiguousColumn, "ORDER BY %q is ambiguous", c.Name).WithPosition(c.P + 1)
		}
		found = i
	}
	if found >= 0 {
		return found, nil
	}
	err := pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", c.Name).WithPosition(c.P + 1)
	for k, leaf := range setLeaves(p)[1:] {
		for _, col := range leaf.columns() {
			if col.Name == c.Name {
				return 0, err.WithHint(fmt.Sprintf("There is a column named %q in table \"*SELECT* %d\", but it cannot be referenced from this part of the query.", c.Name, k+2))
			}
		}
	}
	return 0, err
}

// probeExpr binds e over the output columns only to report what
// PostgreSQL reports before refusing the expression: an unknown column
// or table, a bad function call.
func (p *setOpPlan) probeExpr(b *binder, e sql.Expr) error {
	t := &catalog.Table{Name: setopPseudoTable}
	for _, c := range p.cols {
		t.Columns = append(t.Columns, catalog.Column{Name: c.Name, Type: c.Type})
	}
	probe := &binder{s: b.s, params: b.params, table: t, aggs: &aggState{}, query: b.query}
	_, err := probe.bind(e, types.Unknown)
	return err
}

// setLeaves returns the plain SELECTs under p, from left to right.
func setLeaves(p *setOpPlan) []plan {
	var out []plan
	for _, side := range []plan{p.left, p.right} {
		if s, ok := side.(*setOpPlan); ok {
			out = append(out, setLeaves(s)...)
		} else {
			out = append(out, side)
		}
	}
	return out
}
