package planner

import (
	"errors"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// bindPair binds the operands of a binary operator. An untyped operand
// takes the other operand's type (without modifier); when both are untyped
// they take fallback.
func (b *binder) bindPair(l, r sql.Expr, fallback types.Type) (expr, expr, error) {
	if b.untyped(l) && !b.untyped(r) {
		R, err := b.bind(r, types.Unknown)
		if err != nil {
			return nil, nil, err
		}
		L, err := b.bind(l, noTypmod(R.Type()))
		return L, R, err
	}
	L, err := b.bind(l, types.Unknown)
	if err != nil {
		return nil, nil, err
	}
	hint := noTypmod(L.Type())
	if hint.Kind == types.KindUnknown {
		hint = fallback
	}
	R, err := b.bind(r, hint)
	if err != nil {
		return nil, nil, err
	}
	if L.Type().Kind == types.KindUnknown {
		L, err = b.bind(l, hint)
	}
	return L, R, err
}

func (b *binder) bindBinary(x *sql.BinaryExpr) (expr, error) {
	if jsonbOps[x.Op] {
		return b.bindJSONB(x)
	}
	if l, ok := x.L.(*sql.RowExpr); ok && isComparison(x.Op) {
		if r, ok := x.R.(*sql.RowExpr); ok {
			return b.bindRowCompare(x, l, r) // record_bind.go
		}
	}
	fallback := types.Text
	if _, ok := sem.Distances[x.Op]; ok {
		fallback = types.VectorOf(types.NoTypmod)
	}
	var l, r expr
	var err error
	if x.Op == "||" {
		l, r, err = b.bindConcatOperands(x) // ops_concat.go
	} else if !isComparison(x.Op) && fallback.Kind == types.KindText && (b.untyped(x.L) || b.untyped(x.R)) {
		if b.untyped(x.L) && b.untyped(x.R) {
			l, r, err = b.bindUntypedOperands(x, fallback)
		} else {
			l, r, err = b.bindOneUntyped(x)
		}
	} else {
		l, r, err = b.bindPair(x.L, x.R, fallback)
	}
	if err != nil {
		return nil, err
	}
	lt, rt := l.Type(), r.Type()
	if e := b.makeBinary(x.Op, l, r); e != nil {
		return e, nil
	}
	if x.Op == "||" {
		if e := textConcat(l, r); e != nil { // ops_concat.go
			return e, nil
		}
	}
	if e, ok, err := b.bindRegclassCompare(x, l, r); ok { // funcs_regclass.go
		return e, err
	}
	if b.namesRowType(lt, rt) { // record_bind.go: rec_a = integer
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", b.typeName(lt), x.Op, b.typeName(rt)).
			WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.").WithPosition(x.P + 1)
	}
	return nil, noOperator(noTypmod(lt), x.Op, noTypmod(rt)).WithPosition(x.P + 1)
}

// ambiguousArith are the operators that PostgreSQL 15 also defines on
// types vecgres lacks (dates, intervals, money, inet, ...), so that two
// untyped operands fit several categories: 42725.
var ambiguousArith = map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true}

// bindUntypedOperands binds the two untyped operands of a binary
// operator other than a comparison, a distance or ||: with the parameter types of
// the one sem.Operators entry that PostgreSQL's oper_select_candidate
// picks for (unknown, unknown) (^: double precision), else as fallback.
// Errors: 42725 "operator is not unique: unknown + unknown" for + - * /
// % and when several entries fit equally.
func (b *binder) bindUntypedOperands(x *sql.BinaryExpr, fallback types.Type) (expr, expr, error) {
	unknown := []types.Type{types.Unknown, types.Unknown}
	f, err := sem.Operators.Resolve(x.Op, unknown)
	if ambiguousArith[x.Op] || errors.Is(err, sem.ErrAmbiguous) {
		return nil, nil, pgerror.Errorf(pgerror.AmbiguousFunction, "operator is not unique: unknown %s unknown", x.Op).WithPosition(x.P + 1).
			WithHint("Could not choose a best candidate operator. You might need to add explicit type casts.")
	}
	lt, rt := fallback, fallback
	if err == nil && !sem.IsPseudo(f.Args[0]) && !sem.IsPseudo(f.Args[1]) {
		lt, rt = sem.ValueType(f.Args[0]), sem.ValueType(f.Args[1])
	}
	l, err := b.bind(x.L, lt)
	if err != nil {
		return nil, nil, err
	}
	r, err := b.bind(x.R, rt)
	return l, r, err
}

// bindOneUntyped binds the operands of a binary operator other than a
// comparison, a distance or || when one is untyped, as PostgreSQL's
// oper_select_candidate: the untyped one takes the other's type when an
// entry takes that type on both sides (binary_oper_exact), else the
// parameter type of the entry the resolver picks for it as unknown
// (2 ^ '0.5' is double precision), else the other's type if an entry
// takes two of it with conversions or polymorphically (int[] && '{1}'),
// else it stays unknown for the 42883 ("integer ~~ unknown").
func (b *binder) bindOneUntyped(x *sql.BinaryExpr) (expr, expr, error) {
	typed, untyped, ui := x.L, x.R, 1
	if b.untyped(x.L) {
		typed, untyped, ui = x.R, x.L, 0
	}
	t, err := b.bind(typed, types.Unknown)
	if err != nil {
		return nil, nil, err
	}
	known := noTypmod(t.Type())
	args := []types.Type{known, known}
	both, errBoth := sem.Operators.Resolve(x.Op, args)
	args[ui] = types.Unknown
	hint := types.Unknown
	switch f, err := sem.Operators.Resolve(x.Op, args); {
	case errBoth == nil && both.Args[0].Kind == known.Kind && both.Args[1].Kind == known.Kind:
		hint = known // binary_oper_exact
	case err != nil && errBoth == nil, err == nil && sem.IsPseudo(f.Args[ui]):
		hint = known // an entry on anyarray, which no unknown reaches
	case err == nil:
		hint = sem.ValueType(f.Args[ui])
	}
	u, err := b.bind(untyped, hint)
	if err != nil {
		return nil, nil, err
	}
	if ui == 0 {
		return u, t, nil
	}
	return t, u, nil
}

// zonedOperands converts a timestamp or date compared with a timestamptz
// to timestamptz, read in the session's TimeZone when it runs, as
// PostgreSQL's timestamp_cmp_timestamptz and date_cmp_timestamptz.
func zonedOperands(l, r expr) (expr, expr) {
	plain := func(k types.Kind) bool { return k == types.KindTimestamp || k == types.KindDate }
	switch lk, rk := l.Type().Kind, r.Type().Kind; {
	case lk == types.KindTimestamptz && plain(rk):
		r = &castExpr{x: r, t: types.Timestamptz}
	case rk == types.KindTimestamptz && plain(lk):
		l = &castExpr{x: l, t: types.Timestamptz}
	}
	return l, r
}

// noOperator is PostgreSQL's 42883 for a binary operator no entry
// takes; the caller adds the position.
func noOperator(l types.Type, op string, r types.Type) *pgerror.Error {
	return pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", l.Name(), op, r.Name()).
		WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.")
}

// makeBinary builds the operator over bound operands, or nil when no
// operator takes these types: comparisons by their sem.Operators entries
// (comparerForOp, ops_compare.go),
// the others resolved in sem.Operators (LIKE into its own node,
// ops_like.go; the jsonb and array containment operators too, bound by
// bindJSONB and bindContainment).
func (b *binder) makeBinary(op string, l, r expr) expr {
	if isComparison(op) {
		l, r = zonedOperands(l, r)
		if cmp, ok := comparerForOp(op, l.Type(), r.Type()); ok {
			return &cmpExpr{op: op, l: l, r: r, cmp: cmp}
		}
		return nil
	}
	f, err := sem.ResolveOperator(op, l.Type(), r.Type())
	if err != nil {
		return nil
	}
	if f.Ret.Kind == sem.AnyArray.Kind {
		return arrayConcatExpr(f, l, r) // ops_array.go
	}
	if negate, fold, ok := sem.LikeOp(op); ok {
		return &likeExpr{l: l, r: r, negate: negate, foldCase: fold}
	}
	if _, ok := sem.Distances[op]; ok {
		return newDistExpr(op, f, l, r) // ops_vector.go
	}
	if _, ok := sem.BitDistances[op]; ok {
		return newDistExpr(op, f, l, r)
	}
	if f.Ret.Kind == types.KindText {
		l, r = bpcharAsText(l), bpcharAsText(r) // ops_bpchar.go
	}
	return &arithExpr{op: op, l: l, r: r, t: f.Ret, fn: f.Converting([]types.Type{l.Type(), r.Type()})}
}

// bindUnary binds prefix - or + on a number (sem.Operators). Errors:
// 42883 for another type, 42725 for an untyped operand.
func (b *binder) bindUnary(x *sql.UnaryExpr, hint types.Type) (expr, error) {
	inner, err := b.bind(x.X, hint)
	if err != nil {
		return nil, err
	}
	if inner.Type().Kind == types.KindUnknown { // PostgreSQL's - also takes interval and money
		return nil, pgerror.Errorf(pgerror.AmbiguousFunction, "operator is not unique: %s unknown", x.Op).WithPosition(x.P + 1).
			WithHint("Could not choose a best candidate operator. You might need to add explicit type casts.")
	}
	f, err := sem.Operators.Resolve(x.Op, []types.Type{inner.Type()})
	if err != nil {
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s %s", x.Op, inner.Type().Name()).WithPosition(x.P + 1).
			WithHint("No operator matches the given name and argument type. You might need to add an explicit type cast.")
	}
	switch x.Op {
	case "+":
		return inner, nil
	case "-":
		return &negExpr{x: inner}, nil
	}
	if inner, err = coerce(inner, f.Args[0], x.X.Pos()); err != nil { // ~ of integers (sem/bitops.go)
		return nil, err
	}
	args := []expr{inner}
	return &funcExpr{name: x.Op, args: args, t: f.Ret, strict: f.Strict, fn: callBuiltin(f, args)}, nil
}

func (b *binder) bindBool(x *sql.BoolExpr) (expr, error) {
	args := make([]expr, len(x.Args))
	for i, a := range x.Args {
		e, err := b.bind(a, types.Bool)
		if err != nil {
			return nil, err
		}
		if e.Type().Kind != types.KindBool {
			name := [...]string{"AND", "OR", "NOT"}[x.Op]
			return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "argument of %s must be type boolean, not type %s", name, e.Type().Name()).WithPosition(a.Pos() + 1)
		}
		args[i] = e
	}
	switch x.Op {
	case sql.And:
		return &andExpr{args: args}, nil
	case sql.Or:
		return &orExpr{args: args}, nil
	}
	return &notExpr{x: args[0]}, nil
}

func (b *binder) bindIn(x *sql.InList) (expr, error) {
	inner, err := b.bind(x.X, types.Unknown)
	if err != nil {
		return nil, err
	}
	hint := noTypmod(inner.Type())
	var bound []expr // the items bound by inListType, when X is untyped
	if hint.Kind == types.KindUnknown {
		if bound, hint, err = b.inListType(x); err != nil {
			return nil, err
		}
		if inner, err = b.bind(x.X, hint); err != nil {
			return nil, err
		}
	}
	list := make([]expr, len(x.List))
	for i, item := range x.List {
		var e expr
		if bound != nil && bound[i].Type().Kind != types.KindUnknown {
			e = bound[i]
		} else if e, err = b.bind(item, hint); err != nil {
			return nil, err
		}
		if _, ok := comparerFor(inner.Type(), e.Type()); !ok {
			return nil, noOperator(noTypmod(inner.Type()), "=", noTypmod(e.Type())).WithPosition(x.P + 1)
		}
		list[i] = e
	}
	cmp, _ := comparerFor(inner.Type(), inner.Type())
	if cmp == nil {
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s = %s", inner.Type().Name(), inner.Type().Name())
	}
	return &inExpr{x: inner, list: list, cmp: cmp, not: x.Not}, nil
}

// inListType binds the list of X IN (list) for an untyped X and returns
// the items and the type X takes: the items' common type (text when all
// are untyped), as PostgreSQL's transformAExprIn takes select_common_type
// of X and the list, so $1 IN (1, 2) has an integer $1; when the items
// have no common type, the first typed item's type (PostgreSQL then
// compares X with each item, so 'a' IN (1, 'b'::text) reads 'a' as an
// integer). The untyped items are bound again with that type.
func (b *binder) inListType(x *sql.InList) ([]expr, types.Type, error) {
	items := make([]expr, len(x.List))
	pos := make([]int, len(x.List))
	for i, item := range x.List {
		e, err := b.bind(item, types.Unknown)
		if err != nil {
			return nil, types.Type{}, err
		}
		items[i], pos[i] = e, leftmost(item)
	}
	t, err := commonType("IN", items, pos) // funcs_variadic.go
	if err != nil {
		t, _ = commonType("IN", items[:firstTyped(items)+1], pos)
	}
	return items, t, nil
}

// firstTyped is the index of the first expression of xs whose type is
// known (len(xs)-1 when none is).
func firstTyped(xs []expr) int {
	for i, x := range xs {
		if x.Type().Kind != types.KindUnknown {
			return i
		}
	}
	return len(xs) - 1
}

// bindBetween rewrites X BETWEEN lo AND hi as X >= lo AND X <= hi.
func (b *binder) bindBetween(x *sql.Between) (expr, error) {
	ge := &sql.BinaryExpr{Op: ">=", L: x.X, R: x.Lo, P: x.P}
	le := &sql.BinaryExpr{Op: "<=", L: x.X, R: x.Hi, P: x.P}
	var e sql.Expr = &sql.BoolExpr{Op: sql.And, Args: []sql.Expr{ge, le}, P: x.P}
	if x.Not {
		e = &sql.BoolExpr{Op: sql.Not, Args: []sql.Expr{e}, P: x.P}
	}
	return b.bind(e, types.Bool)
}

// bindDistinctFrom binds X IS [NOT] DISTINCT FROM Y as the CASE it means:
// two NULLs are not distinct, one NULL is distinct from any value, else
// NOT (X = Y) (X = Y), so the result is never NULL (PostgreSQL docs 9.2;
// like PostgreSQL's, it takes the = operator of X and Y's types, and
// names = in its 42883).
func (b *binder) bindDistinctFrom(x *sql.DistinctExpr) (expr, error) {
	if e, ok, err := b.bindRowDistinct(x); ok {
		return e, err // record_bind.go
	}
	oneNull := "true"
	var values sql.Expr = &sql.BinaryExpr{Op: "=", L: x.X, R: x.Y, P: x.P}
	if x.Not {
		oneNull = "false"
	} else {
		values = &sql.BoolExpr{Op: sql.Not, Args: []sql.Expr{values}, P: x.P}
	}
	bothNull := &sql.IsNull{X: x.Y, Not: !x.Not, P: x.P}
	e := &sql.CaseExpr{P: x.P, Whens: []sql.CaseWhen{
		{Cond: &sql.IsNull{X: x.X, P: x.P}, Result: bothNull, P: x.P},
		{Cond: &sql.IsNull{X: x.Y, P: x.P}, Result: &sql.Const{Kind: sql.ConstBool, Text: oneNull, P: x.P}, P: x.P},
	}, Else: values}
	return b.bind(e, types.Bool)
}

// bindCast binds X::type. An untyped X is read directly as the target type
// (so a bad literal's error points at it); others convert at run time or
// as constants folded here, whose errors have no position (PostgreSQL
// folds them in the planner: 32768::int2 is 22003 with none).
func (b *binder) bindCast(x *sql.Cast) (expr, error) {
	if x.Type.Kind == types.KindRecord {
		return b.bindRecordCast(x) // record_cast.go
	}
	if e, ok, err := b.bindRegclassCast(x); ok { // funcs_regclass.go
		return e, err
	}
	if e, ok, err := b.bindRegclassArrayCast(x); ok { // funcs_regclass.go
		return e, err
	}
	if e, ok, err := b.bindRegNameCast(x); ok { // funcs_regnames.go
		return e, err
	}
	if b.untyped(x.X) {
		hint := noTypmod(x.Type)
		if x.Type.Kind == types.KindInterval { // interval_in reads its fields' range: INTERVAL '2' DAY
			hint = x.Type
		}
		inner, err := b.bind(x.X, hint)
		if err != nil {
			return nil, err
		}
		if inner.Type() == x.Type {
			return inner, nil
		}
		if x.Type.Kind == types.KindSparsevec {
			return b.castOf(inner, x.Type, -1) // its typmod function's error, without position
		}
		return b.castOf(inner, x.Type, x.X.Pos())
	}
	inner, err := b.bind(x.X, types.Unknown)
	if err != nil {
		return nil, err
	}
	e, err := b.castOf(inner, x.Type, -1) // PostgreSQL folds it in the planner: no position
	if err != nil && pgerror.CodeOf(err) == pgerror.CannotCoerce {
		err = withPos(err, x.P) // but finds that no cast exists at the ::
	}
	return e, err
}

// castOf applies an explicit cast, folding constants.
func (b *binder) castOf(inner expr, to types.Type, pos int) (expr, error) {
	if c, ok := inner.(*constExpr); ok {
		if c.v == nil {
			return &constExpr{t: to}, nil
		}
		v, err := types.CastStyle(c.v, c.t, to, true, b.s.Style())
		if err != nil {
			return nil, withPos(err, pos)
		}
		out := &constExpr{t: to, v: v}
		if (numRank(c.t.Kind) > 0 || types.IsArray(c.t.Kind)) && c.t.Kind != to.Kind { // ruledef.go
			out.from = c
		}
		return out, nil
	}
	return &castExpr{x: inner, t: to, explicit: true}, nil
}
