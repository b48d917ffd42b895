package planner

import (
	"strings"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Set-returning functions in the select list (PostgreSQL 10+'s
// ProjectSet, docs 9.26): SELECT unnest(arr), x FROM t gives, for each
// row that passes WHERE, one row per value of the longest of the list's
// set-returning calls, the other calls' values NULL past their ends, and
// no row when every call is empty; the rest of the list is computed per
// output row, so unnest(a) + 1 adds to each element. ORDER BY, DISTINCT
// and LIMIT apply to the expanded rows. Refused with 0A000, naming them:
// a set-returning call inside another's arguments, one returning a
// record (jsonb_each), and one in an aggregate query.

// srfList collects a select list's set-returning calls while it is bound.
type srfList struct {
	calls  []fromCall
	nested bool // the arguments of one of them are being bound
}

// srfSetExpr is one call: its value is the list of the call's values for
// the current row (plan.ProjectSet evaluates it).
type srfSetExpr struct{ c fromCall }

func (s *srfSetExpr) Type() types.Type { return types.Unknown }
func (s *srfSetExpr) Eval(e *env) (any, error) {
	vals := []any{}
	err := s.c.run(e, func(row []any) error {
		vals = append(vals, row[0])
		return nil
	})
	return vals, err
}

// srfRef reads call i's value of the current row: ProjectSet appends the
// calls' values after the input row's columns, in order.
type srfRef struct {
	list *srfList
	i    int
	t    types.Type
}

func (r *srfRef) Type() types.Type { return r.t }
func (r *srfRef) Eval(e *env) (any, error) {
	return e.row[len(e.row)-len(r.list.calls)+r.i], nil
}

// bindSelectSRF binds a set-returning call of the select list being bound
// (b.srfs), its arguments without set-returning calls.
func (b *binder) bindSelectSRF(f *sql.FuncCall) (expr, error) {
	list := b.srfs
	if list.nested {
		return nil, pgerror.NotSupported("set-returning functions in the arguments of a set-returning function").WithPosition(f.P + 1)
	}
	b.srfs = &srfList{nested: true}
	defer func() { b.srfs = list }()
	fn, args, err := b.resolveBuiltin(f) // funcs.go
	if err != nil {
		return nil, err
	}
	if fn.Cols != nil && len(fn.Cols) != 1 {
		return nil, pgerror.NotSupported("set-returning functions returning records in the select list").WithPosition(f.P + 1)
	}
	t := fn.Ret
	if fn.Cols != nil {
		t = fn.Cols[0].Type
	}
	if t.Kind == sem.AnyElement.Kind { // unnest: the array's element type
		t, _ = types.ElemType(args[0].Type())
	}
	list.calls = append(list.calls, fromCall{fn: fn, args: args, ncols: 1})
	return &srfRef{list: list, i: len(list.calls) - 1, t: t}, nil
}

// srfOutside is 0A000 for a set-returning call where none is served: in
// a clause that refuses aggregates too, PostgreSQL's "set-returning
// functions are not allowed in WHERE"; elsewhere naming the construct.
func (b *binder) srfOutside(f *sql.FuncCall) error {
	if clause, ok := strings.CutPrefix(b.aggDenied, "aggregate functions are not allowed in "); ok {
		return pgerror.New(pgerror.FeatureNotSupported, "set-returning functions are not allowed in "+clause).WithPosition(f.P + 1)
	}
	return pgerror.NotSupported("set-returning functions outside FROM and the select list").WithPosition(f.P + 1)
}

// checkSelectSRFs refuses set-returning calls in the select list of an
// aggregate query, and keeps a k-NN index scan from stopping at LIMIT
// source rows when the list expands them.
func checkSelectSRFs(p *selectPlan) error {
	if p.srfs == nil {
		return nil
	}
	if p.aggs != nil || p.group != nil {
		return pgerror.NotSupported("set-returning functions in the select list of an aggregate query")
	}
	p.scan = nil
	return nil
}

// withProjectSet puts a ProjectSet of p's set-returning calls over n
// (with their executable calls when run); n itself when there are none.
// Its estimate is the input's times the largest call's (fromCall's
// estimate).
func (p *selectPlan) withProjectSet(n ir.Node, run bool) ir.Node {
	if p.srfs == nil {
		return n
	}
	ps := &ir.ProjectSet{Unary: ir.Unary{Input: n}}
	per := 1.0
	for _, c := range p.srfs.calls {
		ps.Out = append(ps.Out, ir.Column{Name: c.fn.Name})
		per = max(per, c.estimate())
		if run {
			ps.Sets = append(ps.Sets, boundExpr{&srfSetExpr{c}})
		}
	}
	if est := n.Base().Est; est.Known {
		ps.Est = ir.Rows(est.Rows * per)
	}
	return ps
}
