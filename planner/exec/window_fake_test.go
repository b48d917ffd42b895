package exec

import (
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/planner/plan"
)

// The fake evaluator's window support: aggregates count (non-NULL
// values), sum (of ints; NULL over none) and list (every value of the
// frame in order, "" for an empty frame: the frame itself), and RANGE
// bounds of ints.

func (fakeEval) WindowAccumulator(n *plan.Window, i int) (Accumulator, error) {
	fakeWinAccs.made++
	return &fakeWinAcc{name: n.Funcs[i].Name, arg: n.Funcs[i].Args[0]}, nil
}

// fakeWinAccs counts the fake window accumulators made and released.
var fakeWinAccs struct{ made, released, adds int }

func (a *fakeWinAcc) Release() { fakeWinAccs.released++ }

func (fakeEval) RangeBound(k plan.SortKey, v, off any, back bool) (any, error) {
	d := int(off.(int64))
	if back != k.Desc {
		d = -d
	}
	return v.(int) + d, nil
}

// fakeWinAcc is the fake window aggregate name over arg.
type fakeWinAcc struct {
	name  string
	arg   plan.Expr
	n     int
	sum   int
	items []string
}

func (a *fakeWinAcc) Add(row []any) error {
	fakeWinAccs.adds++
	v, err := fakeEval{}.Eval(a.arg, row)
	if err != nil {
		return err
	}
	a.items = append(a.items, fmt.Sprint(v))
	if v != nil {
		a.n++
		a.sum += v.(int)
	}
	return nil
}

func (a *fakeWinAcc) Result() (any, error) {
	switch a.name {
	case "count":
		return a.n, nil
	case "sum":
		if a.n == 0 {
			return nil, nil
		}
		return a.sum, nil
	}
	return strings.Join(a.items, ","), nil
}

// konst is a constant fake expression.
func konst(v any) fn {
	return fn{name: fmt.Sprint(v), f: func([]any) (any, error) { return v, nil }}
}
