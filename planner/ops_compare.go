package planner

import (
	"math"
	"strings"

	"github.com/vecgres/vecgres/catalog/types"
)

// compareFunc orders two non-NULL values: -1, 0, 1.
type compareFunc func(a, b any) int

// typeClass groups types whose values compare and combine with each other.
type typeClass uint8

const (
	classOther typeClass = iota
	classNumeric
	classString
	classBool
	classVector
)

func classOf(t types.Type) typeClass {
	switch t.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8, types.KindFloat4, types.KindFloat8,
		types.KindNumeric, types.KindOID, types.KindRegtype:
		return classNumeric
	case types.KindText, types.KindVarchar, types.KindBpchar, types.KindUnknown:
		return classString
	case types.KindBool:
		return classBool
	case types.KindVector:
		return classVector
	}
	return classOther
}

func isIntKind(k types.Kind) bool {
	switch k {
	case types.KindInt2, types.KindInt4, types.KindInt8, types.KindOID, types.KindRegtype:
		return true
	}
	return false
}

// comparerFor returns how values of a and b compare, or false when
// PostgreSQL has no such comparison operator.
func comparerFor(a, b types.Type) (compareFunc, bool) {
	ca, cb := classOf(a), classOf(b)
	if ca != cb || ca == classOther {
		return nil, false
	}
	switch ca {
	case classNumeric:
		return compareNumbers, true
	case classString:
		return func(x, y any) int { return strings.Compare(x.(string), y.(string)) }, true
	}
	return types.Compare, true
}

// compareNumbers compares int64 and float64 values; NaN sorts above every
// number and equals itself, as in PostgreSQL.
func compareNumbers(a, b any) int {
	ai, aInt := a.(int64)
	bi, bInt := b.(int64)
	if aInt && bInt {
		switch {
		case ai < bi:
			return -1
		case ai > bi:
			return 1
		}
		return 0
	}
	return compareFloats(toFloat(a), toFloat(b))
}

func compareFloats(x, y float64) int {
	xn, yn := math.IsNaN(x), math.IsNaN(y)
	switch {
	case xn && yn:
		return 0
	case xn:
		return 1
	case yn:
		return -1
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func toFloat(v any) float64 {
	if i, ok := v.(int64); ok {
		return float64(i)
	}
	return v.(float64)
}

// cmpExpr is a comparison operator.
type cmpExpr struct {
	op   string
	l, r expr
	cmp  compareFunc
}

func (*cmpExpr) Type() types.Type { return types.Bool }
func (c *cmpExpr) Eval(e *env) (any, error) {
	l, err := c.l.Eval(e)
	if err != nil || l == nil {
		return nil, err
	}
	r, err := c.r.Eval(e)
	if err != nil || r == nil {
		return nil, err
	}
	return cmpResult(c.op, c.cmp(l, r)), nil
}

func cmpResult(op string, c int) bool {
	switch op {
	case "=":
		return c == 0
	case "<>":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0 // ">="
}

func isComparison(op string) bool {
	switch op {
	case "=", "<>", "<", "<=", ">", ">=":
		return true
	}
	return false
}
