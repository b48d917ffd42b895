package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Concatenation of text with a value of another type (PostgreSQL docs
// 9.4, Table 9.9): text || anynonarray and anynonarray || text
// (textanycat, anytextcat) convert the other operand with its output
// function and concatenate: 'c' || 1 is 'c1'. vector || vector and the
// array operators keep their own meaning.

// bindConcatOperands binds the operands of ||. When exactly one is
// untyped ('...', NULL, a $n of unknown type) and the other takes part in
// text concatenation (anyTextCat), the untyped one reads as text, as
// PostgreSQL resolves 'c' || 1; otherwise as bindPair.
func (b *binder) bindConcatOperands(x *sql.BinaryExpr) (expr, expr, error) {
	lu, ru := b.untyped(x.L), b.untyped(x.R)
	if lu == ru {
		return b.bindPair(x.L, x.R, types.Text)
	}
	typed, untyped := x.L, x.R
	if lu {
		typed, untyped = x.R, x.L
	}
	t, err := b.bind(typed, types.Unknown)
	if err != nil {
		return nil, nil, err
	}
	hint := noTypmod(t.Type())
	if anyTextCat(hint) || hint.Kind == types.KindBpchar {
		hint = types.Text // bpchar has no || of its own: textcat, 'abc'::char(5) || ' ' keeps the space
	}
	u, err := b.bind(untyped, hint)
	if err != nil {
		return nil, nil, err
	}
	if lu {
		return u, t, nil
	}
	return t, u, nil
}

// anyTextCat reports whether a value of type t concatenates with text by
// its text form: any type but the string types themselves, arrays,
// vector, jsonb and bytea (which have || operators of their own) and
// unknown.
func anyTextCat(t types.Type) bool {
	switch t.Kind {
	case types.KindUnknown, types.KindVector, types.KindHalfvec, types.KindJSONB, types.KindBytea, types.KindBit, types.KindVarbit, types.KindSparsevec:
		return false
	}
	return classOf(t) != classString && !types.IsArray(t.Kind)
}

// textConcat builds text || anynonarray or anynonarray || text, nil when
// the operand types are not those.
func textConcat(l, r expr) expr {
	lc, rc := classOf(l.Type()), classOf(r.Type())
	switch {
	case lc == classString && l.Type().Kind != types.KindUnknown && anyTextCat(r.Type()):
		l, r = bpcharAsText(l), &castExpr{x: r, t: types.Text, explicit: true}
	case rc == classString && r.Type().Kind != types.KindUnknown && anyTextCat(l.Type()):
		l, r = &castExpr{x: l, t: types.Text, explicit: true}, bpcharAsText(r)
	default:
		return nil
	}
	return &arithExpr{op: "||", l: l, r: r, t: types.Text, fn: textCat.Fn}
}

// textCat is sem.Operators' text || text, which textConcat applies once
// both operands are text.
var textCat, _ = sem.Operators.Resolve("||", []types.Type{types.Text, types.Text})
