package sql

import (
	"math/big"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/types"
)

// aConst converts a literal. Integers that fit int64 are ConstInt with their
// decimal text; other numbers are ConstFloat as written (without '_').
func (c *conv) aConst(a *pg_query.A_Const) (Expr, error) {
	loc := int(a.GetLocation())
	if a.GetIsnull() {
		return &Const{Kind: ConstNull, P: loc}, nil
	}
	switch v := a.GetVal().(type) {
	case *pg_query.A_Const_Ival:
		return &Const{Kind: ConstInt, Text: strconv.FormatInt(int64(v.Ival.GetIval()), 10), P: loc}, nil
	case *pg_query.A_Const_Fval:
		return numConst(v.Fval.GetFval(), loc), nil
	case *pg_query.A_Const_Boolval:
		return &Const{Kind: ConstBool, Text: strconv.FormatBool(v.Boolval.GetBoolval()), P: loc}, nil
	case *pg_query.A_Const_Sval:
		return &Const{Kind: ConstString, Text: v.Sval.GetSval(), P: loc}, nil
	case *pg_query.A_Const_Bsval:
		// B'101' and X'1F' arrive as "b101" and "x1F": bit_in reads both
		// prefixes, and the constant has type bit without a length
		// (PostgreSQL's make_const).
		return &Cast{X: &Const{Kind: ConstString, Text: v.Bsval.GetBsval(), P: loc}, Type: types.BitOf(types.NoTypmod), P: loc}, nil
	}
	return &Const{Kind: ConstNull, P: loc}, nil
}

// numConst classifies a numeric literal's text (possibly with a leading
// '-'): ConstInt when it is an integer that fits int64, else ConstFloat.
func numConst(text string, loc int) *Const {
	text = strings.ReplaceAll(text, "_", "")
	if d, ok := nonDecimal(text); ok {
		text = d
	}
	if !strings.ContainsAny(text, ".eE") {
		if v, err := strconv.ParseInt(text, 10, 64); err == nil {
			return &Const{Kind: ConstInt, Text: strconv.FormatInt(v, 10), P: loc}
		}
	}
	return &Const{Kind: ConstFloat, Text: text, P: loc}
}

// nonDecimal converts a hexadecimal, octal or binary integer literal
// (PostgreSQL 16+: 0x1F, 0o17, 0b101, optionally negative) to decimal.
func nonDecimal(text string) (string, bool) {
	digits := strings.TrimPrefix(text, "-")
	if len(digits) < 3 || digits[0] != '0' || !strings.ContainsRune("xXoObB", rune(digits[1])) {
		return "", false
	}
	b, ok := new(big.Int).SetString(digits, 0)
	if !ok {
		return "", false
	}
	if len(digits) < len(text) {
		b.Neg(b)
	}
	return b.String(), true
}

// negate folds a unary minus into a numeric constant, as PostgreSQL's
// grammar does (doNegate); the constant takes the minus' position.
func negate(k *Const, loc int) *Const {
	text := k.Text
	if strings.HasPrefix(text, "-") {
		text = text[1:]
	} else {
		text = "-" + text
	}
	return numConst(text, loc)
}
