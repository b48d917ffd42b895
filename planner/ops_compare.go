package planner

import "github.com/vecgres/vecgres/sql/types"

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
	classBytea
	classDate
	classTimestamp // timestamp and timestamptz: both microseconds, UTC
	classUUID
	classJSONB
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
	case types.KindBytea:
		return classBytea
	case types.KindDate:
		return classDate
	case types.KindTimestamp, types.KindTimestamptz:
		return classTimestamp
	case types.KindUUID:
		return classUUID
	case types.KindJSONB:
		return classJSONB
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

// comparerFor returns how values of a and b compare (types.Compare, which
// also orders integers against floats), or false when PostgreSQL has no
// such comparison operator.
func comparerFor(a, b types.Type) (compareFunc, bool) {
	ca, cb := classOf(a), classOf(b)
	switch {
	case ca == classDate && cb == classTimestamp:
		return func(x, y any) int { return types.Compare(dateAsTimestamp(x), y) }, true
	case ca == classTimestamp && cb == classDate:
		return func(x, y any) int { return types.Compare(x, dateAsTimestamp(y)) }, true
	}
	if types.IsArray(a.Kind) && a.Kind == b.Kind {
		return types.Compare, true // array_eq, array_lt ...: element-wise
	}
	if cmp, ok := bpcharComparer(a, b); ok { // ops_bpchar.go
		return cmp, true
	}
	if ca != cb || ca == classOther {
		return nil, false
	}
	return types.Compare, true
}

// toFloat widens an integer or float value.
func toFloat(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case types.Decimal:
		return types.NumericToFloat64(x)
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
	l, r, err := evalOperands(e, c.l, c.r)
	if err != nil || l == nil {
		return nil, err
	}
	return cmpResult(c.op, c.cmp(l, r)), nil
}

// evalOperands evaluates both operands of a strict operator; l is nil
// (with a nil error) when either operand is NULL, so the operator yields
// NULL.
func evalOperands(e *env, lx, rx expr) (l, r any, err error) {
	if l, err = lx.Eval(e); err != nil || l == nil {
		return nil, nil, err
	}
	if r, err = rx.Eval(e); err != nil || r == nil {
		return nil, nil, err
	}
	return l, r, nil
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

// dateAsTimestamp widens a date to its midnight for date-timestamp
// comparisons (PostgreSQL's date_cmp_timestamp: a date past the timestamp
// range compares as infinity).
func dateAsTimestamp(d any) any {
	days, _ := d.(int64)
	us, err := types.DateToTimestamp(days)
	if err != nil {
		return int64(types.TimestampInfinity)
	}
	return us
}
