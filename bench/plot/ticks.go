package main

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// maxLabels is the most labelled ticks linearTicks puts on an axis.
const maxLabels = 10

// linearTicks labels [lo, hi] at the multiples of the smallest step of the
// form 1, 2 or 5 times a power of ten that gives at most maxLabels labels,
// with unlabelled minor ticks at a fifth (or, for a 2-step, half) of it
// (plot.DefaultTicks labels only two values on a narrow recall range).
func linearTicks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'f', -1, 64)}}
	}
	step, minors := tickStep(hi - lo)
	prec := int(math.Max(0, -math.Floor(math.Log10(step))))
	var ticks []plot.Tick
	minor := step / float64(minors)
	const eps = 1e-9 // in minor steps: 0.9/0.01 is 90.00000000000001
	for i := math.Ceil(lo/minor - eps); i <= hi/minor+eps; i++ {
		v := i*minor + 0 // + 0 turns -0 into 0
		t := plot.Tick{Value: v}
		if int(math.Round(i))%minors == 0 {
			t.Label = strconv.FormatFloat(v, 'f', prec, 64)
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// tickStep returns the label step for a range of width w and how many minor
// intervals divide it.
func tickStep(w float64) (step float64, minors int) {
	base := math.Pow(10, math.Floor(math.Log10(w/maxLabels)))
	for {
		for _, m := range []float64{1, 2, 5} {
			if w/(m*base) <= maxLabels-1 { // at most maxLabels ticks labelled
				if m == 2 {
					return m * base, 2
				}
				return m * base, 5
			}
		}
		base *= 10
	}
}

// logTicks125 marks 1, 2 and 5 times each power of ten in [lo, hi] with a
// label and the other integer multiples as minor ticks, so that a range
// narrower than a decade still gets labels (plot.LogTicks labels only
// powers of ten). lo and hi must be positive.
func logTicks125(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		base := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := float64(m) * base
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'f', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}
