package sem

import "github.com/vecgres/vecgres/sql/types"

// bitOperators are PostgreSQL 15's bitwise operators on integers
// (docs 9.3, Table 9.4; int.c and int8.c): & | # (and, or, xor) on two
// operands of one integer type; << and >> of smallint, integer or bigint
// by an integer count (Mastra: bigint << int), as the C shift of the
// operand's promoted width does it on x86-64 (the count taken modulo 32,
// or 64 for bigint; a smallint is shifted as an int and truncated, so
// 1::int2 << 16 is 0); >> is arithmetic. ~ (not) is a prefix operator.
// None overflows.
func bitOperators() []Func {
	var ops []Func
	for _, t := range intKinds {
		for _, op := range []string{"&", "|", "#"} {
			ops = append(ops, Func{Name: op, Args: []types.Type{t, t}, Ret: t, Strict: true,
				Fn: func(_ Context, a []any) (any, error) { return bitwise(op, a[0].(int64), a[1].(int64)), nil }})
		}
		for _, op := range []string{"<<", ">>"} {
			ops = append(ops, Func{Name: op, Args: []types.Type{t, types.Int4}, Ret: t, Strict: true,
				Fn: func(_ Context, a []any) (any, error) { return shift(op, a[0].(int64), a[1].(int64), t), nil }})
		}
		ops = append(ops, Func{Name: "~", Args: []types.Type{t}, Ret: t, Strict: true,
			Fn: func(_ Context, a []any) (any, error) { return ^a[0].(int64), nil }})
	}
	return ops
}

func bitwise(op string, x, y int64) int64 {
	switch op {
	case "&":
		return x & y
	case "|":
		return x | y
	}
	return x ^ y
}

// shift is x << n or x >> n in t's C width (int2 promoted to int32).
func shift(op string, x, n int64, t types.Type) int64 {
	if t.Kind == types.KindInt8 {
		if op == "<<" {
			return x << (uint64(n) & 63)
		}
		return x >> (uint64(n) & 63)
	}
	var v int32
	if op == "<<" {
		v = int32(x) << (uint32(n) & 31)
	} else {
		v = int32(x) >> (uint32(n) & 31)
	}
	if t.Kind == types.KindInt2 {
		return int64(int16(v))
	}
	return int64(v)
}

// bitAggregateFuncs are bit_and, bit_or and bit_xor of smallint, integer
// and bigint (docs 9.21, Table 9.58): the inputs folded by & | #, of the
// input type; NULL over no non-NULL input. Accumulating is the
// planner's (planner/aggregate_bits.go).
var bitAggregateFuncs = func() []Func {
	var fs []Func
	for _, name := range []string{"bit_and", "bit_or", "bit_xor"} {
		for _, t := range intKinds {
			fs = append(fs, aggregate(name, t, t))
		}
	}
	return fs
}()
