package planner

import (
	"context"
	"reflect"
	"testing"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// lowerProbe stands in for an EXPLAIN's plan and keeps the lowered tree
// of the statement under it.
type lowerProbe struct {
	inner plan
	tree  ir.Node
}

func (p *lowerProbe) columns() []backend.Column { return queryPlanColumn }
func (p *lowerProbe) run(_ context.Context, x *execCtx) (*backend.Result, error) {
	var err error
	p.tree, err = lowerPlan(p.inner, x, nil)
	return &backend.Result{}, err
}

// lowered binds query (under EXPLAIN) and returns its plan tree as
// lowered at execution.
func lowered(t *testing.T, s *Session, query string) ir.Node {
	t.Helper()
	ps, err := s.Split("EXPLAIN " + query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	p := ps[0].(*prepared)
	if err := s.bind(p); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	probe := &lowerProbe{inner: p.plan.(*explainPlan).inner}
	p.plan = probe
	if _, err := s.Execute(context.Background(), p, nil); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return probe.tree
}

// chain returns the node types from n down its first children.
func chain(n ir.Node) []string {
	var out []string
	for ; n != nil; n = first(n.Children()) {
		out = append(out, reflect.TypeOf(n).Elem().Name())
		if sd, ok := n.(*ir.Side); ok { // a set operation's side: its query's plan
			n = sd.Query
			out = append(out, reflect.TypeOf(n).Elem().Name())
		}
	}
	return out
}

func first(ns []ir.Node) ir.Node {
	if len(ns) == 0 {
		return nil
	}
	return ns[0]
}

func checkColumns(t *testing.T, what string, got []ir.Column, want ...ir.Column) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: columns %v, want %v", what, got, want)
	}
}

// TestLowerSelectTree checks the trees SELECTs lower into: their nodes
// and each node's output columns.
func TestLowerSelectTree(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE lt (id int PRIMARY KEY, n int, e vector(2))")
	exec(t, s, "INSERT INTO lt SELECT i, i % 4, ('[' || i || ',0]')::vector FROM generate_series(1, 40) i")
	id, n, e := ir.Column{Name: "id", Type: types.Int4}, ir.Column{Name: "n", Type: types.Int4}, ir.Column{Name: "e", Type: types.VectorOf(2)}

	tree := lowered(t, s, "SELECT id, n * 2 AS dbl FROM lt WHERE n > 1 ORDER BY id DESC LIMIT 3")
	if got, want := chain(tree), []string{"Project", "Limit", "Sort", "SeqScan"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("nodes %v, want %v", got, want)
	}
	checkColumns(t, "Project", tree.Columns(), id, ir.Column{Name: "dbl", Type: types.Int4})
	checkColumns(t, "Limit", ir.Top(tree).Columns(), id, n, e)
	sort := ir.Top(tree).Children()[0].(*ir.Sort)
	if want := []ir.SortKey{{Expr: "id", Desc: true}}; !reflect.DeepEqual(sort.Keys, want) {
		t.Errorf("sort keys %v, want %v", sort.Keys, want)
	}
	if scan := sort.Input.(*ir.SeqScan); scan.Relation != "lt" || scan.Filter != "(n > 1)" {
		t.Errorf("scan %+v", scan.ScanInfo)
	}

	tree = lowered(t, s, "SELECT n, count(*) FROM lt GROUP BY n")
	if got, want := chain(tree), []string{"Project", "Aggregate", "SeqScan"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("nodes %v, want %v", got, want)
	}
	checkColumns(t, "Aggregate", ir.Top(tree).Columns(), n, ir.Column{Name: "count", Type: types.Int8})

	exec(t, s, "CREATE INDEX lt_e ON lt USING hnsw (e vector_l2_ops)")
	tree = lowered(t, s, "SELECT id FROM lt ORDER BY e <-> '[3,0]' LIMIT 2")
	if got, want := chain(tree), []string{"Project", "Limit", "IndexScan"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("nodes %v, want %v", got, want)
	}
	is := ir.Top(tree).Children()[0].(*ir.IndexScan)
	if is.Kind != ir.HNSW || is.Indexes[0] != "lt_e" || is.OrderBy != "(e <-> '[3,0]')" || is.KNN == nil {
		t.Errorf("index scan %+v", is)
	}
	checkColumns(t, "IndexScan", is.Columns(), id, n, e)

	exec(t, s, "SET vecgres.filter_plan = prefilter")
	tree = lowered(t, s, "SELECT id FROM lt WHERE n = 1 ORDER BY e <-> '[3,0]' LIMIT 2")
	if got, want := chain(tree), []string{"Project", "Limit", "TopK", "SeqScan"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("nodes %v, want %v", got, want)
	}
	top := ir.Top(tree).Children()[0].(*ir.TopK)
	if top.K != 2 || top.KNN.Strategy != ir.PreFilter || top.KNN.Rows != 40 {
		t.Errorf("top-k %+v, strategy %+v", top, top.KNN)
	}
}

// TestLowerSetOpAndWrites checks the trees of a set operation and of
// INSERT ... RETURNING and DELETE.
func TestLowerSetOpAndWrites(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE lw (id int PRIMARY KEY, n int)")
	id := ir.Column{Name: "id", Type: types.Int4}
	tree := lowered(t, s, "SELECT id FROM lw UNION SELECT n FROM lw UNION ALL SELECT 1")
	app, ok := tree.(*ir.Append)
	if !ok || len(app.Inputs) != 2 {
		t.Fatalf("root %T, want an Append of two", tree)
	}
	checkColumns(t, "Append", app.Columns(), id)
	if got, want := chain(app.Inputs[0]), []string{"Side", "Aggregate", "Append", "Side", "Project", "SeqScan"}; !reflect.DeepEqual(got, want) {
		t.Errorf("left side %v, want %v", got, want)
	}
	checkColumns(t, "UNION", app.Inputs[0].Columns(), id)
	checkColumns(t, "SELECT 1", app.Inputs[1].Columns(), ir.Column{Name: "?column?", Type: types.Int4})

	tree = lowered(t, s, "INSERT INTO lw VALUES (1, 2) RETURNING id")
	if m, ok := tree.(*ir.Modify); !ok || m.Op != ir.Insert || m.Relation != "lw" {
		t.Fatalf("tree %#v, want an Insert on lw", tree)
	}
	checkColumns(t, "INSERT RETURNING", tree.Columns(), id)
	tree = lowered(t, s, "DELETE FROM lw WHERE id = 1")
	if m, ok := tree.(*ir.Modify); !ok || m.Op != ir.Delete || len(tree.Columns()) != 0 {
		t.Fatalf("tree %#v, want a Delete without columns", tree)
	}
}

// TestLowerAccessRules checks what the access-path rules make of the
// logical scan: the k-NN strategies the filter_plan setting forces, and
// a B-tree scan with the rest of WHERE as its filter.
func TestLowerAccessRules(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ar (id int PRIMARY KEY, c text, n int, e vector(2))")
	exec(t, s, "INSERT INTO ar SELECT i, CASE WHEN i % 10 = 0 THEN 'rare' ELSE 'common' END, i % 3, ('[' || i || ',1]')::vector FROM generate_series(1, 200) i")
	exec(t, s, "CREATE INDEX ar_e ON ar USING hnsw (e vector_l2_ops)")
	exec(t, s, "CREATE INDEX ar_c ON ar (c)")
	const knn = "SELECT id FROM ar WHERE c = 'rare' ORDER BY e <-> '[1,1]' LIMIT 4 OFFSET 1"
	for _, c := range []struct {
		setting string
		want    ir.Strategy
	}{{"traversal", ir.Traversal}, {"postfilter", ir.PostFilter}, {"ef_postfilter", ir.EfPostFilter}} {
		exec(t, s, "SET vecgres.filter_plan = "+c.setting)
		tree := lowered(t, s, knn)
		lim, ok := ir.Top(tree).(*ir.Limit)
		if !ok || lim.Count != 4 || lim.Offset != 1 {
			t.Fatalf("%s: top %#v, want Limit 4 Offset 1", c.setting, ir.Top(tree))
		}
		is, ok := lim.Input.(*ir.IndexScan)
		if !ok || is.Kind != ir.HNSW || is.Filter != "(c = 'rare')" || is.KNN.Strategy != c.want || is.Est.Rows != 5 {
			t.Errorf("%s: scan %#v, want an HNSW scan, filtered, %v, 5 rows", c.setting, lim.Input, c.want)
		}
	}
	exec(t, s, "SET vecgres.filter_plan = prefilter")
	tree := lowered(t, s, knn)
	if got, want := chain(tree), []string{"Project", "Limit", "TopK", "IndexScan"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("prefilter: nodes %v, want %v", got, want)
	}
	is := ir.Top(tree).Children()[0].Children()[0].(*ir.IndexScan)
	if is.Kind != ir.BTree || is.Indexes[0] != "ar_c" || is.Cond != "(c = 'rare')" || is.Filter != "" {
		t.Errorf("prefilter: scan %#v, want the B-tree on c, no filter", is)
	}
	exec(t, s, "RESET vecgres.filter_plan")

	tree = lowered(t, s, "SELECT id FROM ar WHERE c = 'rare' AND n = 1")
	is, ok := ir.Top(tree).(*ir.IndexScan)
	if !ok || is.Kind != ir.BTree || is.Cond != "(c = 'rare')" || is.Filter != "((c = 'rare') AND (n = 1))" {
		t.Errorf("B-tree: %#v, want ar_c with the whole WHERE as filter", ir.Top(tree))
	}
	tree = lowered(t, s, "SELECT id FROM ar WHERE n = 1")
	if sc, ok := ir.Top(tree).(*ir.SeqScan); !ok || sc.Filter != "(n = 1)" {
		t.Errorf("no index: %#v, want a Seq Scan filtered by n = 1", ir.Top(tree))
	}
}
