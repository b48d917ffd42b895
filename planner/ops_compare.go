package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
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
	classBytea
	classDate
	classTimestamp // timestamp and timestamptz: both microseconds, UTC
	classUUID
	classJSONB
	classBits // bit and bit varying
)

func classOf(t types.Type) typeClass {
	switch t.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8, types.KindFloat4, types.KindFloat8,
		types.KindNumeric, types.KindOID, types.KindRegtype, types.KindRegclass, types.KindRegnamespace, types.KindRegrole,
		types.KindRegproc, types.KindRegprocedure, types.KindRegoper, types.KindRegoperator:
		return classNumeric
	case types.KindText, types.KindVarchar, types.KindBpchar, types.KindName, types.KindUnknown:
		return classString
	case types.KindBool:
		return classBool
	case types.KindVector, types.KindHalfvec, types.KindSparsevec:
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
	case types.KindBit, types.KindVarbit:
		return classBits
	}
	return classOther
}

func isIntKind(k types.Kind) bool {
	switch k {
	case types.KindInt2, types.KindInt4, types.KindInt8, types.KindOID, types.KindRegtype, types.KindRegclass,
		types.KindRegnamespace, types.KindRegrole, types.KindRegproc,
		types.KindRegprocedure, types.KindRegoper, types.KindRegoperator:
		return true
	}
	return false
}

// comparerFor returns how values of a and b compare by PostgreSQL's =
// for these types (sem.Comparer: the registry entry's order, after the
// operands' implicit conversions), or false when PostgreSQL has no such
// operator. IN, CASE, GROUP BY, DISTINCT, ORDER BY, set operations and
// min/max order by it.
func comparerFor(a, b types.Type) (compareFunc, bool) {
	return comparerForOp("=", a, b)
}

// comparerForOp is comparerFor for comparison operator op.
func comparerForOp(op string, a, b types.Type) (compareFunc, bool) {
	cmp, _, err := sem.Comparer(op, a, b)
	if err != nil {
		return nil, false
	}
	return compareFunc(cmp), true
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

func cmpResult(op string, c int) bool { return sem.CompareResult(op, c) }

func isComparison(op string) bool { return sem.IsComparison(op) }
