package planner

import (
	"fmt"
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// binder resolves names and types of the expressions of one statement.
type binder struct {
	s      *Session
	table  *catalog.Table // the FROM table; nil when there is none
	alias  string
	params []*types.Type // $n types: declared by the client or inferred
	aggs   *aggState     // non-nil while binding a SELECT list that may aggregate
	// aggDenied is the 42803 message for an aggregate where aggs is nil
	// ("": PostgreSQL's generic "not allowed here").
	aggDenied string
	// wins holds a SELECT's window calls while its list and ORDER BY are
	// bound, where they are allowed (bind_window.go); winDenied is the
	// 42P20 message where they are not ("": derived from aggDenied).
	wins      *winState
	winDenied string
	// srfs collects the set-returning calls of the select list being
	// bound (select_srf.go); nil elsewhere, where they are refused.
	srfs *srfList
	// query holds what the binders of one statement and its subqueries
	// share (subquery.go, dml_conflict.go); nil until first needed.
	query *queryScope
	// from is the names of a FROM clause that joins (bind_scope.go); nil
	// for one table, which table and alias name.
	from *fromScope
	// provides is set when nested queries read this binder's columns
	// from its current row (a LATERAL subquery: outerColExpr). hintOnly
	// marks the FROM items left of a subquery that is not LATERAL: a
	// qualified reference to them is PostgreSQL's 42P01 with its hint.
	provides *outerScope
	hintOnly bool
	// qualify is the name EXPLAIN qualifies the columns of the one FROM
	// relation with (a relation of a join, join_plan.go); "" for none.
	qualify string
	// viewCols and viewWhere are set while a simple view is bound as
	// its table (view_simple.go).
	viewCols  *viewColumnMap
	viewWhere expr
	// joinRel is set for the binder of one relation of a join
	// (planRelation), whose columns the join reads from its table.
	joinRel bool
	// slotted, when set, picks the FROM items of a join whose rows carry
	// their slots: UPDATE ... FROM's target, the tables of SELECT ... FOR
	// UPDATE (dml_join.go).
	slotted func(sql.FromItem) bool
	// hideTarget keeps UPDATE ... FROM's target, the first relation of
	// its join, from the FROM items' LATERAL references (dml_join.go).
	hideTarget bool
	// derived is the plan of the subquery that is the whole FROM clause
	// (derived.go), whose record columns' fields field selection reads
	// (record_derived.go); nil otherwise.
	derived plan
}

func newBinder(s *Session, declared []uint32) (*binder, error) {
	b := &binder{s: s}
	for i, oid := range declared {
		t := types.Unknown
		if oid != 0 {
			var ok bool
			if t, ok = types.TypeByOID(oid); !ok {
				return nil, pgerror.Errorf(pgerror.UndefinedObject, "type with OID %d does not exist", oid)
			}
		}
		b.param(i + 1)
		*b.params[i] = t
	}
	return b, nil
}

// unreferencedTypmod marks the type slot of a parameter below the highest
// one used that neither the statement nor its Parse message has named yet
// ($1 of `SELECT $2`).
const unreferencedTypmod = -2

// param returns the type slot of $n, growing the list (the slots skipped
// are marked unreferenced until they are asked for).
func (b *binder) param(n int) *types.Type {
	for len(b.params) < n {
		t := types.Type{Kind: types.KindUnknown, Typmod: unreferencedTypmod}
		b.params = append(b.params, &t)
	}
	t := b.params[n-1]
	if t.Kind == types.KindUnknown && t.Typmod == unreferencedTypmod {
		*t = types.Unknown
	}
	return t
}

// paramTypes finalises the parameter types: any still unknown is text, as
// PostgreSQL does for parameters only compared with unknown literals.
// Error: 42P18 `could not determine data type of parameter $n` for a
// parameter neither used nor typed by Parse, as PostgreSQL's
// check_variable_parameters.
func (b *binder) paramTypes() ([]types.Type, error) {
	out := make([]types.Type, len(b.params))
	for i, t := range b.params {
		if t.Kind == types.KindUnknown && t.Typmod == unreferencedTypmod {
			return nil, pgerror.Errorf(pgerror.IndeterminateDatatype, "could not determine data type of parameter $%d", i+1)
		}
		if t.Kind == types.KindUnknown {
			*t = types.Text
		}
		out[i] = *t
	}
	return out, nil
}

// untyped reports whether e takes its type from context: a string or NULL
// literal, or a parameter whose type is not known yet.
func (b *binder) untyped(e sql.Expr) bool {
	switch x := e.(type) {
	case *sql.Const:
		return x.Kind == sql.ConstString || x.Kind == sql.ConstNull
	case *sql.Param:
		return x.N <= len(b.params) && b.params[x.N-1].Kind == types.KindUnknown || x.N > len(b.params)
	}
	return false
}

// bind binds e; hint is the type an untyped literal or parameter takes
// (types.Unknown for none).
func (b *binder) bind(e sql.Expr, hint types.Type) (expr, error) {
	switch x := e.(type) {
	case *sql.Const:
		return b.bindConst(x, hint)
	case *sql.Param:
		return b.bindParam(x, hint)
	case *sql.ColumnRef:
		return b.bindColumn(x)
	case *sql.BinaryExpr:
		return b.bindBinary(x)
	case *sql.UnaryExpr:
		return b.bindUnary(x, hint)
	case *sql.BoolExpr:
		return b.bindBool(x)
	case *sql.FuncCall:
		return b.bindFunc(x)
	case *sql.Cast:
		if a, ok := x.X.(*sql.ArrayExpr); ok {
			return b.bindArrayCast(a, x)
		}
		return b.bindCast(x)
	case *sql.ArrayExpr:
		return b.bindArray(x, hint)
	case *sql.IsNull:
		inner, err := b.bind(x.X, types.Unknown)
		if err != nil {
			return nil, err
		}
		return &isNullExpr{x: inner, not: x.Not}, nil
	case *sql.BoolTest:
		return b.bindBoolTest(x) // expr_booltest.go
	case *sql.InList:
		return b.bindIn(x)
	case *sql.DistinctExpr:
		return b.bindDistinctFrom(x)
	case *sql.Between:
		return b.bindBetween(x)
	case *sql.ArrayCompare:
		return b.bindArrayCompare(x)
	case *sql.Subscript:
		return b.bindSubscript(x)
	case *sql.Default:
		return nil, pgerror.New(pgerror.SyntaxError, "DEFAULT is not allowed in this context").WithPosition(x.P + 1)
	case *sql.SubLink:
		return b.bindSubLink(x)
	case *sql.CaseExpr:
		return b.bindCase(x) // bind_case.go
	case *sql.RowExpr:
		return b.bindRow(x) // record_bind.go
	case *sql.FieldSelect:
		return b.bindFieldSelect(x)
	}
	return nil, pgerror.NotSupported(fmt.Sprintf("expression %T", e))
}

func (b *binder) bindConst(c *sql.Const, hint types.Type) (expr, error) {
	switch c.Kind {
	case sql.ConstNull:
		return &constExpr{t: hint}, nil
	case sql.ConstBool:
		return &constExpr{t: types.Bool, v: c.Text == "true" || c.Text == "t"}, nil
	case sql.ConstInt:
		v, err := strconv.ParseInt(c.Text, 10, 64)
		if err != nil {
			return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "value %q is out of range for type bigint", c.Text)
		}
		t := types.Int4
		if int64(int32(v)) != v {
			t = types.Int8
		}
		return &constExpr{t: t, v: v}, nil
	case sql.ConstFloat:
		v, err := types.ParseNumeric(c.Text)
		if err != nil {
			return nil, withPos(err, c.P)
		}
		return &constExpr{t: types.Numeric, v: v}, nil
	}
	if hint.Kind == types.KindUnknown {
		return &constExpr{t: types.Unknown, v: c.Text}, nil
	}
	if types.IsArray(hint.Kind) && hint.Typmod != types.NoTypmod {
		return bindArrayLiteral(c, hint)
	}
	v, err := types.ParseTextStyle(hint, c.Text, b.s.Style())
	if err != nil {
		return nil, withPos(err, c.P)
	}
	return &constExpr{t: hint, v: v}, nil
}

func (b *binder) bindParam(p *sql.Param, hint types.Type) (expr, error) {
	if p.N < 1 || p.N > 65535 {
		return nil, pgerror.Errorf(pgerror.UndefinedParameter, "there is no parameter $%d", p.N).WithPosition(p.P + 1)
	}
	t := b.param(p.N)
	if t.Kind == types.KindUnknown && hint.Kind != types.KindUnknown {
		*t = types.Type{Kind: hint.Kind, Typmod: types.NoTypmod}
	}
	return &paramExpr{n: p.N - 1, t: t}, nil
}

func (b *binder) bindColumn(c *sql.ColumnRef) (expr, error) {
	if c.Name == "*" {
		return b.bindWholeRowRef(c) // record_bind.go
	}
	x, err := b.bindPlainColumn(c)
	if err != nil && pgerror.CodeOf(err) == pgerror.UndefinedColumn && c.Table == "" {
		if w, ok := b.wholeRow(c.Name, ""); ok { // a FROM item's name: its whole row
			return w, nil
		}
		if w, ok, werr := b.outerWholeRow(c); ok { // an enclosing query's (record_bind.go)
			return w, werr
		}
	}
	return x, err
}

// bindPlainColumn binds a column reference (bindColumn) that is no
// whole-row reference.
func (b *binder) bindPlainColumn(c *sql.ColumnRef) (expr, error) {
	if x, ok, err := b.bindScopedColumn(c); ok {
		return x, err
	}
	if b.from != nil {
		x, _, err := b.from.lookup(c) // bind_scope.go
		return x, err
	}
	if b.table == nil {
		return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", c.Name).WithPosition(c.P + 1)
	}
	if err := b.checkQualifier(c); err != nil {
		return nil, err
	}
	i := b.columnIndex(c.Name) // view_simple.go
	if i < 0 {
		if x, ok := tableOIDColumn(c, b.table); ok { // bind_syscol.go
			return x, nil
		}
		return nil, errNoColumn(c)
	}
	return &colExpr{idx: i, t: b.table.Columns[i].Type, name: c.Name, pos: c.P + 1, qual: b.qualify}, nil
}

// withPos adds a 1-based position to a *pgerror.Error that has none.
func withPos(err error, pos int) error {
	pe, ok := err.(*pgerror.Error)
	if !ok || pe.Position != 0 || pos < 0 {
		return err
	}
	return pe.WithPosition(pos + 1)
}

// coerce converts x to type to for storing (assignment cast); constants are
// converted at once so that errors carry the literal's position. Any type
// goes to a string type through its text form, as PostgreSQL's assignment
// I/O conversion (then the length check of varchar(n) applies).
func coerce(x expr, to types.Type, pos int) (expr, error) {
	from := x.Type()
	if from == to {
		return x, nil
	}
	if classOf(to) == classString && classOf(from) != classString {
		x = ioCast(x, noTypmod(to))
		if from = x.Type(); from == to {
			return x, nil
		}
	}
	if c, ok := x.(*constExpr); ok && (c.v == nil || !styleDependent(from, to)) {
		if c.v == nil {
			return &constExpr{t: to}, nil
		}
		v, err := types.Cast(c.v, from, to, false)
		if err != nil && (types.IsArray(from.Kind) || classOf(from) == classBits || to.Kind == types.KindSparsevec) {
			return nil, err // a cast function's error, without position
		}
		if err != nil {
			return nil, withPos(err, pos)
		}
		return &constExpr{t: to, v: v}, nil
	}
	return &castExpr{x: x, t: to}, nil
}

// ioCast converts x to the string type to by its text form (an explicit
// cast), at once for a constant.
func ioCast(x expr, to types.Type) expr {
	if c, ok := x.(*constExpr); ok && c.v != nil && !styleDependent(c.t, to) {
		if v, err := types.Cast(c.v, c.t, to, true); err == nil {
			return &constExpr{t: to, v: v}
		}
	}
	return &castExpr{x: x, t: to, explicit: true}
}

// styleDependent reports whether a cast from one type to another reads
// the session's TimeZone or IntervalStyle (timestamptz to or from another
// kind, interval to a string), so that it is not folded while binding.
func styleDependent(from, to types.Type) bool {
	tz := from.Kind == types.KindTimestamptz || to.Kind == types.KindTimestamptz
	return tz && from.Kind != to.Kind || from.Kind == types.KindInterval && to.Kind != types.KindInterval
}

// noTypmod strips a type's modifier: operators take vector, not vector(3).
func noTypmod(t types.Type) types.Type { return types.Type{Kind: t.Kind, Typmod: types.NoTypmod} }
