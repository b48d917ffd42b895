package pgcatalog

import (
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// capturedOID is the table OID in the captured queries (PostgreSQL's).
const capturedOID = "'16385'"

// itemsCatalog returns a catalog with the table of the issue: items (id
// bigserial PRIMARY KEY, body text, embedding vector(3)) with an HNSW
// index, and a second table with defaults and a btree index.
func itemsCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS(), SegmentSize: 1 << 16}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.Lock()
	defer c.Unlock()
	mustTable(t, c, "items", []catalog.Column{
		{Name: "id", Type: types.Int8, NotNull: true, Serial: true},
		{Name: "body", Type: types.Text},
		{Name: "embedding", Type: types.VectorOf(3)},
	}, []int{0})
	mustIndex(t, c, catalog.IndexDef{Name: "items_embedding_idx", Table: "items", Method: catalog.MethodHNSW,
		Column: "embedding", Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 8, EfConstruction: 64})
	mustTable(t, c, "Other", []catalog.Column{
		{Name: "n", Type: types.Int4, Default: int64(-1)},
		{Name: "s", Type: types.Type{Kind: types.KindVarchar, Typmod: 5}, Default: "it's", NotNull: true},
	}, nil)
	mustIndex(t, c, catalog.IndexDef{Name: "other_n_idx", Table: "Other", Method: catalog.MethodBTree, Column: "n"})
	return c
}

func mustTable(t *testing.T, c *catalog.Catalog, name string, cols []catalog.Column, pkey []int) {
	t.Helper()
	owner := "alice" // the session's user owns items; Other is the bootstrap superuser's
	if name == "Other" {
		owner = catalog.BootstrapSuperuser
	}
	if _, err := c.CreateTableOwned(owner, name, cols, pkey); err != nil {
		t.Fatal(err)
	}
}

func mustIndex(t *testing.T, c *catalog.Catalog, def catalog.IndexDef) {
	t.Helper()
	if _, err := c.CreateIndex(def); err != nil {
		t.Fatal(err)
	}
}

func TestIndexDefOptions(t *testing.T) {
	tb := &catalog.Table{Name: "t", Columns: []catalog.Column{{Name: "Emb", Type: types.VectorOf(2)}}}
	tests := []struct {
		m, efc int
		opts   []string // reloptions as written; nil: not recorded
		want   string
	}{
		{16, 64, nil, `CREATE INDEX i ON public.t USING hnsw ("Emb" vector_cosine_ops)`},
		{16, 100, nil, `CREATE INDEX i ON public.t USING hnsw ("Emb" vector_cosine_ops) WITH (ef_construction='100')`},
		{4, 10, nil, `CREATE INDEX i ON public.t USING hnsw ("Emb" vector_cosine_ops) WITH (m='4', ef_construction='10')`},
		// Written out, defaults are shown, as PostgreSQL shows reloptions.
		{16, 64, []string{"m=16", "ef_construction=64"}, `CREATE INDEX i ON public.t USING hnsw ("Emb" vector_cosine_ops) WITH (m='16', ef_construction='64')`},
		{16, 64, []string{}, `CREATE INDEX i ON public.t USING hnsw ("Emb" vector_cosine_ops)`},
	}
	for _, tc := range tests {
		ix := &catalog.Index{Name: "i", Table: tb, Method: catalog.MethodHNSW, Opclass: "vector_cosine_ops", M: tc.m, EfConstruction: tc.efc, Reloptions: tc.opts}
		if got := IndexDef(ix); got != tc.want {
			t.Errorf("m=%d efc=%d: %s, want %s", tc.m, tc.efc, got, tc.want)
		}
	}
}

func TestDefaultExpr(t *testing.T) {
	tests := []struct {
		typ  types.Type
		def  any
		want string
	}{
		{types.Int8, int64(5), "5"},
		{types.Int4, int64(-1), "'-1'::integer"},
		{types.Int2, int64(-7), "'-7'::integer"}, // the literal is an integer, cast implicitly
		{types.Int8, int64(-7), "'-7'::integer"},
		{types.Int8, int64(-2147483648), "'-2147483648'::integer"},
		{types.Int8, int64(-2147483649), "'-2147483649'::bigint"},
		{types.Float4, 1.5, "1.5"},
		{types.Float8, -2.5, "'-2.5'::numeric"},
		{types.Bool, true, "true"},
		{types.Bool, false, "false"},
		{types.Text, "x'y", "'x''y'::text"},
		{types.VectorOf(3), types.Vector{1, 2, 3}, "'[1,2,3]'::vector"},
		{types.Text, nil, ""},
	}
	for _, tc := range tests {
		tb := &catalog.Table{Name: "t", Columns: []catalog.Column{{Name: "c", Type: tc.typ, Default: tc.def}}}
		if got := DefaultExpr(tb, 0); got != tc.want {
			t.Errorf("%s default %v: %q, want %q", tc.typ.Name(), tc.def, got, tc.want)
		}
	}
}

func TestQuoteIdent(t *testing.T) {
	for in, want := range map[string]string{"items": "items", "Items": `"Items"`, "a b": `"a b"`, `q"t`: `"q""t"`, "_x1$": "_x1$", "1a": `"1a"`} {
		if got := QuoteIdent(in); got != want {
			t.Errorf("QuoteIdent(%q) = %s, want %s", in, got, want)
		}
	}
}
