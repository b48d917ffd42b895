package exec

import (
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/pgerror"
)

func rowsEqual(t *testing.T, what string, got, want [][]any) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: rows %v, want %v", what, got, want)
	}
}

func gt(c col, v int) fn {
	return fn{name: fmt.Sprintf("(%s > %d)", c, v), f: func(row []any) (any, error) {
		if row[c] == nil {
			return nil, nil
		}
		return row[c].(int) > v, nil
	}}
}

func TestFilterProject(t *testing.T) {
	env, _ := fakeEnv(map[string][][]any{"t": table(10, nil, 30, 5)})
	double := fn{name: "n*2", f: func(row []any) (any, error) { return row[1].(int) * 2, nil }}
	root := &plan.Project{Exprs: []plan.Expr{col(0), double},
		Unary: plan.Unary{Input: &plan.Filter{Pred: gt(1, 6), Unary: plan.Unary{Input: scan("t")}}}}
	got, n, err := run(env, root)
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "filter+project", got, [][]any{{1, 20}, {3, 60}})
	if n != 2 {
		t.Fatalf("Run returned %d rows, want 2", n)
	}
}

func TestLimitOffset(t *testing.T) {
	all := table(1, 2, 3, 4, 5)
	cases := []struct {
		count, offset int64
		want          [][]any
		read          int // rows the scan pushed
	}{
		{count: 0, offset: 0, want: nil, read: 0},
		{count: 0, offset: 3, want: nil, read: 0},
		{count: -1, offset: 0, want: all, read: 5},
		{count: 2, offset: 0, want: all[:2], read: 2},
		{count: 2, offset: 1, want: all[1:3], read: 3},
		{count: -1, offset: 3, want: all[3:], read: 5},
		{count: 10, offset: 0, want: all, read: 5},
		{count: 1, offset: 5, want: nil, read: 5},
		{count: 3, offset: 99, want: nil, read: 5},
		{count: 5, offset: 0, want: all, read: 5},
	}
	for _, c := range cases {
		env, src := fakeEnv(map[string][][]any{"t": all})
		got, _, err := run(env, &plan.Limit{Count: c.count, Offset: c.offset, Unary: plan.Unary{Input: scan("t")}})
		if err != nil {
			t.Fatal(err)
		}
		rowsEqual(t, fmt.Sprintf("LIMIT %d OFFSET %d", c.count, c.offset), got, c.want)
		if src.read["t"] != c.read {
			t.Errorf("LIMIT %d OFFSET %d read %d rows, want %d", c.count, c.offset, src.read["t"], c.read)
		}
	}
}

// An inner Limit's stop must not end the outer query early, nor an
// outer one's be swallowed by the inner.
func TestNestedLimits(t *testing.T) {
	env, src := fakeEnv(map[string][][]any{"t": table(1, 2, 3, 4, 5, 6)})
	inner := &plan.Limit{Count: 4, Offset: 1, Unary: plan.Unary{Input: scan("t")}}
	got, _, err := run(env, &plan.Limit{Count: 2, Offset: 1, Unary: plan.Unary{Input: inner}})
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "nested", got, [][]any{{3, 3}, {4, 4}})
	if src.read["t"] != 4 {
		t.Fatalf("read %d rows, want 4", src.read["t"])
	}
	// The outer Limit fills on the inner one's last row: the Append must
	// not go on to its second input.
	env, src = fakeEnv(map[string][][]any{"t": table(1, 2, 3), "u": table(9)})
	inner = &plan.Limit{Count: 2, Unary: plan.Unary{Input: scan("t")}}
	app := &plan.Append{Inputs: []plan.Node{inner, scan("u")}}
	got, _, err = run(env, &plan.Limit{Count: 2, Unary: plan.Unary{Input: app}})
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "outer fills on the inner's last row", got, [][]any{{1, 1}, {2, 2}})
	if src.read["u"] != 0 {
		t.Fatalf("second input read %d rows", src.read["u"])
	}
}

func TestSortStableNullsAndDesc(t *testing.T) {
	rel := map[string][][]any{"t": table(2, nil, 1, 2, nil, 1)}
	env, _ := fakeEnv(rel)
	asc := &plan.Sort{Keys: []plan.SortKey{{Expr: "n", Key: col(1)}}, Unary: plan.Unary{Input: scan("t")}}
	got, _, err := run(env, asc)
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "asc", got, [][]any{{3, 1}, {6, 1}, {1, 2}, {4, 2}, {2, nil}, {5, nil}})
	desc := &plan.Sort{Keys: []plan.SortKey{{Expr: "n", Desc: true, Key: col(1)}}, Unary: plan.Unary{Input: scan("t")}}
	if got, _, err = run(env, desc); err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "desc", got, [][]any{{2, nil}, {5, nil}, {1, 2}, {4, 2}, {3, 1}, {6, 1}})
}

// TopK must return exactly what a stable Sort then Limit returns, ties
// included, for every K.
func TestTopKMatchesSort(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	ns := make([]any, 200)
	for i := range ns {
		ns[i] = r.Intn(20)
		if i%17 == 0 {
			ns[i] = nil
		}
	}
	rel := map[string][][]any{"t": table(ns...)}
	for _, desc := range []bool{false, true} {
		keys := []plan.SortKey{{Expr: "n", Desc: desc, Key: col(1)}}
		for _, k := range []int64{0, 1, 2, 7, 50, 199, 200, 500} {
			env, _ := fakeEnv(rel)
			want, _, err := run(env, &plan.Limit{Count: k, Unary: plan.Unary{Input: &plan.Sort{Keys: keys, Unary: plan.Unary{Input: scan("t")}}}})
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := run(env, &plan.TopK{K: k, Keys: keys, Unary: plan.Unary{Input: scan("t")}})
			if err != nil {
				t.Fatal(err)
			}
			rowsEqual(t, fmt.Sprintf("top %d desc=%v", k, desc), got, want)
			if int64(len(got)) != min(k, 200) {
				t.Fatalf("top %d: %d rows", k, len(got))
			}
		}
	}
}

func TestDistinct(t *testing.T) {
	env, _ := fakeEnv(map[string][][]any{"t": {{1, "a"}, {2, "b"}, {1, "a"}, {3, "a"}, {2, "b"}, {nil, nil}, {nil, nil}}})
	got, _, err := run(env, &plan.Distinct{Unary: plan.Unary{Input: scan("t")}})
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "distinct", got, [][]any{{1, "a"}, {2, "b"}, {3, "a"}, {nil, nil}})
	got, _, err = run(env, &plan.Distinct{On: []plan.Expr{col(1)}, Unary: plan.Unary{Input: scan("t")}})
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "distinct on", got, [][]any{{1, "a"}, {2, "b"}, {nil, nil}})
}

func TestAggregate(t *testing.T) {
	rel := map[string][][]any{"t": {{"x", 1}, {"y", 2}, {"x", 3}, {nil, 4}, {"y", nil}}, "empty": nil}
	env, _ := fakeEnv(rel)
	grouped := &plan.Aggregate{GroupKeys: []string{"g"}, Groups: []plan.Expr{col(0)}, Unary: plan.Unary{Input: scan("t")}}
	got, _, err := run(env, grouped)
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "group by", got, [][]any{{"x", 2, 4}, {"y", 2, 2}, {nil, 1, 4}})
	got, _, err = run(env, &plan.Aggregate{Unary: plan.Unary{Input: scan("t")}})
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "plain", got, [][]any{{5, 10}})
	got, _, err = run(env, &plan.Aggregate{Unary: plan.Unary{Input: scan("empty")}})
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "plain over nothing", got, [][]any{{0, nil}})
	grouped.Input = scan("empty")
	got, _, err = run(env, grouped)
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "group by over nothing", got, nil)
}

// UNION ALL under a Limit its first input fills never runs the second
// (EXPLAIN ANALYZE's "never executed"), and Actual counts each node.
func TestAppendUnderLimit(t *testing.T) {
	env, src := fakeEnv(map[string][][]any{"a": table(1, 2, 3), "b": table(4, 5)})
	a, b := scan("a"), scan("b")
	app := &plan.Append{Inputs: []plan.Node{a, b}}
	lim := &plan.Limit{Count: 3, Unary: plan.Unary{Input: app}}
	env.Actual = map[plan.Node]int{}
	got, _, err := run(env, lim)
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "limit 3", got, table(1, 2, 3))
	if _, ran := env.Actual[b]; ran || src.read["b"] != 0 {
		t.Fatalf("second input ran: actual %v, read %d", env.Actual, src.read["b"])
	}
	if env.Actual[a] != 3 || env.Actual[app] != 3 || env.Actual[lim] != 3 {
		t.Fatalf("actual rows %v", env.Actual)
	}
	lim.Count, lim.Offset = 2, 2
	env.Actual = map[plan.Node]int{}
	if got, _, err = run(env, lim); err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "limit 2 offset 2", got, [][]any{{3, 3}, {1, 4}})
	if env.Actual[b] != 1 || env.Actual[lim] != 2 {
		t.Fatalf("actual rows %v", env.Actual)
	}
}

// firstColumnKey is fakeEval keying rows by their first value only.
type firstColumnKey struct{ fakeEval }

func (firstColumnKey) HashKey(vals []any) (string, error) { return fmt.Sprintf("%#v", vals[0]), nil }

// SetOp emits the first copies of each row in left order, as many as the
// operation keeps.
func TestSetOp(t *testing.T) {
	// The second value tells copies apart: rows are equal on the first.
	l := [][]any{{2, "a"}, {1, "b"}, {2, "c"}, {nil, "d"}, {2, "e"}, {3, "f"}}
	r := [][]any{{2, "g"}, {2, "h"}, {4, "i"}, {nil, "j"}, {3, "k"}, {3, "l"}}
	cases := []struct {
		op   plan.SetOpKind
		all  bool
		want [][]any
	}{
		{plan.Intersect, false, [][]any{{2, "a"}, {nil, "d"}, {3, "f"}}},
		{plan.Intersect, true, [][]any{{2, "a"}, {2, "c"}, {nil, "d"}, {3, "f"}}},
		{plan.Except, false, [][]any{{1, "b"}}},
		{plan.Except, true, [][]any{{2, "a"}, {1, "b"}}},
	}
	for _, c := range cases {
		env, _ := fakeEnv(map[string][][]any{"l": l, "r": r})
		env.Eval = firstColumnKey{}
		n := &plan.SetOp{Op: c.op, All: c.all, Unary: plan.Unary{Input: &plan.Append{Inputs: []plan.Node{scan("l"), scan("r")}}}}
		got, _, err := run(env, n)
		if err != nil {
			t.Fatal(err)
		}
		rowsEqual(t, n.Label(), got, c.want)
	}
}

// An error midway stops the run with that error after the rows before
// it were written (they stream), for a source's error and an
// expression's.
func TestErrorMidway(t *testing.T) {
	env, src := fakeEnv(map[string][][]any{"t": table(1, 2, 3, 4, 5)})
	src.failAt["t"] = 4
	got, n, err := run(env, &plan.Project{Exprs: []plan.Expr{col(1)}, Unary: plan.Unary{Input: scan("t")}})
	if !errors.Is(err, errBoom) || n != 3 {
		t.Fatalf("source error: %v after %d rows", err, n)
	}
	rowsEqual(t, "before the error", got, [][]any{{1}, {2}, {3}})
	env, _ = fakeEnv(map[string][][]any{"t": table(1, 2, 0, 4)})
	inv := fn{name: "12/n", f: func(row []any) (any, error) {
		if row[1].(int) == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		return 12 / row[1].(int), nil
	}}
	got, n, err = run(env, &plan.Project{Exprs: []plan.Expr{inv}, Unary: plan.Unary{Input: scan("t")}})
	if pgerror.CodeOf(err) != pgerror.DivisionByZero || n != 2 {
		t.Fatalf("expression error: %v after %d rows", err, n)
	}
	rowsEqual(t, "before the error", got, [][]any{{12}, {6}})
	// Sort emits nothing before its input is read, so its error comes first.
	env, _ = fakeEnv(map[string][][]any{"t": table(1, 2, 3)})
	env.Sources.(*fakeSources).failAt["t"] = 3
	_, n, err = run(env, &plan.Sort{Keys: []plan.SortKey{{Expr: "n", Key: col(1)}}, Unary: plan.Unary{Input: scan("t")}})
	if !errors.Is(err, errBoom) || n != 0 {
		t.Fatalf("sort: %v after %d rows", err, n)
	}
}

// The operators that hold rows charge them: past the account's limit the
// run fails with 53200; TopK holds K rows, not its input, and a
// streaming Filter and Limit hold nothing.
func TestMemoryLimit(t *testing.T) {
	ns := make([]any, 1000)
	for i := range ns {
		ns[i] = i % 37
	}
	rel := map[string][][]any{"t": table(ns...)}
	keys := []plan.SortKey{{Expr: "n", Key: col(1)}}
	limit := int64(50 * 1024)
	held := map[string]plan.Node{
		"Sort":      &plan.Sort{Keys: keys, Unary: plan.Unary{Input: scan("t")}},
		"Aggregate": &plan.Aggregate{GroupKeys: []string{"id"}, Groups: []plan.Expr{col(0)}, Unary: plan.Unary{Input: scan("t")}},
		"Distinct":  &plan.Distinct{Unary: plan.Unary{Input: scan("t")}},
	}
	for name, n := range held {
		env, _ := fakeEnv(rel)
		env.Mem = memacct.New(limit)
		_, _, err := run(env, n)
		if pgerror.CodeOf(err) != pgerror.OutOfMemory {
			t.Fatalf("%s over 1000 rows in %d bytes: %v, want 53200", name, limit, err)
		}
	}
	env, _ := fakeEnv(rel)
	env.Mem = memacct.New(limit)
	got, err := Run(env, &plan.TopK{K: 10, Keys: keys, Unary: plan.Unary{Input: scan("t")}}, discard{})
	if err != nil || got != 10 {
		t.Fatalf("TopK 10: %d rows, %v", got, err)
	}
	streamed := &plan.Limit{Count: 900, Unary: plan.Unary{Input: &plan.Filter{Pred: gt(1, -1), Unary: plan.Unary{Input: scan("t")}}}}
	env.Mem = memacct.New(1)
	if got, err = Run(env, streamed, discard{}); err != nil || got != 900 || env.Mem.Used() != 0 {
		t.Fatalf("streamed: %d rows, %v, %d bytes held", got, err, env.Mem.Used())
	}
}

// discard is a Sink that keeps nothing.
type discard struct{}

func (discard) WriteRow([]any) error { return nil }

// Check is called between the rows an operator emits from what it holds,
// so a cancelled statement stops there.
func TestCheckStopsHeldOutput(t *testing.T) {
	env, _ := fakeEnv(map[string][][]any{"t": table(3, 2, 1)})
	calls := 0
	canceled := pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
	env.Check = func() error {
		if calls++; calls == 2 {
			return canceled
		}
		return nil
	}
	got, n, err := run(env, &plan.Sort{Keys: []plan.SortKey{{Expr: "n", Key: col(1)}}, Unary: plan.Unary{Input: scan("t")}})
	if pgerror.CodeOf(err) != pgerror.QueryCanceled || n != 1 {
		t.Fatalf("%v after %d rows", err, n)
	}
	rowsEqual(t, "before the cancel", got, [][]any{{3, 1}})
}

// A node without executable parts or operator is an error, not a panic.
func TestUnbuildable(t *testing.T) {
	env, _ := fakeEnv(map[string][][]any{"t": nil})
	for _, n := range []plan.Node{
		&plan.Filter{Cond: "(a > 1)", Unary: plan.Unary{Input: scan("t")}},
		&plan.Sort{Keys: []plan.SortKey{{Expr: "a"}}, Unary: plan.Unary{Input: scan("t")}},
		&plan.Modify{},
		&plan.Limit{},
	} {
		if _, _, err := run(env, n); err == nil {
			if _, ok := n.(*plan.Sort); ok {
				continue // an empty input never evaluates its keys
			}
			t.Errorf("%T: no error", n)
		}
	}
}
