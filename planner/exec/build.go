package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/plan"
)

// build returns n's producer, its inputs built first; under EXPLAIN
// ANALYZE (env.Actual) it counts the rows n emits.
func (env *Env) build(n plan.Node) (producer, error) {
	p, err := env.buildNode(n)
	if err != nil || env.Actual == nil {
		return p, err
	}
	return func(emit Emit) error {
		env.Actual[n] += 0 // ran, even when it emits nothing
		return p(func(row []any) error {
			env.Actual[n]++
			return emit(row)
		})
	}, nil
}

// buildThrough builds n, an input of via that an operator reads directly
// (a SetOp reads the two inputs of its Append); under EXPLAIN ANALYZE
// each row n emits counts for via too, as via would have passed it on.
func (env *Env) buildThrough(n, via plan.Node) (producer, error) {
	p, err := env.build(n)
	if err != nil || env.Actual == nil {
		return p, err
	}
	return func(emit Emit) error {
		env.Actual[via] += 0 // ran
		return p(func(row []any) error {
			env.Actual[via]++
			return emit(row)
		})
	}, nil
}

// buildNode is build without the counting.
func (env *Env) buildNode(n plan.Node) (producer, error) {
	switch n := n.(type) {
	case *plan.Filter:
		return env.buildFilter(n)
	case *plan.Project:
		return env.buildProject(n)
	case *plan.ProjectSet:
		return env.buildProjectSet(n)
	case *plan.Limit:
		return env.buildLimit(n)
	case *plan.Sort:
		return env.buildSort(n)
	case *plan.TopK:
		return env.buildTopK(n)
	case *plan.Widen:
		return env.buildWiden(n) // widen.go
	case *plan.Distinct:
		return env.buildDistinct(n)
	case *plan.Aggregate:
		return env.buildAggregate(n)
	case *plan.Window:
		return env.buildWindow(n) // window.go
	case *plan.Append:
		return env.buildAppend(n)
	case *plan.SetOp:
		return env.buildSetOp(n)
	case *plan.Join:
		return env.buildJoin(n)
	case *plan.Hash:
		return env.input(n.Unary, "Hash")
	case *plan.Modify:
		return env.buildModify(n) // modify.go
	case *plan.LockRows:
		return env.buildLockRows(n) // lockrows.go
	case *plan.Result:
		return resultRow, nil
	case *plan.SeqScan, *plan.IndexScan, *plan.FunctionScan, *plan.SubqueryScan, *plan.ValuesScan, *plan.Copy, *plan.Side:
		return env.buildScan(n)
	}
	return nil, fmt.Errorf("exec: no operator for plan node %T (%s)", n, n.Label())
}

// input builds the one input of a unary node.
func (env *Env) input(u plan.Unary, label string) (producer, error) {
	if u.Input == nil {
		return nil, fmt.Errorf("exec: %s has no input", label)
	}
	return env.build(u.Input)
}
