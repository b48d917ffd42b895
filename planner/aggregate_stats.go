package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// variance, var_samp, var_pop, stddev, stddev_samp and stddev_pop
// (signatures and final values in planner/sem/stats.go): float inputs
// accumulate as float8_accum does, integer and numeric ones as exact
// numeric sums of the values and of their squares.

// statsAggregates names them: whether each is a sample statistic, and
// whether a standard deviation.
var statsAggregates = map[string]struct{ sample, stddev bool }{
	"variance": {true, false}, "var_samp": {true, false}, "var_pop": {false, false},
	"stddev": {true, true}, "stddev_samp": {true, true}, "stddev_pop": {false, true},
}

// statsAcc is their state in an aggAcc.
type statsAcc struct {
	fl          sem.FloatAccum
	sumX, sumX2 types.Decimal
	special     bool // a NaN or infinite numeric input
}

// addStats folds one non-NULL input in (a.count counts it).
func (a *aggAcc) addStats(v any) error {
	if a.call.t.Kind == types.KindFloat8 {
		a.stats.fl.Add(sem.ToFloat(v))
		return nil
	}
	x, _ := types.AsNumeric(v)
	if !x.IsFinite() {
		a.stats.special = true
		return nil
	}
	sq, err := types.NumericArith("*", x, x)
	if err != nil {
		return err
	}
	if a.count == 1 {
		a.stats.sumX, a.stats.sumX2 = x, sq
		return nil
	}
	if a.stats.sumX, err = types.NumericArith("+", a.stats.sumX, x); err != nil {
		return err
	}
	a.stats.sumX2, err = types.NumericArith("+", a.stats.sumX2, sq)
	return err
}

// statsResult is the statistic over the inputs.
func (a *aggAcc) statsResult() (any, error) {
	k := statsAggregates[a.call.name]
	if a.call.t.Kind == types.KindFloat8 {
		return sem.VarianceFloat(a.stats.fl, k.sample, k.stddev), nil
	}
	return sem.VarianceNumeric(a.count, a.stats.sumX, a.stats.sumX2, a.stats.special, k.sample, k.stddev)
}

// value is the aggregate's final value: result's, or a statistic's
// (which may fail: 22003).
func (a *aggAcc) value() (any, error) {
	if _, ok := statsAggregates[a.call.name]; ok {
		return a.statsResult()
	}
	return a.result(), nil
}
