package planner

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/wal"
)

// While the rows replayed after a crash wait to be inserted into the
// graphs (catalog's background catch-up), index scans must return exactly
// what a sequential scan returns.
func TestIndexScanWhileCatchingUp(t *testing.T) {
	fs := wal.NewMemFS()
	opts := catalog.Options{WAL: wal.Options{FS: fs, SegmentSize: 1 << 20},
		CheckpointInterval: -1, CheckpointWALBytes: -1}
	c, err := catalog.Open("data", opts)
	if err != nil {
		t.Fatal(err)
	}
	s := NewEngine(c).NewSession(map[string]string{"user": "postgres"}).(*Session)
	exec(t, s, "CREATE TABLE items (id bigint PRIMARY KEY, cat int, embedding vector(4))")
	ops := map[string]string{"vector_l2_ops": "<->", "vector_ip_ops": "<#>", "vector_l1_ops": "<+>", "vector_cosine_ops": "<=>"}
	for oc := range ops {
		exec(t, s, fmt.Sprintf("CREATE INDEX items_%s ON items USING hnsw (embedding %s) WITH (m = 8, ef_construction = 32)", oc, oc))
	}
	rng := rand.New(rand.NewPCG(3, 3)) // synthetic vectors
	insertRows := func(lo, hi int) {
		var b strings.Builder
		b.WriteString("INSERT INTO items VALUES ")
		for i := lo; i < hi; i++ {
			if i > lo {
				b.WriteString(", ")
			}
			v := randomVector(rng, 4, false)
			fmt.Fprintf(&b, "(%d, %d, '[%g,%g,%g,%g]')", i, i%3, v[0], v[1], v[2], v[3])
		}
		exec(t, s, b.String())
	}
	insertRows(0, 150)
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	insertRows(150, 450) // the WAL tail: most nearest neighbours are here
	exec(t, s, "DELETE FROM items WHERE id % 10 = 7")
	exec(t, s, "UPDATE items SET cat = 5 WHERE id % 10 = 3")
	crashed := fs.CrashClone()
	s.Close()
	c.Close()

	release := make(chan struct{})
	opts.WAL.FS = crashed
	opts.CatchUpHook = func(string, int) { <-release }
	c2, err := catalog.Open("data", opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	releaseAll := sync.OnceFunc(func() { close(release) })
	defer releaseAll()
	s2 := NewEngine(c2).NewSession(map[string]string{"user": "postgres"}).(*Session)
	defer s2.Close()
	tb, _ := c2.Table("items")
	// The live replayed rows: ids 150..449 less those deleted (id%10 = 7),
	// and the versions UPDATE wrote for ids%10 = 3 below 150.
	const replayed = 300 - 30 + 15
	for _, ix := range tb.Indexes {
		if n := len(ix.PendingSlots()); n != replayed {
			t.Fatalf("index %s: %d rows pending, want the %d replayed", ix.Name, n, replayed)
		}
	}
	exec(t, s2, "SET hnsw.ef_search = 500")
	queries := []string{
		"SELECT id FROM items ORDER BY embedding %s $1 LIMIT %d",
		"SELECT id FROM items WHERE cat = 1 ORDER BY embedding %s $1 LIMIT %d",
		"SELECT id FROM items WHERE cat = 5 ORDER BY embedding %s $1 LIMIT %d",
		"SELECT id FROM items ORDER BY embedding %s $1 LIMIT %d OFFSET 7",
		"SELECT id FROM items WHERE embedding %[1]s $1 < 1.5 ORDER BY embedding %[1]s $1 LIMIT %[2]d",
	}
	check := func(phase string) {
		t.Helper()
		for oc, op := range ops {
			for qi, qf := range queries {
				for _, k := range []int{1, 10, 60, 500} {
					q := randomVector(rng, 4, false)
					sql := fmt.Sprintf(qf, op, k)
					exec(t, s2, "SET enable_indexscan = on")
					got := ids(exec(t, s2, sql, q))
					exec(t, s2, "SET enable_indexscan = off")
					want := ids(exec(t, s2, sql, q))
					if !slices.Equal(got, want) {
						t.Fatalf("%s, %s, query %d, k %d: index scan %v\nexact %v", phase, oc, qi, k, got, want)
					}
				}
			}
		}
	}
	check("pending")
	exec(t, s2, "SET enable_indexscan = on")
	plan := exec(t, s2, "EXPLAIN ANALYZE SELECT id FROM items ORDER BY embedding <-> '[0,0,0,0]' LIMIT 5")
	var text []string
	for _, r := range plan.Rows {
		text = append(text, fmt.Sprint(r[0]))
	}
	if !strings.Contains(strings.Join(text, "\n"), "Pending Rows (not yet in the graph): ") {
		t.Errorf("EXPLAIN ANALYZE does not show the pending rows:\n%s", strings.Join(text, "\n"))
	}
	// New rows go to the graph while rows are pending.
	insertRows2 := func() {
		exec(t, s2, "INSERT INTO items VALUES (1000, 1, '[0.01,0.01,0.01,0.01]')")
	}
	insertRows2()
	check("pending, after an insert")
	release <- struct{}{} // let one chunk through, then the rest
	check("one chunk caught up")
	releaseAll()
	c2.WaitCatchUp()
	for _, ix := range tb.Indexes {
		if ix.Graph == nil {
			continue
		}
		if p := ix.PendingSlots(); p != nil {
			t.Fatalf("index %s: %d rows still pending after catch-up", ix.Name, len(p))
		}
		if got := ix.Graph.Live(); got != 450-45+1 {
			t.Errorf("index %s: graph has %d live nodes, want %d", ix.Name, got, 450-45+1)
		}
	}
	check("caught up")
}
