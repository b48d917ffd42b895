package planner

import (
	"strings"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// COALESCE, NULLIF, GREATEST and LEAST: syntax of any number of
// arguments of a common type, no function calls in PostgreSQL either
// (its grammar has them as CoalesceExpr, NullIfExpr, MinMaxExpr); and
// X::regclass (funcs_regclass.go).

// bindVariadicFunc binds f when it is one of these; ok is false otherwise.
func (b *binder) bindVariadicFunc(f *sql.FuncCall) (x expr, ok bool, err error) {
	switch f.Name {
	case "coalesce", "greatest", "least":
		if len(f.Args) == 0 {
			return nil, false, nil
		}
		x, err = b.bindCommon(f)
		return x, true, err
	case "nullif":
		if len(f.Args) != 2 {
			return nil, false, nil
		}
		x, err = b.bindNullif(f)
		return x, true, err
	case sql.RegclassFunc:
		x, err = b.bindRegclass(f, false) // funcs_regclass.go
		return x, true, err
	}
	return nil, false, nil
}

// numericRank orders the numeric types as PostgreSQL's implicit casts
// resolve a mix of them: the result is the highest ranked.
var numericRank = map[types.Kind]int{types.KindInt2: 1, types.KindInt4: 2, types.KindInt8: 3,
	types.KindNumeric: 4, types.KindFloat4: 5, types.KindFloat8: 6}

// commonType resolves the type of COALESCE/GREATEST/LEAST arguments as
// PostgreSQL's select_common_type does for the common cases: unknown
// literals take the others' type (text when all are unknown); numeric
// types widen; integers take a following oid or reg* type; string types take the first; other types must be the same. Errors: 42804 `COALESCE
// types integer and text cannot be matched` at the first mismatch.
func commonType(what string, args []expr, pos []int) (types.Type, error) {
	var t types.Type
	found := false
	for i, a := range args {
		at := noTypmod(a.Type())
		if at.Kind == types.KindUnknown {
			continue
		}
		switch {
		case !found:
			t, found = at, true
		case at.Kind == t.Kind:
		case numericRank[at.Kind] > 0 && numericRank[t.Kind] > 0:
			if numericRank[at.Kind] > numericRank[t.Kind] {
				t = at
			}
		case oidFamily(at.Kind) && integerKind(t.Kind):
			// integers convert implicitly to oid and the reg* types, not
			// back (`CASE ... THEN ftserver ELSE 0 END` is oid)
			t = at
		case oidFamily(t.Kind) && (integerKind(at.Kind) || oidFamily(at.Kind)):
			// oid is its category's preferred type, and oid and a reg*
			// type convert both ways: the first stays
		case classOf(at) == classVector && classOf(t) == classVector:
			// vector and halfvec meet at halfvec (pgvector's implicit cast)
			t = types.HalfvecOf(types.NoTypmod)
		case classOf(at) == classString && classOf(t) == classString:
			// text, varchar and char convert implicitly both ways: the
			// first stays (`COALESCE(v, t)` of varchar v and text t is varchar)
		default:
			return t, pgerror.Errorf(pgerror.DatatypeMismatch, "%s types %s and %s cannot be matched", what, t.Name(), at.Name()).
				WithPosition(pos[i] + 1)
		}
	}
	if !found {
		return types.Text, nil
	}
	return t, nil
}

// oidFamily reports whether k is oid or one of the reg* types, which
// convert to it implicitly.
func oidFamily(k types.Kind) bool {
	return k == types.KindOID || k == types.KindRegtype || types.IsReg(k)
}

// integerKind reports whether k is smallint, integer or bigint.
func integerKind(k types.Kind) bool {
	return k == types.KindInt2 || k == types.KindInt4 || k == types.KindInt8
}

// bindArgs binds f's arguments with no type hint; pos are their
// positions as PostgreSQL reports them.
func (b *binder) bindArgs(f *sql.FuncCall) ([]expr, []int, error) {
	args := make([]expr, len(f.Args))
	pos := make([]int, len(f.Args))
	for i, a := range f.Args {
		x, err := b.bind(a, types.Unknown)
		if err != nil {
			return nil, nil, err
		}
		args[i], pos[i] = x, leftmost(a) // bind_array.go
	}
	return args, pos, nil
}

// bindCommon binds COALESCE, GREATEST or LEAST: every argument converted
// to the common type, which keeps the arguments' type modifier when they
// all have the same (PostgreSQL's exprTypmod of these expressions).
func (b *binder) bindCommon(f *sql.FuncCall) (expr, error) {
	args, pos, err := b.bindArgs(f)
	if err != nil {
		return nil, err
	}
	t, err := commonType(strings.ToUpper(f.Name), args, pos)
	if err != nil {
		return nil, err
	}
	for i, a := range f.Args {
		if args[i].Type().Kind == types.KindUnknown {
			if args[i], err = b.bind(a, t); err != nil {
				return nil, err
			}
		}
	}
	t = withCommonTypmod(t, args) // bind_case.go: coalesce(v, v) of varchar(5) is varchar(5)
	for i := range args {
		if args[i], err = coerce(args[i], t, pos[i]); err != nil {
			return nil, err
		}
	}
	if f.Name == "coalesce" {
		return &funcExpr{name: f.Name, args: args, t: t, fn: coalesceOf}, nil
	}
	cmp, ok := comparerFor(t, t)
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "could not identify a comparison function for type %s", t.Name())
	}
	sign := 1
	if f.Name == "least" {
		sign = -1
	}
	return &funcExpr{name: f.Name, args: args, t: t, fn: func(_ *env, a []any) (any, error) {
		var best any
		for _, v := range a {
			if v != nil && (best == nil || sign*cmp(v, best) > 0) {
				best = v
			}
		}
		return best, nil
	}}, nil
}

// coalesceOf returns the first non-NULL argument. (All arguments are
// evaluated, where PostgreSQL stops at the first non-NULL one: an error in
// a later argument shows here.)
func coalesceOf(_ *env, a []any) (any, error) {
	for _, v := range a {
		if v != nil {
			return v, nil
		}
	}
	return nil, nil
}

// bindNullif binds NULLIF(a, b): NULL when a = b, else a, of a's type.
// Errors: 42883 when no = operator compares them.
func (b *binder) bindNullif(f *sql.FuncCall) (expr, error) {
	args, pos, err := b.bindArgs(f)
	if err != nil {
		return nil, err
	}
	t, err := commonType("NULLIF", args, pos)
	if err != nil {
		t = noTypmod(args[0].Type())
	}
	for i, a := range f.Args {
		if args[i].Type().Kind == types.KindUnknown {
			if args[i], err = b.bind(a, t); err != nil {
				return nil, err
			}
		}
	}
	cmp, ok := comparerFor(args[0].Type(), args[1].Type())
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s = %s",
			args[0].Type().Name(), args[1].Type().Name()).WithPosition(f.P + 1).
			WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.")
	}
	return &funcExpr{name: f.Name, args: args, t: args[0].Type(), fn: func(_ *env, a []any) (any, error) {
		if a[0] != nil && a[1] != nil && cmp(a[0], a[1]) == 0 {
			return nil, nil
		}
		return a[0], nil
	}}, nil
}
