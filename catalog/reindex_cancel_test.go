package catalog

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// TestReindexCancel: a REINDEX of an HNSW and a B-tree index whose
// context ended fails with 57014 and the matching message and leaves
// both old indexes in place (the same objects, in the table's list and
// the catalog's names, the same catalog version); with a live context it
// replaces both with new ones holding every row.
func TestReindexCancel(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	tb := createItems(t, c)
	for i := 0; i < 300; i += 100 {
		vs := make([]types.Vector, 100)
		for j := range vs {
			vs[j] = vec(i + j)
		}
		insert(t, c, vs...)
	}
	c.Lock()
	_, err := c.CreateIndex(IndexDef{Name: "items_id_idx", Table: "items", Method: MethodBTree, Column: "id"})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	hnsw, _ := c.Index("items_v_idx")
	btree, _ := c.Index("items_id_idx")
	old := []*Index{hnsw, btree}

	expired, stopExpired := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer stopExpired()
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		ctx     context.Context
		message string
	}{
		{canceled, "canceling statement due to user request"},
		{expired, "canceling statement due to statement timeout"},
	} {
		c.Lock()
		version := c.Version()
		err := c.ReindexCtx(tc.ctx, old...)
		c.Unlock()
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.QueryCanceled || pe.Message != tc.message {
			t.Fatalf("ReindexCtx: %v, want 57014 %q", err, tc.message)
		}
		h, _ := c.Index("items_v_idx")
		b, _ := c.Index("items_id_idx")
		if h != hnsw || b != btree || c.Version() != version || !slices.Contains(tb.Indexes, hnsw) || !slices.Contains(tb.Indexes, btree) {
			t.Fatalf("a cancelled REINDEX (%s) replaced an index or changed the catalog version", tc.message)
		}
		if hnsw.Graph.Live() != 300 {
			t.Fatalf("old graph has %d live nodes after a cancelled REINDEX, want 300", hnsw.Graph.Live())
		}
	}

	c.Lock()
	err = c.ReindexCtx(context.Background(), old...)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	h, _ := c.Index("items_v_idx")
	b, _ := c.Index("items_id_idx")
	if h == hnsw || b == btree || !slices.Contains(tb.Indexes, h) || !slices.Contains(tb.Indexes, b) {
		t.Fatal("REINDEX did not replace the indexes")
	}
	if h.Graph.Live() != 300 || b.BTree.Len() != 300 || h.Metric != vecindex.L2 {
		t.Fatalf("rebuilt indexes: %d graph nodes, %d B-tree entries, metric %v; want 300, 300, L2",
			h.Graph.Live(), b.BTree.Len(), h.Metric)
	}
}
