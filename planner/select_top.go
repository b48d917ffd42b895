package planner

import (
	"container/heap"
	"context"
	"slices"
)

// ORDER BY ... LIMIT over a table scan keeps, as the scan reads, only the
// LIMIT + OFFSET first rows by the ORDER BY keys (PostgreSQL's bounded
// "top-N heapsort"), so its memory is that of the rows it returns rather
// than of the table. Ties keep scan order: the heap orders rows by (keys,
// scan position) and drops the greatest, so the rows kept, once sorted
// stably (sortRows), are the first rows of a stable sort of all of them.

// topEntry is one kept row: its ORDER BY keys and its position in the scan.
type topEntry struct {
	row  []any
	keys []any
	seq  int
	size int64 // bytes charged for it (memory.go), released when dropped
}

// topHeap is a max-heap of kept rows by (keys, seq) (container/heap).
type topHeap struct {
	p       *selectPlan
	entries []topEntry
}

func (h *topHeap) Len() int           { return len(h.entries) }
func (h *topHeap) Less(i, j int) bool { return h.after(&h.entries[i], &h.entries[j]) }
func (h *topHeap) Swap(i, j int)      { h.entries[i], h.entries[j] = h.entries[j], h.entries[i] }
func (h *topHeap) Push(x any)         { h.entries = append(h.entries, x.(topEntry)) }
func (h *topHeap) Pop() any {
	last := h.entries[len(h.entries)-1]
	h.entries = h.entries[:len(h.entries)-1]
	return last
}

// after reports whether a sorts after b: by keys, then scan position.
func (h *topHeap) after(a, b *topEntry) bool {
	if h.p.less(b.keys, a.keys) {
		return true
	}
	return !h.p.less(a.keys, b.keys) && a.seq > b.seq
}

// streamsTop reports whether the query's rows can be cut to the first
// LIMIT + OFFSET while the table is scanned: ORDER BY with a LIMIT, no
// aggregates or DISTINCT, over a sequential or B-tree scan of a table or
// over generate_series.
func (p *selectPlan) streamsTop(limit int64) bool {
	return len(p.order) > 0 && limit >= 0 && p.aggs == nil && !p.distinct && p.table != nil &&
		p.derived == nil && p.scan == nil
}

// topRows returns the first k rows of the table's rows that pass WHERE
// by the ORDER BY keys (ties in scan order), in scan order; the caller
// sorts them (sortRows) and applies OFFSET and LIMIT. Every row's keys
// are evaluated, as a full sort would, so the same errors surface. The
// statement's account holds the kept rows only: a dropped row's charge is
// released. With k 0 (LIMIT 0) no row is read, as PostgreSQL's Limit
// pulls none and planner/exec's Limit runs nothing below it. tr, when not
// nil, gets the number of rows read.
func (p *selectPlan) topRows(ctx context.Context, x *execCtx, e *env, k int, tr *planTrace) ([]keyedRow, error) {
	src, err := p.tableSource(ctx, x, e, tr)
	if err != nil || k <= 0 {
		return nil, err
	}
	h := &topHeap{p: p}
	scratch := make([]any, len(p.order))
	seq := 0
	err = src(func(row []any) error {
		seq++
		e.row = row
		for j, o := range p.order {
			v, err := o.x.Eval(e)
			if err != nil {
				return err
			}
			scratch[j] = v
		}
		cand := topEntry{row: row, keys: scratch, seq: seq}
		if h.Len() >= k && !h.after(&h.entries[0], &cand) {
			return nil
		}
		cand.keys = slices.Clone(scratch)
		cand.size = keyedRowBytes + keysBytes(cand.keys)
		if err := e.charge(cand.size); err != nil {
			return err
		}
		if h.Len() < k {
			heap.Push(h, cand)
			return nil
		}
		e.release(h.entries[0].size)
		h.entries[0] = cand
		heap.Fix(h, 0)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(h.entries, func(a, b topEntry) int { return a.seq - b.seq })
	rows := make([]keyedRow, len(h.entries))
	for i, en := range h.entries {
		rows[i] = keyedRow{row: en.row}
		e.release(en.size - keyedRowBytes) // sortRows charges their keys again
	}
	return rows, nil
}
