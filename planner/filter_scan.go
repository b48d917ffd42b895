package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
)

// btreeMaxFrac is the largest fraction of a table's index entries a plain
// WHERE query reads through a B-tree rather than scanning the table.
const btreeMaxFrac = 0.3

// chooseBTree returns the B-tree scan for a plain WHERE query when its
// exact entry count makes it cheaper than a sequential scan (always when
// enable_seqscan is off), or nil.
func (p *selectPlan) chooseBTree(x *execCtx, e *env) (*pathScan, error) {
	if p.table == nil {
		return nil, nil
	}
	return choosePath(x, e, p.table, p.path)
}

// choosePath evaluates path (nil: none) over table t and returns it when
// its exact entry count makes it cheaper than a sequential scan (always
// when enable_seqscan is off), or nil.
func choosePath(x *execCtx, e *env, t *catalog.Table, path *indexPath) (*pathScan, error) {
	if path == nil {
		return nil, nil
	}
	ps, err := path.eval(e)
	if err != nil {
		return nil, err
	}
	if float64(ps.count) <= btreeMaxFrac*float64(t.Slots()) || !x.s.settings.flag("enable_seqscan") {
		return ps, nil
	}
	return nil, nil
}

// btreeEach passes the rows ps points at that are visible and pass
// WHERE to fn, in slot order (a sequential scan's), one at a time; fn's
// error stops it and is returned, as is 57014 when ctx ends.
func (p *selectPlan) btreeEach(ctx context.Context, x *execCtx, e *env, ps *pathScan, fn func(vals []any) error) error {
	slots := ps.slots()
	countPathScan(p.table, ps, len(slots)) // access_stats.go
	ids := p.rowIDs()
	for i, slot := range slots {
		if i%cancelCheckRows == cancelCheckRows-1 && ctx.Err() != nil {
			return errCanceled
		}
		vals, ok := x.txn.Get(p.table, slot)
		if !ok {
			continue
		}
		pass, err := p.passes(e, vals)
		if err != nil {
			return err
		}
		if pass {
			if err := fn(ids.row(vals, slot)); err != nil {
				return err
			}
		}
	}
	return nil
}
