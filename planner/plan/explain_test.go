package plan

import (
	"strings"
	"testing"
)

// checkExplain fails unless Explain(n) prints want's lines exactly.
func checkExplain(t *testing.T, n Node, want ...string) {
	t.Helper()
	got := Explain(n)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Explain:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func items(est float64) *SeqScan {
	return &SeqScan{Info: Info{Est: Rows(est)}, ScanInfo: ScanInfo{Relation: "items"}}
}

var l2Key = []SortKey{{Expr: "(embedding <-> '[0,0]')"}}

func TestExplainPreFilterKNN(t *testing.T) {
	scan := items(10)
	scan.Filter = "(category = 'rare')"
	knn := &KNN{Strategy: PreFilter, Selectivity: 0.01, Matching: 10, Rows: 1000}
	top := &TopK{Info: Info{Est: Rows(10)}, Unary: Unary{Input: scan}, Keys: l2Key, K: 5, KNN: knn}
	root := &Project{Unary: Unary{Input: &Limit{Info: Info{Est: Rows(5)}, Unary: Unary{Input: top}}}}
	checkExplain(t, root,
		"Limit  (rows=5)",
		"  ->  Sort  (rows=10)",
		"        Sort Key: (embedding <-> '[0,0]')",
		"        Filtered Plan: pre-filter (selectivity 0.0100, 10 of 1000 rows match)",
		"        ->  Seq Scan on items  (rows=10)",
		"              Filter: (category = 'rare')")
}

func TestExplainHNSWScanAnalyzed(t *testing.T) {
	is := &IndexScan{Info: Info{Est: Rows(60), Actual: &Actual{Rows: 60}}, Kind: HNSW,
		ScanInfo: ScanInfo{Relation: "items", Filter: "(category <> 'rare')",
			Stats: &ScanStats{Examined: 1122, ShowExamined: true, Stages: 1, Staged: true, Exact: true, Pending: 3}},
		Indexes: []string{"items_embedding_idx"}, OrderBy: "(embedding <-> '[1,1]')",
		KNN: &KNN{Strategy: PostFilter, Selectivity: 0.99, Matching: 990, Rows: 1000,
			Iterative: &Iterative{Rows: 61, Mode: "relaxed_order"}}}
	checkExplain(t, &Limit{Info: Info{Est: Rows(60), Actual: &Actual{Rows: 60}}, Unary: Unary{Input: is}},
		"Limit  (rows=60) (actual rows=60)",
		"  ->  Index Scan using items_embedding_idx on items  (rows=60) (actual rows=60)",
		"        Order By: (embedding <-> '[1,1]')",
		"        Filter: (category <> 'rare')",
		"        Filtered Plan: post-filter (selectivity 0.9900, 990 of 1000 rows match)",
		"        Iterative Scan: LIMIT + OFFSET exceeds hnsw.ef_search, one search of 61 rows (hnsw.iterative_scan = relaxed_order)",
		"        Rows Examined: 1122 in 1 stage(s)",
		"        Exact Scan: the walk could not vouch for LIMIT + OFFSET rows",
		"        Pending Rows (not yet in the graph): 3")
}

// An unfiltered HNSW scan prints no strategy line; an exhaustive walk
// says so under ANALYZE.
func TestExplainHNSWScanUnfiltered(t *testing.T) {
	is := &IndexScan{Info: Info{Est: Rows(5)}, Kind: HNSW, Indexes: []string{"ix"}, OrderBy: "(e <=> '[1,0]')",
		ScanInfo: ScanInfo{Relation: "t", Stats: &ScanStats{Examined: 7, ShowExamined: true, Stages: 2, Staged: true, Exhaustive: true}},
		KNN:      &KNN{Strategy: Traversal, Matching: 9, Rows: 9}}
	checkExplain(t, is,
		"Index Scan using ix on t  (rows=5)",
		"  Order By: (e <=> '[1,0]')",
		"  Rows Examined: 7 in 2 stage(s)",
		"  Exhaustive Search: the graph is small enough to search whole (exact rows)")
}

func TestExplainBTreeUnion(t *testing.T) {
	is := &IndexScan{Info: Info{Est: Rows(12)}, Kind: BTree, Indexes: []string{"a_idx", "b_idx"},
		ScanInfo: ScanInfo{Relation: "t", Filter: "(n > 2)", Stats: &ScanStats{Examined: 12, ShowExamined: true}},
		Cond:     "((a = 1) OR (b = 2))"}
	checkExplain(t, is,
		"Index Scan using a_idx, b_idx on t  (rows=12)",
		"  Index Cond: ((a = 1) OR (b = 2))",
		"  Filter: (n > 2)",
		"  Rows Examined: 12")
}

func TestKNNSummary(t *testing.T) {
	for _, c := range []struct {
		k    KNN
		want string
	}{
		{KNN{Strategy: Traversal, Selectivity: 0.25, Matching: 250.4, Rows: 1000.6},
			"Filtered Plan: filtered traversal (selectivity 0.2500, 250 of 1001 rows match)"},
		{KNN{Strategy: EfPostFilter, Selectivity: 1, Matching: 3, Rows: 3},
			"Filtered Plan: ef_search post-filter (selectivity 1.0000, 3 of 3 rows match)"},
		{KNN{Strategy: PreFilter, Exact: true, Matching: 40, Rows: 50},
			"Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search (40 of 50 rows match)"},
		{KNN{Strategy: PreFilter, Exact: true, OverScanTuples: true, Matching: 40, Rows: 50},
			"Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search and an iterative scan would pass hnsw.max_scan_tuples (40 of 50 rows match)"},
	} {
		if got := c.k.Summary(); got != c.want {
			t.Errorf("Summary of %+v = %q, want %q", c.k, got, c.want)
		}
	}
}

// A set operation: nodes without estimates, an Append with several
// children, one of them never executed, and nested indentation.
func TestExplainSetOperation(t *testing.T) {
	left := &Limit{Info: Info{Est: Rows(2), Actual: &Actual{Rows: 2}}, Unary: Unary{Input: items(1000)}}
	left.Input.Base().Actual = &Actual{Rows: 2}
	right := &Limit{Info: Info{Est: Rows(2), Actual: &Actual{NeverExecuted: true}}, Unary: Unary{Input: items(1000)}}
	app := &Append{Info: Info{Actual: &Actual{Rows: 2}}, Inputs: []Node{left, right}}
	agg := &Aggregate{Info: Info{Actual: &Actual{Rows: 2}}, Unary: Unary{Input: app}, GroupKeys: []string{"id", "n"}}
	sort := &Sort{Info: Info{Actual: &Actual{Rows: 2}}, Unary: Unary{Input: agg}, Keys: []SortKey{{Expr: "id", Desc: true}}}
	checkExplain(t, &Limit{Info: Info{Actual: &Actual{Rows: 1}}, Unary: Unary{Input: sort}},
		"Limit (actual rows=1)",
		"  ->  Sort (actual rows=2)",
		"        Sort Key: id DESC",
		"        ->  HashAggregate (actual rows=2)",
		"              Group Key: id, n",
		"              ->  Append (actual rows=2)",
		"                    ->  Limit  (rows=2) (actual rows=2)",
		"                          ->  Seq Scan on items  (rows=1000) (actual rows=2)",
		"                    ->  Limit  (rows=2) (never executed)",
		"                          ->  Seq Scan on items  (rows=1000)")
	checkExplain(t, &SetOp{Op: Except, All: true, Unary: Unary{Input: &Append{}}},
		"HashSetOp Except All",
		"  ->  Append")
	checkExplain(t, &SetOp{Op: Intersect, Unary: Unary{Input: &Append{}}},
		"HashSetOp Intersect",
		"  ->  Append")
}

// InitPlans print under their node's properties, before its children,
// as PostgreSQL 15 prints them, at any depth.
func TestExplainInitPlans(t *testing.T) {
	scan := items(1)
	scan.Filter = "((id = $0) AND (n = $1))"
	scan.SubPlans = []SubPlan{
		InitPlan(0, &Aggregate{Info: Info{Est: Rows(1)}, Unary: Unary{Input: items(1000)}}),
		InitPlan(1, &Result{Info: Info{Est: Rows(1)}}),
	}
	sort := &Sort{Info: Info{Est: Rows(1)}, Unary: Unary{Input: scan}, Keys: []SortKey{{Expr: "id"}}}
	checkExplain(t, sort,
		"Sort  (rows=1)",
		"  Sort Key: id",
		"  ->  Seq Scan on items  (rows=1)",
		"        Filter: ((id = $0) AND (n = $1))",
		"        InitPlan 1 (returns $0)",
		"          ->  Aggregate  (rows=1)",
		"                ->  Seq Scan on items  (rows=1000)",
		"        InitPlan 2 (returns $1)",
		"          ->  Result  (rows=1)")
}

// A Filter prints as PostgreSQL prints a qual: a line of the scan under
// it (with the Filter's estimate), or the last line of another node.
func TestExplainFilterFolds(t *testing.T) {
	f := &Filter{Info: Info{Est: Rows(3)}, Unary: Unary{Input: &IndexScan{Info: Info{Est: Rows(10)}, Kind: BTree,
		Indexes: []string{"t_a"}, ScanInfo: ScanInfo{Relation: "t"}, Cond: "(a = 1)"}}, Cond: "(b > 2)"}
	checkExplain(t, &Project{Unary: Unary{Input: f}},
		"Index Scan using t_a on t  (rows=3)",
		"  Index Cond: (a = 1)",
		"  Filter: (b > 2)")
	having := &Filter{Info: Info{Est: Rows(2)}, Cond: "(count(*) > 1)",
		Unary: Unary{Input: &Aggregate{Info: Info{Est: Rows(7)}, Unary: Unary{Input: items(1000)}, GroupKeys: []string{"n"}}}}
	checkExplain(t, having,
		"HashAggregate  (rows=2)",
		"  Group Key: n",
		"  Filter: (count(*) > 1)",
		"  ->  Seq Scan on items  (rows=1000)")
	// over a scan with its own filter, the conditions are ANDed
	inner := items(5)
	inner.Filter = "(a = 1)"
	checkExplain(t, &Filter{Info: Info{Est: Rows(1)}, Unary: Unary{Input: inner}, Cond: "(b = 2)"},
		"Seq Scan on items  (rows=1)",
		"  Filter: ((a = 1) AND (b = 2))")
	if inner.Filter != "(a = 1)" || inner.Est.Rows != 5 {
		t.Errorf("folding changed the scan under the Filter: %+v", inner)
	}
}

func TestExplainLeavesAndWrites(t *testing.T) {
	fs := &FunctionScan{Info: Info{Est: Rows(10)}, ScanInfo: ScanInfo{Relation: "g", Filter: "(g > 3)"}, Func: "generate_series"}
	checkExplain(t, fs, "Function Scan on generate_series g  (rows=10)", "  Filter: (g > 3)")
	fs.Relation = "generate_series" // no alias: the function's name once, as PostgreSQL 15 prints it
	checkExplain(t, fs, "Function Scan on generate_series  (rows=10)", "  Filter: (g > 3)")
	checkExplain(t, &SubqueryScan{Info: Info{Est: Rows(4)}, ScanInfo: ScanInfo{Relation: "d"}}, "Subquery Scan on d  (rows=4)")
	checkExplain(t, &Modify{Op: Insert, Relation: "items"}, "Insert on items")
	checkExplain(t, &Modify{Op: Update, Relation: "items"}, "Update on items")
	checkExplain(t, &Modify{Op: Delete, Relation: "items", Unary: Unary{Input: items(3)}},
		"Delete on items", "  ->  Seq Scan on items  (rows=3)")
	checkExplain(t, &Utility{}, "Utility Statement")
	checkExplain(t, &Result{Info: Info{Est: Rows(-2)}}, "Result  (rows=0)") // estimates print clamped at 0
	checkExplain(t, &Result{Info: Info{Est: Rows(2.5)}}, "Result  (rows=3)")
}

// The nodes declared for joins, windows and CTEs print in the same tree.
func TestExplainDeclaredNodes(t *testing.T) {
	cte := &CTEScan{Info: Info{Est: Rows(5)}, ScanInfo: ScanInfo{Relation: "n"}, CTE: "near"}
	w := &Window{Info: Info{Est: Rows(5)}, Unary: Unary{Input: cte}, Partition: []string{"category"},
		Order: []SortKey{{Expr: "d", Desc: true}}}
	j := &Join{Info: Info{Est: Rows(5)}, Kind: LeftJoin, Left: w, Right: items(1000), Cond: "(n.id = items.id)"}
	j.SubPlans = []SubPlan{CTE("near", items(5))}
	checkExplain(t, j,
		"Nested Loop Left Join  (rows=5)",
		"  Join Filter: (n.id = items.id)",
		"  CTE near",
		"    ->  Seq Scan on items  (rows=5)",
		"  ->  WindowAgg  (rows=5)",
		"        Partition By: category",
		"        Order By: d DESC",
		"        ->  CTE Scan on near n  (rows=5)",
		"  ->  Seq Scan on items  (rows=1000)")
	checkExplain(t, &Join{Kind: AntiJoin, Left: items(1), Right: items(2)},
		"Nested Loop Anti Join",
		"  ->  Seq Scan on items  (rows=1)",
		"  ->  Seq Scan on items  (rows=2)")
	checkExplain(t, &Join{Kind: CrossJoin, Left: items(1), Right: items(2)},
		"Nested Loop",
		"  ->  Seq Scan on items  (rows=1)",
		"  ->  Seq Scan on items  (rows=2)")
}
