package catalog

import (
	"bytes"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// lackedRowsWarning matches refreshGraph's warning in slog's text form.
var lackedRowsWarning = regexp.MustCompile(`level=WARN msg="catalog: snapshot graph lacked rows, indexed them" index=(\S+) rows=(\d+)`)

// TestRefreshGraphCountsRowsGained: opening a catalog whose snapshot
// holds cosine HNSW graphs warns about a graph lacking rows only for rows
// the graph really gained. Table zz holds only zero vectors, which a
// cosine graph never indexes: no warning. Table zc holds zero vectors and
// others, two of which the graph held as tombstones when the snapshot was
// written (as a snapshot written during a catch-up can): the warning
// counts those two, not the zero vectors offered again.
func TestRefreshGraphCountsRowsGained(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	zero := types.Vector{0, 0}
	createCosine(t, c, "zz", zero, zero, zero)
	zc := createCosine(t, c, "zc", zero, types.Vector{1, 2}, zero, types.Vector{3, 1}, types.Vector{2, 2}, zero)
	ix, _ := c.Index("zc_v_idx")
	dropped := 0
	c.RLock()
	c.ReadTxn().Scan(zc, func(slot uint64, vals []any) bool {
		if id := vals[0].(int64); id == 2 || id == 5 {
			ix.Graph.Delete(slot)
			dropped++
		}
		return true
	})
	c.RUnlock()
	if dropped != 2 || ix.Graph.Live() != 1 {
		t.Fatalf("tombstoned %d rows, graph has %d live nodes; want 2 and 1", dropped, ix.Graph.Live())
	}
	if err := c.Close(); err != nil { // checkpoints: the graphs go into the snapshot
		t.Fatal(err)
	}

	var logs bytes.Buffer
	c2, err := Open("data", Options{WAL: wal.Options{FS: fs, SegmentSize: 1 << 12,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))},
		CheckpointInterval: -1, CheckpointWALBytes: -1})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	defer c2.Close()
	var got []string
	for _, m := range lackedRowsWarning.FindAllStringSubmatch(logs.String(), -1) {
		got = append(got, m[1]+":"+m[2])
	}
	if want := []string{"zc_v_idx:2"}; !slices.Equal(got, want) {
		t.Fatalf("warnings %v, want %v; log:\n%s", got, want, logs.String())
	}
	for name, live := range map[string]int{"zz_v_idx": 0, "zc_v_idx": 3} {
		ix, _ := c2.Index(name)
		if ix.Graph.Live() != live || len(ix.PendingSlots()) != 0 {
			t.Errorf("%s: %d live nodes, %d pending; want %d, 0", name, ix.Graph.Live(), len(ix.PendingSlots()), live)
		}
	}
}

// createCosine creates table name (id int8 serial primary key, v
// vector(2)) with a cosine HNSW index name_v_idx and inserts vs in one
// committed transaction.
func createCosine(t *testing.T, c *Catalog, name string, vs ...types.Vector) *Table {
	t.Helper()
	c.Lock()
	tb, err := c.CreateTable(name, testCols, []int{0})
	if err == nil {
		_, err = c.CreateIndex(IndexDef{Name: name + "_v_idx", Table: name, Method: MethodHNSW, Column: "v",
			Opclass: "vector_cosine_ops", Metric: vecindex.Cosine, M: 4, EfConstruction: 16})
	}
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	txn := c.Begin()
	c.Lock()
	for _, v := range vs {
		if _, err = txn.Insert(tb, []any{txn.NextSerial(tb, 0), v}); err != nil {
			break
		}
	}
	c.Unlock()
	if err != nil {
		t.Fatal(fmt.Errorf("insert into %s: %w", name, err))
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	return tb
}
