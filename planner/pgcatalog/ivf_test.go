package pgcatalog

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/vecindex"
)

// TestIVFFlatListed: psql's \di+ shows an ivfflat index's access method
// and, as its size, its centers' bytes (7 lists of 3 float32s; the lists
// are empty).
func TestIVFFlatListed(t *testing.T) {
	c := itemsCatalog(t)
	c.Lock()
	mustIndex(t, c, catalog.IndexDef{Name: "items_ivf", Table: "items", Method: catalog.MethodIVFFlat,
		Column: "embedding", Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 7, Reloptions: []string{"lists=7"}})
	c.Unlock()
	got := run(t, c, captured(t, "diplus_items_1"))
	want := [][]any{
		{"public", "items_embedding_idx", "index", "alice", "items", "permanent", "hnsw", "0 bytes", nil},
		{"public", "items_ivf", "index", "alice", "items", "permanent", "ivfflat", "84 bytes", nil},
		{"public", "items_pkey", "index", "alice", "items", "permanent", "btree", "0 bytes", nil}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("\\di+ items*:\n got %v\nwant %v", got, want)
	}
}
