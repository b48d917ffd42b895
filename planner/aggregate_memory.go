package planner

import (
	"unsafe"

	"github.com/vecgres/vecgres/planner/memacct"
)

// An aggregate's state is charged to the statement's memory account
// (memory.go) as it grows: after each folded input, fold charges the
// difference between what the state now holds (stateBytes) and what it
// charged before, so string_agg's text (its delimiters included, at the
// buffer's capacity), array_agg's elements, jsonb_agg's and
// jsonb_object_agg's nodes (keys and values), json_agg's text and a
// vector sum's running sum all count, whether the inputs come from the
// rows, from a DISTINCT aggregate's held inputs or from an ordered
// aggregate's sorted ones. A grouped Aggregate also charges each group's
// accumulators (aggAccBytes) when it makes them.

// aggAccBytes is what one aggregate's accumulator takes before it holds
// any input.
const aggAccBytes = int64(unsafe.Sizeof(aggAcc{})) + memacct.ValueOverhead

// chargeState charges the growth of a's state since its last charge.
// Errors: 53200 past the statement's limit.
func (a *aggAcc) chargeState(e *env) error {
	n := a.stateBytes()
	grown := n - a.charged
	if grown <= 0 {
		return nil
	}
	a.charged = n
	return e.charge(grown)
}

// stateBytes is the approximate memory a's folded state holds beyond the
// accumulator itself: text buffers at their capacity, collected values
// (held, counted as they are collected), a vector sum's running sums.
func (a *aggAcc) stateBytes() int64 {
	n := int64(a.text.Cap()) + a.held
	if isVectorSum(a.call) && a.vec.n > 0 {
		n += memacct.ValueSize(a.vec.sum) + memacct.ValueSize(a.vec.half) + 8*int64(len(a.vec.sumD))
	}
	return n
}
