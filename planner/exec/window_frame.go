package exec

import (
	"sort"

	"github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Frames as PostgreSQL 15 computes them (docs 4.2.8; nodeWindowAgg.c,
// update_frameheadpos and update_frametailpos): ROWS offsets count rows,
// GROUPS offsets peer groups, RANGE offsets compare the one ORDER BY
// value with the current row's moved by the offset (the Evaluator's
// RangeBound), NULLs being peers of each other only; CURRENT ROW in RANGE
// and GROUPS mode takes the whole peer group. EXCLUDE removes the current
// row, its peer group, or its peers but itself. An offset is evaluated
// once per partition: NULL is 22004 and a negative ROWS or GROUPS offset
// 22013, as PostgreSQL's.

// framer computes the frame of each row of one partition.
type framer struct {
	env        *Env
	n          *plan.Window
	p          *partition
	start, end int64 // ROWS and GROUPS offsets
	startV     any   // RANGE offsets
	endV       any
}

// newFramer evaluates n's frame offsets over p's first row.
func (env *Env) newFramer(n *plan.Window, p *partition) (*framer, error) {
	f := &framer{env: env, n: n, p: p}
	var err error
	if f.startV, f.start, err = f.offset(n.Frame.Start, "starting"); err != nil {
		return nil, err
	}
	f.endV, f.end, err = f.offset(n.Frame.End, "ending")
	return f, err
}

// offset evaluates bound b's offset: the value for RANGE, the count for
// ROWS and GROUPS.
func (f *framer) offset(b plan.FrameBound, which string) (any, int64, error) {
	if b.Kind != plan.OffsetPreceding && b.Kind != plan.OffsetFollowing {
		return nil, 0, nil
	}
	v, err := f.env.Eval.Eval(b.Offset, f.p.rows[0])
	if err != nil {
		return nil, 0, err
	}
	if v == nil {
		return nil, 0, pgerror.Errorf(pgerror.NullValueNotAllowed, "frame %s offset must not be null", which)
	}
	if f.n.Frame.Mode == plan.RangeFrame {
		return v, 0, nil
	}
	k, _ := v.(int64)
	if k < 0 {
		return nil, 0, pgerror.Errorf(pgerror.InvalidPrecedingFollowing, "frame %s offset must not be negative", which)
	}
	return v, k, nil
}

// span is a run of a partition's rows [from, to).
type span struct{ from, to int }

// bounds is row i's frame [s, e) before exclusion (s >= e: empty).
func (f *framer) bounds(i int) (int, int, error) {
	s, err := f.bound(f.n.Frame.Start, i, f.start, f.startV, true)
	if err != nil {
		return 0, 0, err
	}
	e, err := f.bound(f.n.Frame.End, i, f.end, f.endV, false)
	return s, e, err
}

// spans is row i's frame after exclusion, as ordered runs of rows.
func (f *framer) spans(i int) ([]span, error) {
	s, e, err := f.bounds(i)
	if err != nil || s >= e {
		return nil, err
	}
	g := f.p.grp[i]
	var x0, x1 int // the excluded rows [x0, x1)
	switch f.n.Frame.Exclude {
	case plan.ExcludeNoOthers:
		return []span{{s, e}}, nil
	case plan.ExcludeCurrentRow:
		x0, x1 = i, i+1
	default:
		x0, x1 = f.p.start[g], f.p.end[g]
	}
	var out []span
	add := func(a, b int) {
		a, b = max(a, s), min(b, e)
		if a < b {
			out = append(out, span{a, b})
		}
	}
	add(s, x0)
	if f.n.Frame.Exclude == plan.ExcludeTies {
		add(i, i+1)
	}
	add(x1, e)
	return out, nil
}

// bound is where bound b of row i lies: the first row of the frame for
// the start (head), one past its last for the end (tail).
func (f *framer) bound(b plan.FrameBound, i int, k int64, v any, head bool) (int, error) {
	n, g := len(f.p.rows), f.p.grp[i]
	switch b.Kind {
	case plan.UnboundedPreceding:
		return 0, nil
	case plan.UnboundedFollowing:
		return n, nil
	case plan.CurrentRow:
		switch {
		case f.n.Frame.Mode == plan.RowsFrame && head:
			return i, nil
		case f.n.Frame.Mode == plan.RowsFrame:
			return i + 1, nil
		case head:
			return f.p.start[g], nil
		}
		return f.p.end[g], nil
	}
	back := b.Kind == plan.OffsetPreceding
	switch f.n.Frame.Mode {
	case plan.RowsFrame:
		r := moveBy(int64(i), k, back, int64(n))
		if !head {
			r++
		}
		return int(min(max(r, 0), int64(n))), nil
	case plan.GroupsFrame:
		gg := moveBy(int64(g), k, back, int64(len(f.p.start)))
		switch {
		case gg < 0:
			return 0, nil
		case gg >= int64(len(f.p.start)):
			return n, nil
		case head:
			return f.p.start[gg], nil
		}
		return f.p.end[gg], nil
	}
	return f.rangeBound(i, v, back, head)
}

// moveBy is x moved k back (or forward), kept within [-1, limit] so that
// a large offset cannot overflow.
func moveBy(x, k int64, back bool, limit int64) int64 {
	if back {
		if k > x {
			return -1
		}
		return x - k
	}
	if k > limit-x {
		return limit
	}
	return x + k
}

// rangeBound is a RANGE offset bound of row i: the first row not before
// the current value moved by off (head), or the first row after it
// (tail), found by binary search over the sorted partition.
func (f *framer) rangeBound(i int, off any, back, head bool) (int, error) {
	k := f.n.OrderKeys[0]
	cur := f.p.ord[i][0]
	var bound any
	var err error
	if cur != nil {
		if bound, err = f.env.Eval.RangeBound(k, cur, off, back); err != nil {
			return 0, err
		}
	}
	var firstErr error
	pos := sort.Search(len(f.p.rows), func(j int) bool {
		r, err := f.rangeSide(k, f.p.ord[j][0], cur, bound, head)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return r
	})
	return pos, firstErr
}

// rangeSide is the search predicate of rangeBound for a row of value vj:
// for the head, whether the row is not before the frame; for the tail,
// whether it is after it. A NULL current value's frame is the NULL rows.
func (f *framer) rangeSide(k plan.SortKey, vj, cur, bound any, head bool) (bool, error) {
	switch {
	case cur == nil && vj == nil: // in the frame: not before it, not after it
		return head, nil
	case cur == nil || vj == nil:
		c, err := f.env.Eval.Compare(k, vj, cur) // where vj lies from the current row: NULL placement only
		return c > 0, err
	}
	c, err := f.env.Eval.Compare(k, vj, bound)
	if head {
		return c >= 0, err
	}
	return c > 0, err
}
