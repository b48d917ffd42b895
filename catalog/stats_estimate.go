package catalog

import (
	"math"

	"github.com/vecgres/vecgres/sql/types"
)

// Default selectivities when a column has no statistics, as PostgreSQL's
// DEFAULT_EQ_SEL and DEFAULT_INEQ_SEL (selfuncs.h).
const (
	DefaultEqSel   = 0.005
	DefaultIneqSel = 1.0 / 3
)

// EqFrac estimates the fraction of rows whose value equals v (non-NULL):
// its MCV frequency, or the rows outside the MCVs spread evenly over the
// other distinct values (PostgreSQL's eqsel).
func (cs *ColumnStats) EqFrac(v any) float64 {
	if cs.Distinct == 0 {
		return 0
	}
	sum := 0.0
	for i, m := range cs.MCV {
		if types.Compare(m, v) == 0 {
			return cs.MCVFreq[i]
		}
		sum += cs.MCVFreq[i]
	}
	rest := cs.Distinct - float64(len(cs.MCV))
	if rest < 1 {
		return 0
	}
	return max(0, 1-cs.NullFrac-sum) / rest
}

// RangeFrac estimates the fraction of rows with a non-NULL value in
// [lo, hi] (bounds as Bound says; an unset bound is open): the MCVs in
// range plus the histogram's share of the rest, interpolating linearly
// inside a bucket for numbers and taking half a bucket otherwise.
func (cs *ColumnStats) RangeFrac(lo, hi Bound) float64 {
	mcvIn, mcvSum := 0.0, 0.0
	for i, m := range cs.MCV {
		mcvSum += cs.MCVFreq[i]
		if boundBelow(lo, m) && boundAbove(hi, m) {
			mcvIn += cs.MCVFreq[i]
		}
	}
	rest := max(0, 1-cs.NullFrac-mcvSum)
	if len(cs.Histogram) < 2 {
		return mcvIn + rest*DefaultIneqSel
	}
	a, b := 0.0, 1.0
	if lo.Set && lo.Key != nil {
		a = cs.histPos(lo.Key)
	}
	if hi.Set && hi.Key != nil {
		b = cs.histPos(hi.Key)
	}
	return mcvIn + rest*max(0, b-a)
}

func boundBelow(lo Bound, v any) bool {
	if !lo.Set || lo.Key == nil {
		return true
	}
	c := types.Compare(lo.Key, v)
	return c < 0 || (c == 0 && lo.Inclusive)
}

func boundAbove(hi Bound, v any) bool {
	if !hi.Set || hi.Key == nil {
		return true
	}
	c := types.Compare(v, hi.Key)
	return c < 0 || (c == 0 && hi.Inclusive)
}

// histPos is the fraction (0..1) of histogram values below v.
func (cs *ColumnStats) histPos(v any) float64 {
	h := cs.Histogram
	n := float64(len(h) - 1)
	if types.Compare(v, h[0]) <= 0 {
		return 0
	}
	if types.Compare(v, h[len(h)-1]) >= 0 {
		return 1
	}
	i := 0
	for i+1 < len(h) && types.Compare(h[i+1], v) <= 0 {
		i++
	}
	frac := 0.5
	x, okX := asFloat(v)
	l, okL := asFloat(h[i])
	r, okR := asFloat(h[i+1])
	if okX && okL && okR && r > l {
		frac = (x - l) / (r - l)
	}
	return (float64(i) + frac) / n
}

func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, !math.IsNaN(x)
	case types.Decimal:
		return types.NumericToFloat64(x), x.IsFinite()
	}
	return 0, false
}
