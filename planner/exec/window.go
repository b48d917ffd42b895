package exec

import (
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// The Window operator (PostgreSQL's WindowAgg, nodeWindowAgg.c): its
// input arrives sorted by the partition keys then the ORDER BY keys (a
// Sort below it), so a partition is a run of rows equal on PartKeys and
// a peer group a run equal on OrderKeys too. It holds one partition at a
// time, charged to env.Mem (each row's key values, then its results),
// computes every function for each of its rows (window_funcs.go, over
// the frames of window_frame.go) and emits each row followed by one
// value per function, in input order.

// partition is the rows of one partition and its peer groups: grp[i] is
// row i's group, start[g] and end[g] (exclusive) group g's rows.
type partition struct {
	rows       [][]any
	part, ord  [][]any // each row's partition and ORDER BY key values
	grp        []int
	start, end []int
	charged    int64
}

// buildWindow holds each partition of its input, then emits its rows
// with their function values.
func (env *Env) buildWindow(n *plan.Window) (producer, error) {
	in, err := env.input(n.Unary, "WindowAgg")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		p := &partition{}
		err := in(func(row []any) error {
			part, err := env.evalKeys(n.PartKeys, row)
			if err != nil {
				return err
			}
			if len(p.rows) > 0 {
				same, err := env.sameKeys(n.PartKeys, p.part[0], part)
				if err != nil {
					return err
				}
				if !same {
					if err := env.flushPartition(n, p, emit); err != nil {
						return err
					}
					p = &partition{}
				}
			}
			return env.holdRow(n, p, row, part)
		})
		if err != nil || len(p.rows) == 0 {
			return err
		}
		return env.flushPartition(n, p, emit)
	}, nil
}

// holdRow adds row (with its partition key values part) to p, charging
// its key values.
func (env *Env) holdRow(n *plan.Window, p *partition, row, part []any) error {
	ord, err := env.evalKeys(n.OrderKeys, row)
	if err != nil {
		return err
	}
	size := memacct.RowSize(part) + memacct.RowSize(ord)
	if err := env.Mem.Charge(size); err != nil {
		return err
	}
	p.charged += size
	p.rows, p.part, p.ord = append(p.rows, row), append(p.part, part), append(p.ord, ord)
	return nil
}

// evalKeys evaluates the keys' executable expressions over row.
func (env *Env) evalKeys(keys []plan.SortKey, row []any) ([]any, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	out := make([]any, len(keys))
	for i, k := range keys {
		v, err := env.Eval.Eval(k.Key, row)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// sameKeys reports whether a and b, values of keys, compare equal.
func (env *Env) sameKeys(keys []plan.SortKey, a, b []any) (bool, error) {
	for i, k := range keys {
		c, err := env.Eval.Compare(k, a[i], b[i])
		if err != nil || c != 0 {
			return false, err
		}
	}
	return true, nil
}

// peers finds p's peer groups.
func (env *Env) peers(n *plan.Window, p *partition) error {
	p.grp = make([]int, len(p.rows))
	for i := range p.rows {
		if i > 0 {
			same, err := env.sameKeys(n.OrderKeys, p.ord[i-1], p.ord[i])
			if err != nil {
				return err
			}
			if !same {
				p.end = append(p.end, i)
			}
		}
		if len(p.start) == len(p.end) {
			p.start = append(p.start, i)
		}
		p.grp[i] = len(p.start) - 1
	}
	p.end = append(p.end, len(p.rows))
	return nil
}

// flushPartition computes the functions over p and emits its rows, then
// releases what p held.
func (env *Env) flushPartition(n *plan.Window, p *partition, emit Emit) error {
	defer func() { env.Mem.Release(p.charged) }()
	if err := env.peers(n, p); err != nil {
		return err
	}
	fr, err := env.newFramer(n, p) // window_frame.go
	if err != nil {
		return err
	}
	cols := make([][]any, len(n.Funcs))
	for i := range n.Funcs {
		if cols[i], err = env.windowColumn(n, i, p, fr); err != nil { // window_funcs.go
			return err
		}
	}
	for r, row := range p.rows {
		if err := env.check(); err != nil {
			return err
		}
		out := append(make([]any, 0, len(row)+len(cols)), row...)
		for _, c := range cols {
			out = append(out, c[r])
		}
		if err := emit(out); err != nil {
			return err
		}
	}
	return nil
}
