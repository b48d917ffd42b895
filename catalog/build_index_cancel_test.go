package catalog

import (
	"context"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// TestBuildIndexCancel: a CREATE INDEX whose context ends (before the
// build, by its deadline, or while the HNSW graph is being built) fails
// with 57014 and the matching message and leaves no trace: no index in
// the catalog or on the table, none after a crash replays the WAL, and the
// same CREATE INDEX then succeeds with the OID the cancelled one would
// have used.
func TestBuildIndexCancel(t *testing.T) {
	rowsN := 20000 // a multiple of 1000
	if raceEnabled {
		rowsN = 2000 // still far longer to build under -race than a goroutine start
	}
	def := IndexDef{Name: "items_v_idx", Table: "items", Method: MethodHNSW, Column: "v",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 8, EfConstruction: 64}
	expired, stopExpired := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer stopExpired()
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name    string
		ctx     func() context.Context
		message string
	}{
		{"canceled before", func() context.Context { return canceled }, "canceling statement due to user request"},
		{"deadline passed", func() context.Context { return expired }, "canceling statement due to statement timeout"},
		{"canceled while building", func() context.Context {
			ctx, cancel := context.WithCancel(context.Background())
			go cancel() // the build of rowsN vectors outlasts a goroutine start by far
			return ctx
		}, "canceling statement due to user request"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := wal.NewMemFS()
			c := openMem(t, fs)
			c.Lock()
			_, err := c.CreateTable("items", testCols, []int{0})
			c.Unlock()
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < rowsN; i += 1000 { // a commit record fits a 64 KiB segment
				vs := make([]types.Vector, 1000)
				for j := range vs {
					vs[j] = vec(i + j)
				}
				insert(t, c, vs...)
			}
			c.RLock()
			oid := c.nextOID
			c.RUnlock()

			ix, err := c.BuildIndexFor(nil, Wait{Ctx: tc.ctx()}, def)
			if ix != nil || pgerror.CodeOf(err) != pgerror.QueryCanceled || err.(*pgerror.Error).Message != tc.message {
				t.Fatalf("BuildIndexFor = %v, %v; want 57014 %q", ix, err, tc.message)
			}
			noIndex(t, c, "after the cancel")
			c.RLock()
			next := c.nextOID
			c.RUnlock()
			if next != oid {
				t.Fatalf("next OID %d after the cancel, %d before", next, oid)
			}

			c2 := openMem(t, fs.CrashClone())
			noIndex(t, c2, "after replay")
			if got := len(rows(c2)); got != rowsN {
				t.Fatalf("%d rows after replay, want %d", got, rowsN)
			}
			ix, err = c.BuildIndex(def)
			if err != nil {
				t.Fatal(err)
			}
			if ix.OID != oid || ix.Graph.Live() != rowsN {
				t.Fatalf("index after the cancel: OID %d, %d vectors; want OID %d, %d", ix.OID, ix.Graph.Live(), oid, rowsN)
			}
		})
	}
}

// noIndex fails the test unless c has no index named items_v_idx and the
// items table lists none.
func noIndex(t *testing.T, c *Catalog, when string) {
	t.Helper()
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	if _, ok := c.Index("items_v_idx"); ok || c.RelationExists("items_v_idx") || len(tb.Indexes) != 0 {
		t.Fatalf("%s: index items_v_idx found (table lists %d indexes)", when, len(tb.Indexes))
	}
}
