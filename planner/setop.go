package planner

import (
	"sync/atomic"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// Set operations between SELECTs: UNION, INTERSECT and EXCEPT, with or
// without ALL (PostgreSQL docs, 7.4 "Combining Queries"), bound as
// PostgreSQL's transformSetOperationTree does. Each side is planned on
// its own (a plain SELECT keeps its own index choice, ORDER BY and LIMIT);
// both must have as many columns (42601 "each UNION query must have the
// same number of columns", at the right side's first column); column by
// column, the result type is the two sides' common type (select_common_type:
// 42804 "UNION types integer and text cannot be matched" at the right
// side's column), untyped literals and parameters of a side take it (text
// when both are untyped), and the type modifier survives only when both
// sides have the same. Result columns are named after the leftmost SELECT.
// Every operator but UNION ALL compares whole rows, so each column's type
// needs an equality operator (42883 "could not identify an equality
// operator for type json"). ORDER BY, LIMIT and OFFSET after the last
// SELECT apply to the result (setop_order.go); rows are combined by
// setop_run.go.

// setOpPlan is a bound set operation.
type setOpPlan struct {
	op          sql.SetOpKind
	all         bool
	left, right plan
	// lconv and rconv convert a side's row to the result types: per
	// column, nil when the side's values already have the result type,
	// else an expression over column j of the side's row.
	lconv, rconv []expr
	cols         []backend.Column
	// eq compares each column's values for duplicate elimination
	// (nil for UNION ALL).
	eq     []compareFunc
	order  []setOrderKey // setop_order.go
	limit  expr
	offset expr
	// built is p's plan tree (setop_write.go), built by its first run and
	// shared by the later runs of the bound statement.
	built atomic.Pointer[setOpTree]
}

func (p *setOpPlan) columns() []backend.Column { return p.cols }

// planSetOp binds x, a Select whose SetOp is set.
func (b *binder) planSetOp(x *sql.Select) (plan, error) {
	op := x.SetOp
	p := &setOpPlan{op: op.Op, all: op.All}
	var err error
	if p.left, err = b.planSetSide(op.Left); err != nil {
		return nil, err
	}
	if p.right, err = b.planSetSide(op.Right); err != nil {
		return nil, err
	}
	lcols, rcols := p.left.columns(), p.right.columns()
	if len(lcols) != len(rcols) {
		return nil, pgerror.Errorf(pgerror.SyntaxError, "each %s query must have the same number of columns", op.Op).
			WithPosition(outputPos(op.Right, 0) + 1)
	}
	p.cols = make([]backend.Column, len(lcols))
	p.lconv, p.rconv = make([]expr, len(lcols)), make([]expr, len(lcols))
	if !(op.Op == sql.SetUnion && op.All) {
		p.eq = make([]compareFunc, len(lcols))
	}
	for j := range lcols {
		if err := p.bindColumn(op, j); err != nil {
			return nil, err
		}
	}
	if err := p.bindOrder(b, x); err != nil { // setop_order.go
		return nil, err
	}
	if p.limit, err = b.bindLimit(x.Limit, "LIMIT"); err != nil {
		return nil, err
	}
	if p.offset, err = b.bindLimit(x.Offset, "OFFSET"); err != nil {
		return nil, err
	}
	return p, nil
}

// planSetSide plans one side of a set operation with its own binder (a
// side has its own FROM), sharing the statement's parameters and
// subquery scope; its untyped output columns stay untyped until
// bindColumn gives them the result type.
func (b *binder) planSetSide(q *sql.Select) (plan, error) {
	scope := b.nestedScope() // subquery.go
	scope.keepUnknown = true
	sub := &binder{s: b.s, params: b.params, query: &scope}
	pl, err := sub.planSelect(q)
	b.params = sub.params
	return pl, err
}

// bindColumn resolves the type of output column j and how each side's
// values convert to it.
func (p *setOpPlan) bindColumn(op *sql.SetOperation, j int) error {
	lt, rt := p.left.columns()[j].Type, p.right.columns()[j].Type
	lpos, rpos := outputPos(op.Left, j), outputPos(op.Right, j)
	t, err := setOpType(op.Op.String(), lt, rt, lpos, rpos)
	if err != nil {
		return err
	}
	if err := typeUntyped(p.left, op.Left, j, t); err != nil {
		return err
	}
	if err := typeUntyped(p.right, op.Right, j, t); err != nil {
		return err
	}
	lt, rt = p.left.columns()[j].Type, p.right.columns()[j].Type
	if lt == rt {
		t = lt // the same type and modifier on both sides: kept
	}
	if p.lconv[j], err = sideConversion(lt, t, j); err != nil {
		return err
	}
	if p.rconv[j], err = sideConversion(rt, t, j); err != nil {
		return err
	}
	p.cols[j] = backend.Column{Name: p.left.columns()[j].Name, Type: t}
	if p.eq == nil {
		return nil
	}
	eq, ok := comparerFor(t, t)
	if !ok {
		pos := lpos
		if lt.Kind == types.KindUnknown {
			pos = rpos
		}
		return pgerror.Errorf(pgerror.UndefinedFunction, "could not identify an equality operator for type %s", t.Name()).WithPosition(pos + 1)
	}
	p.eq[j] = eq
	return nil
}

// setOpType is select_common_type of one column's two sides: date and
// the timestamp types meet at the timestamp type (timestamptz when
// either side has it), as PostgreSQL's datetime category does; the other
// rules are commonType's (funcs_variadic.go).
func setOpType(what string, lt, rt types.Type, lpos, rpos int) (types.Type, error) {
	l, r := noTypmod(lt), noTypmod(rt)
	if classOf(l) == classDate && classOf(r) == classTimestamp || classOf(l) == classTimestamp && classOf(r) == classDate ||
		classOf(l) == classTimestamp && classOf(r) == classTimestamp && l.Kind != r.Kind {
		if l.Kind == types.KindTimestamptz || r.Kind == types.KindTimestamptz {
			return types.Type{Kind: types.KindTimestamptz, Typmod: types.NoTypmod}, nil
		}
		return types.Type{Kind: types.KindTimestamp, Typmod: types.NoTypmod}, nil
	}
	return commonType(what, []expr{&constExpr{t: lt}, &constExpr{t: rt}}, []int{lpos, rpos})
}

// typeUntyped gives output column j of side pl the type t when it is an
// untyped literal or parameter of a plain SELECT, as PostgreSQL coerces
// such a Const or Param in place: a bad literal is an error at its
// position (22P02 `invalid input syntax for type integer: "x"`), and $n
// takes the type.
func typeUntyped(pl plan, q *sql.Select, j int, t types.Type) error {
	sp, ok := pl.(*selectPlan)
	if !ok || sp.cols[j].Type.Kind != types.KindUnknown {
		return nil
	}
	return typeLiteral(sp, q, j, noTypmod(t)) // dml_query.go
}

// sideConversion converts column j of a side's row from type from to
// the result type t; nil when no conversion is needed.
func sideConversion(from, t types.Type, j int) (expr, error) {
	if from.Kind == t.Kind {
		return nil, nil
	}
	return coerce(&colExpr{idx: j, t: from}, noTypmod(t), -1)
}

// outputPos is the 0-based position in the query of the expression
// giving output column j of q (its leftmost SELECT's for a set
// operation); -1 when unknown (after a *).
func outputPos(q *sql.Select, j int) int {
	for q.SetOp != nil {
		q = q.SetOp.Left
	}
	for _, it := range q.Items {
		if it.Star {
			return -1
		}
	}
	if j < len(q.Items) {
		return leftmost(q.Items[j].Expr) // PostgreSQL's exprLocation
	}
	return -1
}
