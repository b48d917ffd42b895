package planner

import (
	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
)

// Aggregate queries through planner/exec: an Aggregate over the source
// rows groups them by the GROUP BY keys (one group in all without them,
// even over no rows), and emits per group, in the order of the groups'
// first rows, the key values, the group's first row (firstRow: the
// expressions above read group keys and the columns functionally
// dependent on them from it, the group's representative row) and each
// aggregate's final value; HAVING is a Filter over those rows. The
// expressions above are groupedExprs, which set the env's row and
// aggregate values from such a row.

// execAggregate puts the Aggregate of p (and the Filter of its HAVING)
// over in, its accumulators registered in b.
func (p *selectPlan) execAggregate(e *env, b *execBuild, in ir.Node) ir.Node {
	n := &ir.Aggregate{Unary: ir.Unary{Input: in}}
	if len(p.group) > 0 {
		n.GroupKeys = make([]string, len(p.group)) // printed only by EXPLAIN
		n.Groups = boundExprs(p.group)
	}
	keepFirst := len(p.group) > 0 // without keys no row is kept
	if b.accs == nil {
		b.accs = map[*ir.Aggregate]func() ([]pexec.Accumulator, error){}
	}
	b.accs[n] = func() ([]pexec.Accumulator, error) {
		if err := e.charge(int64(len(p.aggs.calls)) * aggAccBytes); err != nil { // aggregate_memory.go
			return nil, err
		}
		out := make([]pexec.Accumulator, 0, len(p.aggs.calls)+1)
		out = append(out, &firstRow{keep: keepFirst})
		for _, c := range p.aggs.calls {
			out = append(out, &aggAccumulator{acc: aggAcc{call: c}, e: e})
		}
		return out, nil
	}
	if p.having == nil {
		return n
	}
	return &ir.Filter{Unary: ir.Unary{Input: n}, Pred: groupedExpr{x: p.having, keys: len(p.group)}}
}

// firstRow is the pseudo-aggregate whose value is the group's first input
// row (nil when it does not keep it).
type firstRow struct {
	row  []any
	seen bool
	keep bool
}

// Add implements exec.Accumulator.
func (f *firstRow) Add(row []any) error {
	if !f.seen && f.keep {
		f.row = row
	}
	f.seen = true
	return nil
}

// Result implements exec.Accumulator.
func (f *firstRow) Result() (any, error) { return f.row, nil }

// aggAccumulator is one aggregate call's aggAcc as an exec.Accumulator:
// a row is added with the env's row set to it.
type aggAccumulator struct {
	acc aggAcc
	e   *env
}

// Add implements exec.Accumulator.
func (a *aggAccumulator) Add(row []any) error {
	a.e.row = row
	return a.acc.add(a.e)
}

// Result implements exec.Accumulator: the aggregate's final value
// (aggregate_distinct.go).
func (a *aggAccumulator) Result() (any, error) { return a.acc.final(a.e) }
