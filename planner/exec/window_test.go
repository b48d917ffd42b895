package exec

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// windowRows are random rows (id, p, x, v): partition key p and ORDER BY
// value x with NULLs and ties, value v with NULLs.
func windowRows(r *rand.Rand, n int) [][]any {
	pick := func(k int) any {
		if r.Intn(5) == 0 {
			return nil
		}
		return r.Intn(k)
	}
	rows := make([][]any, n)
	for i := range rows {
		rows[i] = []any{i + 1, pick(3), pick(7), pick(10)}
	}
	return rows
}

// windowOver is a Window of funcs over rel sorted by p then x (DESC when
// desc), with frame f.
func windowOver(rel string, desc bool, f plan.Frame, funcs ...plan.WindowFunc) *plan.Window {
	part := []plan.SortKey{{Expr: "p", Key: col(1)}}
	ord := []plan.SortKey{{Expr: "x", Key: col(2), Desc: desc}}
	sorted := &plan.Sort{Unary: plan.Unary{Input: scan(rel)}, Keys: append(append([]plan.SortKey(nil), part...), ord...)}
	return &plan.Window{Unary: plan.Unary{Input: sorted}, PartKeys: part, OrderKeys: ord, Funcs: funcs, Frame: f}
}

// bruteFrame lists the ids of row i's frame among the partition rows
// part (sorted), from the definitions of the frame modes: positions for
// ROWS, peer group numbers for GROUPS, values for RANGE offsets (NULLs in
// range of NULLs only, placed by the sort order: last ascending, first
// descending).
func bruteFrame(part [][]any, i int, f plan.Frame, desc bool) string {
	grp := make([]int, len(part))
	for j := 1; j < len(part); j++ {
		grp[j] = grp[j-1]
		if part[j][2] != part[j-1][2] {
			grp[j]++
		}
	}
	var ids []string
	for j := range part {
		if inBound(part, grp, i, j, f.Start, f.Mode, desc, true) && inBound(part, grp, i, j, f.End, f.Mode, desc, false) &&
			!excluded(grp, i, j, f.Exclude) {
			ids = append(ids, fmt.Sprint(part[j][0]))
		}
	}
	return strings.Join(ids, ",")
}

// inBound reports whether row j is on the frame's side of bound b of
// row i (not before it for the start, not after it for the end).
func inBound(part [][]any, grp []int, i, j int, b plan.FrameBound, mode plan.FrameMode, desc, start bool) bool {
	sign := 1 // start: j - bound >= 0; end: bound - j >= 0
	if !start {
		sign = -1
	}
	var off int
	if b.Offset != nil {
		v, _ := b.Offset.(fn).f(nil)
		off = int(v.(int64))
		if b.Kind == plan.OffsetPreceding {
			off = -off
		}
	}
	switch b.Kind {
	case plan.UnboundedPreceding, plan.UnboundedFollowing:
		return true
	case plan.CurrentRow:
		if mode == plan.RowsFrame {
			return sign*(j-i) >= 0
		}
		return sign*(grp[j]-grp[i]) >= 0
	}
	switch mode {
	case plan.RowsFrame:
		return sign*(j-(i+off)) >= 0
	case plan.GroupsFrame:
		return sign*(grp[j]-(grp[i]+off)) >= 0
	}
	vi, vj := part[i][2], part[j][2]
	switch {
	case vi == nil && vj == nil:
		return true
	case vi == nil || vj == nil: // NULLs lie after the values ascending, before them descending
		after := (vj == nil) != desc // j after i
		return after == start
	}
	d := vj.(int) - (vi.(int) + off)
	if desc {
		d = vj.(int) - (vi.(int) - off)
		d = -d
	}
	return sign*d >= 0
}

// excluded reports whether EXCLUDE removes row j from row i's frame.
func excluded(grp []int, i, j int, x plan.Exclusion) bool {
	switch x {
	case plan.ExcludeCurrentRow:
		return i == j
	case plan.ExcludeGroup:
		return grp[i] == grp[j]
	case plan.ExcludeTies:
		return grp[i] == grp[j] && i != j
	}
	return false
}

// randomFrame is a frame valid in PostgreSQL's grammar: the start not
// UNBOUNDED FOLLOWING, the end not UNBOUNDED PRECEDING, nor a start
// after the end by kind.
func randomFrame(r *rand.Rand) plan.Frame {
	bound := func(lo, hi plan.BoundKind) plan.FrameBound {
		k := lo + plan.BoundKind(r.Intn(int(hi-lo)+1))
		b := plan.FrameBound{Kind: k}
		if k == plan.OffsetPreceding || k == plan.OffsetFollowing {
			b.Offset = konst(int64(r.Intn(4)))
		}
		return b
	}
	start := bound(plan.UnboundedPreceding, plan.OffsetFollowing)
	lo := max(start.Kind, plan.OffsetPreceding)
	if start.Kind == plan.OffsetFollowing || start.Kind == plan.CurrentRow {
		lo = start.Kind
	}
	return plan.Frame{Mode: plan.FrameMode(r.Intn(3)), Start: start, End: bound(lo, plan.UnboundedFollowing),
		Exclude: plan.Exclusion(r.Intn(4))}
}

// TestWindowFramesMatchBruteForce compares the frames of the Window
// operator (seen through the list aggregate, first_value, last_value,
// nth_value and count) with bruteFrame on random rows, frames and
// directions.
func TestWindowFramesMatchBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	for round := 0; round < 400; round++ {
		rows := windowRows(r, r.Intn(25))
		f, desc := randomFrame(r), r.Intn(2) == 0
		funcs := []plan.WindowFunc{{Name: "list", Agg: true, Args: []plan.Expr{col(0)}},
			{Name: "count", Agg: true, Args: []plan.Expr{col(3)}},
			{Name: "first_value", Args: []plan.Expr{col(0)}}, {Name: "last_value", Args: []plan.Expr{col(0)}},
			{Name: "nth_value", Args: []plan.Expr{col(0), konst(int64(2))}}}
		env, _ := fakeEnv(map[string][][]any{"t": rows})
		got, _, err := run(env, windowOver("t", desc, f, funcs...))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(rows) {
			t.Fatalf("round %d: %d rows, want %d", round, len(got), len(rows))
		}
		for i, row := range got {
			part := partitionOf(got, i)
			frame := bruteFrame(part.rows, i-part.first, f, desc)
			ids := strings.Split(frame, ",")
			if frame == "" {
				ids = nil
			}
			want := []any{frame, countNonNull(got, frame), nthID(ids, 1), nthID(ids, len(ids)), nthID(ids, 2)}
			if fmt.Sprint(row[4:]) != fmt.Sprint(want) {
				t.Fatalf("round %d, frame %+v desc %v, row %v: got %v, want %v", round, f, desc, row[:4], row[4:], want)
			}
		}
	}
}

// partRows is one partition of an output: its rows and the index of its
// first.
type partRows struct {
	rows  [][]any
	first int
}

// partitionOf is the run of rows with row i's partition key.
func partitionOf(rows [][]any, i int) partRows {
	a, b := i, i+1
	for a > 0 && rows[a-1][1] == rows[i][1] {
		a--
	}
	for b < len(rows) && rows[b][1] == rows[i][1] {
		b++
	}
	return partRows{rows: rows[a:b], first: a}
}

// countNonNull counts the rows listed in frame whose v is not NULL.
func countNonNull(rows [][]any, frame string) int {
	n := 0
	for _, id := range strings.Split(frame, ",") {
		for _, r := range rows {
			if fmt.Sprint(r[0]) == id && r[3] != nil {
				n++
			}
		}
	}
	return n
}

// nthID is the k-th id (from 1) of ids as an int, NULL past the end.
func nthID(ids []string, k int) any {
	if k < 1 || k > len(ids) {
		return nil
	}
	var v int
	fmt.Sscan(ids[k-1], &v)
	return v
}

// TestWindowRanking checks the ranking functions, ntile, lag and lead on
// a partition with ties and NULLs (NULL last), against values worked out
// by hand from PostgreSQL's definitions.
func TestWindowRanking(t *testing.T) {
	// (id, p, x, v), all in one partition p = 1
	rows := [][]any{{1, 1, 5, 10}, {2, 1, 3, 20}, {3, 1, 5, nil}, {4, 1, nil, 40}, {5, 1, 3, 50}}
	funcs := []plan.WindowFunc{{Name: "row_number"}, {Name: "rank"}, {Name: "dense_rank"}, {Name: "percent_rank"},
		{Name: "cume_dist"}, {Name: "ntile", Args: []plan.Expr{konst(int64(2))}},
		{Name: "lag", Args: []plan.Expr{col(3)}}, {Name: "lead", Args: []plan.Expr{col(3), konst(int64(2)), konst(-1)}}}
	env, _ := fakeEnv(map[string][][]any{"t": rows})
	got, _, err := run(env, windowOver("t", false, plan.DefaultFrame, funcs...))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]any{
		{2, 1, 3, 20, int64(1), int64(1), int64(1), 0.0, 0.4, int64(1), nil, 10},
		{5, 1, 3, 50, int64(2), int64(1), int64(1), 0.0, 0.4, int64(1), 20, nil},
		{1, 1, 5, 10, int64(3), int64(3), int64(2), 0.5, 0.8, int64(1), 50, 40},
		{3, 1, 5, nil, int64(4), int64(3), int64(2), 0.5, 0.8, int64(2), 10, -1},
		{4, 1, nil, 40, int64(5), int64(5), int64(3), 1.0, 1.0, int64(2), nil, -1},
	}
	rowsEqual(t, "ranking", got, want)
}

// Every accumulator a Window makes is released: those it drops for a
// new frame and the last of each partition.
func TestWindowReleasesAccumulators(t *testing.T) {
	fakeWinAccs.made, fakeWinAccs.released = 0, 0
	rows := windowRows(rand.New(rand.NewSource(1)), 30)
	f := plan.Frame{Mode: plan.RowsFrame, Start: plan.FrameBound{Kind: plan.OffsetPreceding, Offset: konst(int64(1))},
		End: plan.FrameBound{Kind: plan.CurrentRow}}
	env, _ := fakeEnv(map[string][][]any{"t": rows})
	if _, _, err := run(env, windowOver("t", false, f, plan.WindowFunc{Name: "list", Agg: true, Args: []plan.Expr{col(0)}})); err != nil {
		t.Fatal(err)
	}
	if fakeWinAccs.made < 20 || fakeWinAccs.released != fakeWinAccs.made {
		t.Fatalf("made %d accumulators, released %d", fakeWinAccs.made, fakeWinAccs.released)
	}
}

// A Window over no rows emits none; the held partition is charged to the
// account and released once emitted.
func TestWindowEmptyAndMemory(t *testing.T) {
	env, _ := fakeEnv(map[string][][]any{"t": nil})
	got, _, err := run(env, windowOver("t", false, plan.DefaultFrame, plan.WindowFunc{Name: "row_number"}))
	if err != nil || len(got) != 0 {
		t.Fatalf("empty: %v %v", got, err)
	}
	env, _ = fakeEnv(map[string][][]any{"t": {{1, 1, 1, 1}, {2, 1, 2, 2}, {3, 1, 3, 3}}})
	env.Mem = memacct.New(1 << 20)
	w := windowOver("t", false, plan.DefaultFrame, plan.WindowFunc{Name: "row_number"})
	w.Input = scan("t") // no Sort, whose charge stays until the statement ends
	if _, _, err := run(env, w); err != nil {
		t.Fatal(err)
	}
	if env.Mem.Used() != 0 {
		t.Fatalf("%d bytes still charged after the partition was emitted", env.Mem.Used())
	}
	env.Mem = memacct.New(100)
	if _, _, err := run(env, w); err == nil || !strings.Contains(err.Error(), "memory") {
		t.Fatalf("a partition over the limit: %v", err)
	}
}

// The statement's end (Check's error) stops a Window while it computes a
// partition's frames, before it emits a row.
func TestWindowChecksWhileComputing(t *testing.T) {
	rows := make([][]any, 50)
	for i := range rows {
		rows[i] = []any{i + 1, 1, i, i}
	}
	env, _ := fakeEnv(map[string][][]any{"t": rows})
	calls := 0
	env.Check = func() error {
		if calls++; calls > 10 {
			return errBoom
		}
		return nil
	}
	f := plan.Frame{Mode: plan.RowsFrame, Start: plan.FrameBound{Kind: plan.OffsetPreceding, Offset: konst(int64(3))},
		End: plan.FrameBound{Kind: plan.CurrentRow}}
	got, _, err := run(env, windowOver("t", false, f, plan.WindowFunc{Name: "sum", Agg: true, Args: []plan.Expr{col(3)}}))
	if err != errBoom || len(got) != 0 {
		t.Fatalf("got %d rows, error %v; want none and the Check's error", len(got), err)
	}
}

// Frames whose head stays (the default frame, ROWS UNBOUNDED PRECEDING)
// add each row to the running aggregate once; a sliding ROWS frame adds
// each frame's rows afresh.
func TestWindowRunningAggregateAddsOnce(t *testing.T) {
	rows := make([][]any, 100)
	for i := range rows {
		rows[i] = []any{i + 1, i % 2, i % 7, i}
	}
	unbounded := plan.Frame{Mode: plan.RowsFrame, Start: plan.FrameBound{Kind: plan.UnboundedPreceding}, End: plan.FrameBound{Kind: plan.CurrentRow}}
	sliding := plan.Frame{Mode: plan.RowsFrame, Start: plan.FrameBound{Kind: plan.OffsetPreceding, Offset: konst(int64(2))},
		End: plan.FrameBound{Kind: plan.CurrentRow}}
	for _, c := range []struct {
		name  string
		frame plan.Frame
		adds  int
	}{{"default", plan.DefaultFrame, 100}, {"rows unbounded", unbounded, 100},
		// per partition of 50 rows: the first 3 extend one frame, the other 47 add 3 rows each
		{"rows 2 preceding", sliding, 2 * (3 + 47*3)}} {
		fakeWinAccs.adds = 0
		env, _ := fakeEnv(map[string][][]any{"t": rows})
		if _, _, err := run(env, windowOver("t", false, c.frame, plan.WindowFunc{Name: "sum", Agg: true, Args: []plan.Expr{col(3)}})); err != nil {
			t.Fatal(err)
		}
		if fakeWinAccs.adds != c.adds {
			t.Errorf("%s: %d adds, want %d", c.name, fakeWinAccs.adds, c.adds)
		}
	}
}
