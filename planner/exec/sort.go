package exec

import (
	"container/heap"
	"fmt"
	"sort"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// sortRow is a held row with its key values and arrival number (the tie
// breaker that makes both sorts stable).
type sortRow struct {
	row  []any
	keys []any
	seq  int
}

// sorter orders sortRows by keys, keeping the first comparison error;
// whole charges the rows' own values too (plan.Sort.OwnRows).
type sorter struct {
	env   *Env
	keys  []plan.SortKey
	whole bool
	err   error
}

// less reports whether a sorts before b: by the keys, then by arrival.
func (s *sorter) less(a, b *sortRow) bool {
	for i, k := range s.keys {
		c, err := s.env.Eval.Compare(k, a.keys[i], b.keys[i])
		if err != nil {
			if s.err == nil {
				s.err = err
			}
			return false
		}
		if c != 0 {
			return c < 0
		}
	}
	return a.seq < b.seq
}

// keyed evaluates the sort keys of row, the seq-th input row.
func (s *sorter) keyed(row []any, seq int) (*sortRow, error) {
	vals := make([]any, len(s.keys))
	for i, k := range s.keys {
		if k.Key == nil {
			return nil, fmt.Errorf("exec: sort key %q is not executable", k.Expr)
		}
		v, err := s.env.Eval.Eval(k.Key, row)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return &sortRow{row: row, keys: vals, seq: seq}, nil
}

// size is what holding r is charged: a row's overhead and its key
// values (memacct.RowSize of the keys). The row's own values are not
// charged, unless whole: a scan's are the stored row's, shared with the
// table, as the planner has always counted a held source row, while a
// join's rows are made by the query.
func (s *sorter) size(r *sortRow) int64 {
	n := memacct.RowSize(r.keys)
	if s.whole {
		n += memacct.RowSize(r.row)
	}
	return n
}

// buildSort holds every input row, then emits them ordered by Keys;
// rows with equal keys keep their input order.
func (env *Env) buildSort(n *plan.Sort) (producer, error) {
	in, err := env.input(n.Unary, "Sort")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		s := &sorter{env: env, keys: n.Keys, whole: n.OwnRows}
		var rows []*sortRow
		err := in(func(row []any) error {
			r, err := s.keyed(row, len(rows))
			if err != nil {
				return err
			}
			if err := env.Mem.Charge(s.size(r)); err != nil {
				return err
			}
			rows = append(rows, r)
			return nil
		})
		if err != nil {
			return err
		}
		sort.SliceStable(rows, func(i, j int) bool { return s.less(rows[i], rows[j]) })
		if s.err != nil {
			return s.err
		}
		return env.emitSorted(rows, emit)
	}, nil
}

// emitSorted emits the rows of held sortRows, checking env between them.
func (env *Env) emitSorted(rows []*sortRow, emit Emit) error {
	out := make([][]any, len(rows))
	for i, r := range rows {
		out[i] = r.row
	}
	return env.emitHeld(out, emit)
}

// buildTopK keeps the K input rows first by Keys in a bounded max-heap
// (the last of them on top), so that it holds K rows and not its whole
// input, and emits them in order; ties keep input order, as Sort.
func (env *Env) buildTopK(n *plan.TopK) (producer, error) {
	in, err := env.input(n.Unary, "TopK")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		if n.K <= 0 {
			return nil
		}
		h := &topHeap{s: &sorter{env: env, keys: n.Keys, whole: n.OwnRows}}
		seq := 0
		err := in(func(row []any) error {
			r, err := h.s.keyed(row, seq)
			seq++
			if err != nil {
				return err
			}
			return h.offer(r, n.K)
		})
		if err == nil {
			err = h.s.err
		}
		if err != nil {
			return err
		}
		rows := make([]*sortRow, h.Len())
		for i := len(rows) - 1; i >= 0; i-- {
			rows[i] = heap.Pop(h).(*sortRow)
		}
		if h.s.err != nil {
			return h.s.err
		}
		return env.emitSorted(rows, emit)
	}, nil
}

// topHeap is a max-heap of sortRows: the row that sorts last on top.
type topHeap struct {
	s    *sorter
	rows []*sortRow
}

func (h *topHeap) Len() int           { return len(h.rows) }
func (h *topHeap) Less(i, j int) bool { return h.s.less(h.rows[j], h.rows[i]) }
func (h *topHeap) Swap(i, j int)      { h.rows[i], h.rows[j] = h.rows[j], h.rows[i] }
func (h *topHeap) Push(x any)         { h.rows = append(h.rows, x.(*sortRow)) }
func (h *topHeap) Pop() any {
	r := h.rows[len(h.rows)-1]
	h.rows = h.rows[:len(h.rows)-1]
	return r
}

// offer keeps r when fewer than k rows are held or r sorts before the
// last held row (which it then replaces, its memory released).
func (h *topHeap) offer(r *sortRow, k int64) error {
	if int64(h.Len()) < k {
		if err := h.s.env.Mem.Charge(h.s.size(r)); err != nil {
			return err
		}
		heap.Push(h, r)
		return h.s.err
	}
	if !h.s.less(r, h.rows[0]) {
		return h.s.err
	}
	h.s.env.Mem.Release(h.s.size(h.rows[0]))
	if err := h.s.env.Mem.Charge(h.s.size(r)); err != nil {
		return err
	}
	h.rows[0] = r
	heap.Fix(h, 0)
	return h.s.err
}
