package catalog

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/wal"
)

// commentState is what a reopen must keep of items' comments.
type commentState struct {
	Table, PKey, Index, Schema string
	Columns                    []string
}

func captureComments(c *Catalog) commentState {
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	ix, _ := c.Index("items_v_idx")
	sc, _ := c.LookupSchema("app")
	s := commentState{Table: tb.Comment, PKey: tb.PKeyComment, Index: ix.IndexComment(), Schema: sc.Comment}
	for _, col := range tb.Columns {
		s.Columns = append(s.Columns, col.Comment)
	}
	return s
}

// TestCommentsDurable: comments on a table, its column, primary key and
// index, and on a schema, survive a reopen from the WAL and from a checkpoint, and a
// cleared one stays cleared.
func TestCommentsDurable(t *testing.T) {
	for _, checkpoint := range []bool{false, true} {
		fs := wal.NewMemFS()
		c := openMem(t, fs)
		tb := createItems(t, c)
		c.Lock()
		ix, _ := c.Index("items_v_idx")
		for _, err := range []error{c.SetComment(tb, "the items"), c.SetColumnComment(tb, 1, "embedding"),
			c.SetColumnComment(tb, 0, "gone"), c.SetColumnComment(tb, 0, ""), c.SetPKeyComment(tb, "key"),
			c.SetIndexComment(ix, "hnsw"), c.CreateSchema(nil, "app", BootstrapSuperuser),
			c.SetSchemaComment(nil, "app", "the app")} {
			if err != nil {
				t.Fatal(err)
			}
		}
		c.Unlock()
		want := commentState{Table: "the items", PKey: "key", Index: "hnsw", Schema: "the app", Columns: []string{"", "embedding"}}
		if got := captureComments(c); !reflect.DeepEqual(got, want) {
			t.Fatalf("before reopen: got %+v, want %+v", got, want)
		}
		if checkpoint {
			if err := c.Checkpoint(); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
		c = openMem(t, fs)
		if got := captureComments(c); !reflect.DeepEqual(got, want) {
			t.Fatalf("after reopen (checkpoint %v): got %+v, want %+v", checkpoint, got, want)
		}
		c.Close()
	}
}

// TestCommentSectionOptional: a table without comments encodes as before
// (no comment section), and one with comments but no constraints, view
// or sequence section decodes them back.
func TestCommentSectionOptional(t *testing.T) {
	tb := &Table{OID: 7, Name: "t", Columns: []Column{{Name: "a"}, {Name: "b"}}, Owner: BootstrapSuperuser}
	tb.layout.Store(newLayout([]int{0, 1}, nil, 2))
	plain := encodeCreateTable(tb)
	tb.Columns[1].Comment = "bee"
	tb.Comment = "tee"
	with := encodeCreateTable(tb)
	if string(with[:len(plain)]) != string(plain) || with[len(plain)] != commentFormat {
		t.Fatalf("comment section is not a trailing optional section")
	}
	got, err := decodeCreateTable(with)
	if err != nil || got.Comment != "tee" || got.Columns[1].Comment != "bee" || len(got.Constraints) != 0 {
		t.Fatalf("decoded %+v, %v", got, err)
	}
}
