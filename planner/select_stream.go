package planner

import (
	"context"
	"errors"
)

// rowSource passes a query's source rows (those that pass WHERE), in
// order, to fn, one at a time; an error from fn or from reading stops it
// and is returned.
type rowSource func(fn func(row []any) error) error

// sliceSource is the rowSource of rows already materialised.
func sliceSource(rows []keyedRow) rowSource {
	return func(fn func([]any) error) error {
		for _, r := range rows {
			if err := fn(r.row); err != nil {
				return err
			}
		}
		return nil
	}
}

// collectRows materialises the rows of src, charging a record each to
// the statement's memory account (memory.go).
func collectRows(e *env, src rowSource) ([]keyedRow, error) {
	var rows []keyedRow
	err := src(func(vals []any) error {
		if err := e.charge(keyedRowBytes); err != nil {
			return err
		}
		rows = append(rows, keyedRow{row: vals})
		return nil
	})
	return rows, err
}

// aggSource is the source of an aggregate query (plain or GROUP BY). Over
// a table read by a sequential or B-tree scan the rows stream straight
// into the accumulators, so that count(*) or GROUP BY over a large table
// holds its groups, not its rows; so does generate_series. The other
// sources (an HNSW index scan, a derived table, no FROM) are materialised
// by source as before. tr, when not nil, gets the number of rows read and the
// B-tree path, as source gives them.
func (p *selectPlan) aggSource(ctx context.Context, x *execCtx, e *env, limit, offset int64, tr *planTrace) (rowSource, error) {
	if p.table == nil || p.derived != nil || (p.scan != nil && limit >= 0) {
		rows, err := p.source(ctx, x, e, limit, offset, tr)
		if tr != nil {
			tr.rows = len(rows)
		}
		return sliceSource(rows), err
	}
	return p.tableSource(ctx, x, e, tr)
}

// tableSource streams the rows of FROM that pass WHERE: generate_series's,
// or the table's through the B-tree path when chooseBTree picks one, else
// a sequential scan; tr, when not nil, gets the path and the number of
// rows read.
func (p *selectPlan) tableSource(ctx context.Context, x *execCtx, e *env, tr *planTrace) (rowSource, error) {
	if p.series != nil {
		return func(fn func([]any) error) error {
			n := 0
			err := p.seriesEach(ctx, e, func(row []any) error { n++; return fn(row) })
			if tr != nil {
				tr.rows = n
			}
			return err
		}, nil
	}
	ps, err := p.chooseBTree(x, e)
	if err != nil {
		return nil, err
	}
	if ps != nil && tr != nil {
		tr.path = ps
	}
	return func(fn func([]any) error) error {
		n := 0
		count := func(vals []any) error { n++; return fn(vals) }
		var err error
		if ps != nil {
			err = p.btreeEach(ctx, x, e, ps, count)
		} else {
			err = p.seqEach(ctx, x, e, count)
		}
		if tr != nil {
			tr.rows = n
		}
		return err
	}, nil
}

// errEnough stops a row stream that has given all the rows it needs.
var errEnough = errors.New("enough rows")

// streamsFirst reports whether the query needs only the first LIMIT +
// OFFSET rows its source reads: a LIMIT without ORDER BY, aggregates or
// DISTINCT, over a table scan or generate_series.
func (p *selectPlan) streamsFirst(limit int64) bool {
	return len(p.order) == 0 && limit >= 0 && p.aggs == nil && !p.distinct && p.table != nil &&
		p.derived == nil && p.scan == nil
}

// firstRows returns the first k rows that pass WHERE and stops reading
// there, as PostgreSQL's Limit stops pulling rows from its scan; the rows
// are charged as collectRows charges them.
func (p *selectPlan) firstRows(ctx context.Context, x *execCtx, e *env, k int, tr *planTrace) ([]keyedRow, error) {
	src, err := p.tableSource(ctx, x, e, tr)
	if err != nil || k <= 0 {
		return nil, err
	}
	rows, err := collectRows(e, func(fn func([]any) error) error {
		n := 0
		return src(func(row []any) error {
			if err := fn(row); err != nil {
				return err
			}
			if n++; n >= k {
				return errEnough
			}
			return nil
		})
	})
	if err == errEnough {
		err = nil
	}
	return rows, err
}
