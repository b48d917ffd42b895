package planner

// bit_and, bit_or and bit_xor (signatures in planner/sem/bitops.go): the
// non-NULL inputs folded by & | # in a.sumI, the first one as it is.

// bitOps maps each to its operator.
var bitOps = map[string]func(x, y int64) int64{
	"bit_and": func(x, y int64) int64 { return x & y },
	"bit_or":  func(x, y int64) int64 { return x | y },
	"bit_xor": func(x, y int64) int64 { return x ^ y },
}

// addBits folds one non-NULL input in (a.count counts it).
func (a *aggAcc) addBits(v int64) {
	if a.count == 1 {
		a.sumI = v
		return
	}
	a.sumI = bitOps[a.call.name](a.sumI, v)
}

// bitsResult is the folded value; NULL over no input.
func (a *aggAcc) bitsResult() any {
	if a.count == 0 {
		return nil
	}
	return a.sumI
}
