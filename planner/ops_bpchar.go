package planner

import (
	"strings"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/types"
)

// character(n) (bpchar) keeps its values padded with spaces to n
// characters, but its trailing spaces are insignificant (PostgreSQL docs
// 8.3): they are dropped when a bpchar value becomes text (so before ||,
// length() and text comparison), and bpchar's own comparison operators
// ignore them.

// bpcharAsText converts a bpchar operand to text (dropping its trailing
// spaces, as the bpchar-to-text cast rtrims), for the text operators and
// functions that take it: 'abc'::char(5) || '|' is 'abc|'. Other operands
// are returned as they are.
func bpcharAsText(x expr) expr {
	if x.Type().Kind != types.KindBpchar {
		return x
	}
	return &castExpr{x: x, t: types.Text}
}

// bpcharKey adapts the key operand v of col op v for a B-tree index on a
// column of type col. For a character(n) column, whose keys are stored
// padded to n characters, only = with an operand compared by bpchar's
// rules (bpchar, varchar, unknown) can use the index, through the padded
// form of the operand (bpcharKeyExpr): padded keys sort as the raw
// strings, not as bpchar's comparison does (which differs for characters
// below the space), and text operands compare by text's rules. ok is
// false when the index cannot answer the condition.
func bpcharKey(col types.Type, v expr, op string) (key expr, ok bool) {
	if col.Kind != types.KindBpchar {
		return v, true
	}
	if op != "=" || col.Typmod < 1 || v.Type().Kind == types.KindText {
		return nil, false
	}
	return &bpcharKeyExpr{x: v, n: int(col.Typmod)}, true
}

// bpcharKeyExpr is the key a character(n) index holds for the value of
// x: x without trailing spaces, padded to n characters. A value longer
// than n characters is returned without its trailing spaces: no key
// equals it, as no character(n) value equals it.
type bpcharKeyExpr struct {
	x expr
	n int
}

func (k *bpcharKeyExpr) Type() types.Type {
	return types.Type{Kind: types.KindBpchar, Typmod: int32(k.n)}
}
func (k *bpcharKeyExpr) Eval(e *env) (any, error) {
	v, err := k.x.Eval(e)
	s, ok := v.(string)
	if err != nil || !ok {
		return v, err
	}
	s = strings.TrimRight(s, " ")
	if c := utf8.RuneCountInString(s); c < k.n {
		s += strings.Repeat(" ", k.n-c)
	}
	return s, nil
}
