package exec

import (
	"errors"
	"fmt"

	"github.com/vecgres/vecgres/planner/plan"
)

// col is a fake expression: the row's i-th value.
type col int

func (c col) String() string { return fmt.Sprintf("c%d", int(c)) }

// fn is a fake expression computed by a Go function.
type fn struct {
	name string
	f    func(row []any) (any, error)
}

func (f fn) String() string { return f.name }

// fakeEval evaluates col and fn, orders ints and strings with NULL last
// (first under DESC, as PostgreSQL's defaults), keys rows by fmt, and
// aggregates count and sum of column 1.
type fakeEval struct{}

func (fakeEval) Eval(x plan.Expr, row []any) (any, error) {
	switch x := x.(type) {
	case col:
		return row[x], nil
	case fn:
		return x.f(row)
	}
	return nil, fmt.Errorf("fake: %T", x)
}

func (fakeEval) Compare(k plan.SortKey, a, b any) (int, error) {
	c := 0
	switch {
	case a == nil && b == nil:
	case a == nil:
		c = 1
	case b == nil:
		c = -1
	default:
		switch a := a.(type) {
		case int:
			c = a - b.(int)
		case string:
			if a < b.(string) {
				c = -1
			} else if a > b.(string) {
				c = 1
			}
		default:
			return 0, fmt.Errorf("fake: cannot compare %T", a)
		}
	}
	if k.Desc {
		c = -c
	}
	return c, nil
}

func (fakeEval) HashKey(vals []any) (string, error) { return fmt.Sprintf("%#v", vals), nil }

func (fakeEval) Accumulators(*plan.Aggregate) ([]Accumulator, error) {
	return []Accumulator{&countAcc{}, &sumAcc{}}, nil
}

type countAcc struct{ n int }

func (a *countAcc) Add([]any) error      { a.n++; return nil }
func (a *countAcc) Result() (any, error) { return a.n, nil }

// sumAcc sums column 1; NULL over no rows, as SQL's sum.
type sumAcc struct {
	s    int
	some bool
}

func (a *sumAcc) Add(row []any) error {
	if v, ok := row[1].(int); ok {
		a.s, a.some = a.s+v, true
	}
	return nil
}

func (a *sumAcc) Result() (any, error) {
	if !a.some {
		return nil, nil
	}
	return a.s, nil
}

// errBoom is a fake failure of a source or expression.
var errBoom = errors.New("boom")

// fakeSources serves each SeqScan's rows by relation name; read counts
// the rows pushed per relation, failAt (when > 0) fails a relation's
// scan before its failAt-th row.
type fakeSources struct {
	rows   map[string][][]any
	read   map[string]int
	failAt map[string]int
}

func (s *fakeSources) Scan(n plan.Node) (func(Emit) error, error) {
	name := n.(*plan.SeqScan).Relation
	rows, ok := s.rows[name]
	if !ok {
		return nil, fmt.Errorf("fake: no relation %s", name)
	}
	return func(emit Emit) error {
		for i, r := range rows {
			if s.failAt[name] == i+1 {
				return errBoom
			}
			s.read[name]++
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// scan is a SeqScan leaf of the fake relation name.
func scan(name string) *plan.SeqScan {
	return &plan.SeqScan{ScanInfo: plan.ScanInfo{Relation: name}}
}

// fakeEnv is an Env over rel's relations with the fake evaluator.
func fakeEnv(rel map[string][][]any) (*Env, *fakeSources) {
	src := &fakeSources{rows: rel, read: map[string]int{}, failAt: map[string]int{}}
	return &Env{Eval: fakeEval{}, Sources: src}, src
}

// run runs root in env and returns the rows its sink got.
func run(env *Env, root plan.Node) ([][]any, int64, error) {
	c := &Collector{}
	n, err := Run(env, root, c)
	return c.Rows, n, err
}

// table is rows of (id, n): ids 1..len(ns) with the given n values.
func table(ns ...any) [][]any {
	out := make([][]any, len(ns))
	for i, n := range ns {
		out[i] = []any{i + 1, n}
	}
	return out
}
