package planner

import "context"

// btreeMaxFrac is the largest fraction of a table's index entries a plain
// WHERE query reads through a B-tree rather than scanning the table.
const btreeMaxFrac = 0.3

// chooseBTree returns the B-tree scan for a plain WHERE query when its
// exact entry count makes it cheaper than a sequential scan (always when
// enable_seqscan is off), or nil.
func (p *selectPlan) chooseBTree(x *execCtx, e *env) (*pathScan, error) {
	if p.path == nil || p.table == nil {
		return nil, nil
	}
	ps, err := p.path.eval(e)
	if err != nil {
		return nil, err
	}
	if float64(ps.count) <= btreeMaxFrac*float64(p.table.Slots()) || !x.s.settings.flag("enable_seqscan") {
		return ps, nil
	}
	return nil, nil
}

// btreeScan reads the rows ps points at, in slot order (the order a
// sequential scan returns them in), that are visible and pass WHERE.
func (p *selectPlan) btreeScan(ctx context.Context, x *execCtx, e *env, ps *pathScan) ([]keyedRow, error) {
	var rows []keyedRow
	for i, slot := range ps.slots() {
		if i%cancelCheckRows == cancelCheckRows-1 && ctx.Err() != nil {
			return nil, errCanceled
		}
		vals, ok := x.txn.Get(p.table, slot)
		if !ok {
			continue
		}
		pass, err := p.passes(e, vals)
		if err != nil {
			return nil, err
		}
		if pass {
			rows = append(rows, keyedRow{row: vals})
		}
	}
	return rows, nil
}
