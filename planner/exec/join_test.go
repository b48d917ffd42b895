package exec

import (
	"errors"
	"fmt"
	"math/rand"
	"sort"
	"testing"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Join rows are as wide as the joined row: relation "l" fills columns 0
// and 1 (key, tag), relation "r" columns 2 and 3.

// joinRels makes l and r of n rows each with keys drawn from 0..4 and
// NULL, so that keys repeat and NULL keys occur on both sides.
func joinRels(rng *rand.Rand, n int) map[string][][]any {
	key := func() any {
		if k := rng.Intn(6); k < 5 {
			return k
		}
		return nil
	}
	rel := map[string][][]any{"l": nil, "r": nil}
	for i := 0; i < n; i++ {
		rel["l"] = append(rel["l"], []any{key(), fmt.Sprintf("l%d", i), nil, nil})
		rel["r"] = append(rel["r"], []any{nil, nil, key(), fmt.Sprintf("r%d", i)})
	}
	return rel
}

// eqCols is l.key = r.key with SQL's NULL: NULL when either is.
var eqCols = fn{name: "(c0 = c2)", f: func(row []any) (any, error) {
	if row[0] == nil || row[2] == nil {
		return nil, nil
	}
	return row[0] == row[2], nil
}}

// tagOdd is the residual condition: the right tag's number is odd.
var tagOdd = fn{name: "odd(c3)", f: func(row []any) (any, error) {
	var n int
	fmt.Sscanf(row[3].(string), "r%d", &n)
	return n%2 == 1, nil
}}

// bruteJoin is kind of l and r by definition: each pair where cond
// holds, then the unmatched rows of the kept sides null-extended.
func bruteJoin(kind plan.JoinKind, l, r [][]any, cond func(row []any) bool) [][]any {
	var out [][]any
	rmatched := make([]bool, len(r))
	for _, a := range l {
		matched := false
		for j, b := range r {
			row := []any{a[0], a[1], b[2], b[3]}
			if cond(row) {
				out = append(out, row)
				matched, rmatched[j] = true, true
			}
		}
		if !matched && keepsLeft(kind) {
			out = append(out, a)
		}
	}
	for j, b := range r {
		if !rmatched[j] && keepsRight(kind) {
			out = append(out, b)
		}
	}
	return out
}

// sorted is rows in a canonical order (their printed form).
func sorted(rows [][]any) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = fmt.Sprint(r)
	}
	sort.Strings(out)
	return out
}

// Every kind of hash join and nested loop gives the rows of the join's
// definition: NULL keys never match, duplicates multiply, the kept side's
// unmatched rows are null-extended, with and without a residual
// condition, and with either side held (the planner swaps a LEFT join
// into a RIGHT one when it holds the left side).
func TestJoinKinds(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for round := 0; round < 20; round++ {
		rel := joinRels(rng, rng.Intn(12))
		for _, kind := range []plan.JoinKind{plan.InnerJoin, plan.LeftJoin, plan.RightJoin, plan.FullJoin} {
			for _, residual := range []bool{false, true} {
				want := bruteJoin(kind, rel["l"], rel["r"], func(row []any) bool {
					eq, _ := eqCols.f(row)
					odd, _ := tagOdd.f(row)
					return eq == true && (!residual || odd == true)
				})
				var pred plan.Expr
				if residual {
					pred = tagOdd
				}
				hash := &plan.Join{Kind: kind, Method: plan.HashJoin, Left: scan("l"), Right: &plan.Hash{Unary: plan.Unary{Input: scan("r")}},
					LeftKeys: []plan.Expr{col(0)}, RightKeys: []plan.Expr{col(2)}, Pred: pred, RightCols: [][2]int{{2, 4}}}
				swapped := &plan.Join{Kind: map[plan.JoinKind]plan.JoinKind{plan.InnerJoin: plan.InnerJoin, plan.LeftJoin: plan.RightJoin,
					plan.RightJoin: plan.LeftJoin, plan.FullJoin: plan.FullJoin}[kind], Method: plan.HashJoin,
					Left: scan("r"), Right: &plan.Hash{Unary: plan.Unary{Input: scan("l")}},
					LeftKeys: []plan.Expr{col(2)}, RightKeys: []plan.Expr{col(0)}, Pred: pred, RightCols: [][2]int{{0, 2}}}
				loopPred := plan.Expr(eqCols)
				if residual {
					loopPred = fn{name: "eq and odd", f: func(row []any) (any, error) {
						eq, _ := eqCols.f(row)
						if eq != true {
							return eq, nil
						}
						return tagOdd.f(row)
					}}
				}
				loop := &plan.Join{Kind: kind, Left: scan("l"), Right: scan("r"), Pred: loopPred, RightCols: [][2]int{{2, 4}}}
				for name, root := range map[string]plan.Node{"hash": hash, "hash swapped": swapped, "nested loop": loop} {
					env, _ := fakeEnv(rel)
					got, _, err := run(env, root)
					if err != nil {
						t.Fatal(err)
					}
					if g, w := sorted(got), sorted(want); fmt.Sprint(g) != fmt.Sprint(w) {
						t.Fatalf("round %d %s %v residual=%v:\n got %v\nwant %v", round, name, kind, residual, g, w)
					}
				}
			}
		}
	}
}

// A cross join is every pair; an empty side gives no rows, or the other
// side's rows null-extended for the joins that keep them.
func TestJoinCrossAndEmpty(t *testing.T) {
	rel := map[string][][]any{"l": {{1, "a", nil, nil}, {2, "b", nil, nil}}, "r": {{nil, nil, 1, "x"}, {nil, nil, 3, "y"}}, "e": nil}
	env, _ := fakeEnv(rel)
	got, _, err := run(env, &plan.Join{Kind: plan.CrossJoin, Left: scan("l"), Right: scan("r"), RightCols: [][2]int{{2, 4}}})
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "cross join", got, [][]any{{1, "a", 1, "x"}, {1, "a", 3, "y"}, {2, "b", 1, "x"}, {2, "b", 3, "y"}})
	for _, tc := range []struct {
		kind        plan.JoinKind
		left, right string
		want        [][]any
	}{
		{plan.InnerJoin, "l", "e", nil},
		{plan.LeftJoin, "l", "e", [][]any{{1, "a", nil, nil}, {2, "b", nil, nil}}},
		{plan.RightJoin, "e", "r", [][]any{{nil, nil, 1, "x"}, {nil, nil, 3, "y"}}},
		{plan.FullJoin, "e", "e", nil},
	} {
		env, _ := fakeEnv(rel)
		j := &plan.Join{Kind: tc.kind, Method: plan.HashJoin, Left: scan(tc.left), Right: &plan.Hash{Unary: plan.Unary{Input: scan(tc.right)}},
			LeftKeys: []plan.Expr{col(0)}, RightKeys: []plan.Expr{col(2)}, RightCols: [][2]int{{2, 4}}}
		got, _, err := run(env, j)
		if err != nil {
			t.Fatal(err)
		}
		rowsEqual(t, fmt.Sprintf("%v of %s and %s", tc.kind, tc.left, tc.right), got, tc.want)
	}
}

// rescanParam records the left rows a LATERAL join publishes.
type rescanParam struct{ rows [][]any }

func (p *rescanParam) SetRow(row []any) { p.rows = append(p.rows, row) }

// A LATERAL nested loop runs its right side again for each left row,
// after telling the row; a LEFT one keeps a left row the right side
// gave nothing for.
func TestJoinLateralRescan(t *testing.T) {
	rel := map[string][][]any{"l": {{1, "a", nil, nil}, {2, "b", nil, nil}}, "r": {{nil, nil, 1, "x"}, {nil, nil, 3, "y"}}}
	env, src := fakeEnv(rel)
	param := &rescanParam{}
	j := &plan.Join{Kind: plan.LeftJoin, Left: scan("l"), Right: scan("r"), Pred: eqCols, RightCols: [][2]int{{2, 4}}, Rescan: param}
	got, _, err := run(env, j)
	if err != nil {
		t.Fatal(err)
	}
	rowsEqual(t, "lateral left join", got, [][]any{{1, "a", 1, "x"}, {2, "b", nil, nil}})
	if len(param.rows) != 2 || src.read["r"] != 4 {
		t.Fatalf("right side ran for %d rows, read %d rows; want 2 and 4", len(param.rows), src.read["r"])
	}
	if _, err := env.build(&plan.Join{Kind: plan.FullJoin, Left: scan("l"), Right: scan("r"), Rescan: param}); err == nil {
		t.Fatal("a FULL join rescanning its right side was built")
	}
}

// The rows a join holds are charged: past the account's limit the run
// fails with 53200, for the hash table and the nested loop alike.
func TestJoinMemoryLimit(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	rel := joinRels(rng, 200)
	for _, j := range []*plan.Join{
		{Method: plan.HashJoin, Left: scan("l"), Right: &plan.Hash{Unary: plan.Unary{Input: scan("r")}},
			LeftKeys: []plan.Expr{col(0)}, RightKeys: []plan.Expr{col(2)}, RightCols: [][2]int{{2, 4}}},
		{Left: scan("l"), Right: scan("r"), Pred: eqCols, RightCols: [][2]int{{2, 4}}},
	} {
		env, _ := fakeEnv(rel)
		env.Mem = memacct.New(2000)
		if _, _, err := run(env, j); pgerror.CodeOf(err) != pgerror.OutOfMemory {
			t.Fatalf("%s: %v, want 53200", j.Label(), err)
		}
		env, _ = fakeEnv(rel)
		env.Mem = memacct.New(1 << 30)
		if _, _, err := run(env, j); err != nil || env.Mem.Used() == 0 {
			t.Fatalf("%s: %v, charged %d", j.Label(), err, env.Mem.Used())
		}
	}
}

// A join checks the statement's end (Check) between the held rows it
// reads for one left row, so a cross product of a few left rows with
// many right rows still stops when the statement is cancelled.
func TestJoinChecksBetweenHeldRows(t *testing.T) {
	rel := map[string][][]any{"l": {{1, "a", nil, nil}}, "r": nil}
	for i := 0; i < 100; i++ {
		rel["r"] = append(rel["r"], []any{nil, nil, i, "x"})
	}
	for _, j := range []*plan.Join{
		{Kind: plan.CrossJoin, Left: scan("l"), Right: scan("r"), RightCols: [][2]int{{2, 4}}},
		{Kind: plan.InnerJoin, Method: plan.HashJoin, Left: scan("l"), Right: &plan.Hash{Unary: plan.Unary{Input: scan("r")}},
			LeftKeys:  []plan.Expr{fn{name: "0", f: func([]any) (any, error) { return 0, nil }}},
			RightKeys: []plan.Expr{fn{name: "0", f: func([]any) (any, error) { return 0, nil }}}, RightCols: [][2]int{{2, 4}}},
	} {
		env, _ := fakeEnv(rel)
		calls := 0
		env.Check = func() error {
			if calls++; calls > 10 {
				return errBoom
			}
			return nil
		}
		if _, n, err := run(env, j); !errors.Is(err, errBoom) || n > 10 {
			t.Fatalf("%s: %v after %d rows, want the Check's error within 10 rows", j.Label(), err, n)
		}
	}
}
