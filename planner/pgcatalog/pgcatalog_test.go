package pgcatalog

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
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

func captured(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "psql15", name+".sql"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCapturedQueriesMatch checks every captured psql 15 query against its
// shape, so a pg_query upgrade that changes fingerprints fails here.
func TestCapturedQueriesMatch(t *testing.T) {
	want := map[string]string{
		"d_1": `\d, \dt, \dm`, "dt_1": `\d, \dt, \dm`, "dm_1": `\d, \dt, \dm`,
		"ds_1": `\ds, \dv`, "dv_1": `\ds, \dv`, "dt_items_1": `\dt pattern`, "di_1": `\di`,
		"dn_1": `\dn`, "l_1": `\l`, "dx_1": `\dx`,
		"d_items_1": `\d table: find`, "d_items_2": `\d table: table`, "d_items_3": `\d table: columns`,
		"d_items_4": `\d table: indexes`, "d_items_5": `\d table: policies`, "d_items_6": `\d table: statistics`,
		"d_items_7": `\d table: publications`, "d_items_8": `\d table: parents`, "d_items_9": `\d table: partitions`,
		"dplus_items_1": `\d table: find`, "dplus_items_2": `\d+ table: table`, "dplus_items_3": `\d+ table: columns`,
		"dplus_items_4": `\d table: indexes`, "dplus_items_9": `\d table: partitions`,
		// captured from psql 15.20
		"du_1": `\du`, "du_alice_1": `\du pattern`, "duplus_1": `\du+`, "duplus_alice_1": `\du+ pattern`,
		"df_1": `\df`, "dT_1": `\dT`, "dTplus_1": `\dT+`,
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "psql15", "*.sql"))
	if len(files) < len(want) {
		t.Fatalf("found %d captured queries, want at least %d", len(files), len(want))
	}
	for name, shape := range want {
		q, ok := Match(captured(t, name))
		if !ok {
			t.Errorf("%s: not recognised", name)
			continue
		}
		if q.Name() != shape {
			t.Errorf("%s: shape %q, want %q", name, q.Name(), shape)
		}
	}
}

func TestMatchRejects(t *testing.T) {
	for _, q := range []string{
		"SELECT 1",
		"SELECT typname FROM pg_catalog.pg_type WHERE oid = 16",
		"SELECT n.nspname FROM pg_catalog.pg_namespace n",
		"not sql at all pg_catalog",
		strings.Replace(captured(t, "dt_1"), "ORDER BY 1,2", "ORDER BY 2", 1),
	} {
		if _, ok := Match(q); ok {
			t.Errorf("Match(%q) = true", q)
		}
	}
}

func run(t *testing.T, c *catalog.Catalog, query string) [][]any {
	t.Helper()
	q, ok := Match(query)
	if !ok {
		t.Fatalf("not recognised: %s", query)
	}
	c.RLock()
	defer c.RUnlock()
	res, err := q.Run(Env{Cat: c, User: "alice", Database: "db"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "SELECT " + strconv.Itoa(len(res.Rows)); res.Tag != want {
		t.Errorf("tag %q, want %q", res.Tag, want)
	}
	for _, r := range res.Rows {
		if len(r) != len(res.Columns) {
			t.Fatalf("row %v has %d values for %d columns", r, len(r), len(res.Columns))
		}
	}
	return res.Rows
}

func TestRun(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	items, _ := c.Table("items")
	other, _ := c.Table("Other")
	c.RUnlock()
	oid := func(tb *catalog.Table) string { return "'" + strconv.FormatUint(uint64(tb.OID), 10) + "'" }
	seq := SyntheticOID(items.OID, 1)
	_ = seq
	hnswDef := "CREATE INDEX items_embedding_idx ON public.items USING hnsw (embedding vector_l2_ops) WITH (m='8')"
	tests := []struct {
		name  string
		query string
		want  [][]any
	}{
		{"dt", captured(t, "dt_1"), [][]any{{"public", "Other", "table", "postgres"}, {"public", "items", "table", "alice"}}},
		{"d", captured(t, "d_1"), [][]any{
			{"public", "Other", "table", "postgres"}, {"public", "items", "table", "alice"},
			{"public", "items_id_seq", "sequence", "alice"}}},
		{"ds", captured(t, "ds_1"), [][]any{{"public", "items_id_seq", "sequence", "alice"}}},
		{"dv", captured(t, "dv_1"), nil},
		{"dt items", captured(t, "dt_items_1"), [][]any{{"public", "items", "table", "alice"}}},
		{"dt ite*", strings.Replace(captured(t, "dt_items_1"), "^(items)$", "^(ite.*)$", 1),
			[][]any{{"public", "items", "table", "alice"}}},
		{"di", captured(t, "di_1"), [][]any{
			{"public", "items_embedding_idx", "index", "alice", "items"},
			{"public", "items_pkey", "index", "alice", "items"},
			{"public", "other_n_idx", "index", "postgres", "Other"}}},
		{"dn", captured(t, "dn_1"), [][]any{{"public", "pg_database_owner"}}},
		{"l", captured(t, "l_1"), [][]any{{"db", "alice", "UTF8", "C", "C", nil, "libc", nil}}},
		{"dx", captured(t, "dx_1"), [][]any{{"vector", VectorVersion, "public", vectorDescription}}},
		{"d items: find", captured(t, "d_items_1"), [][]any{{int64(items.OID), "public", "items"}}},
		{"d Other: find", strings.Replace(captured(t, "d_items_1"), "^(items)$", "^(Other)$", 1),
			[][]any{{int64(other.OID), "public", "Other"}}},
		{"d items_pkey: find", strings.Replace(captured(t, "d_items_1"), "^(items)$", "^(items_pkey)$", 1), nil},
		{"d items: table", strings.ReplaceAll(captured(t, "d_items_2"), capturedOID, oid(items)),
			[][]any{{int64(0), "r", true, false, false, false, false, false, false, "", int64(0), "", "p", "d", "heap"}}},
		{"d items: table, no such OID", captured(t, "d_items_2"), nil},
		{"d items: columns", strings.ReplaceAll(captured(t, "d_items_3"), capturedOID, oid(items)), [][]any{
			{"id", "bigint", "nextval('items_id_seq'::regclass)", true, nil, "", ""},
			{"body", "text", nil, false, nil, "", ""},
			{"embedding", "vector(3)", nil, false, nil, "", ""}}},
		{"d+ items: columns", strings.ReplaceAll(captured(t, "dplus_items_3"), capturedOID, oid(items)), [][]any{
			{"id", "bigint", "nextval('items_id_seq'::regclass)", true, nil, "", "", "p", "", nil, nil},
			{"body", "text", nil, false, nil, "", "", "x", "", nil, nil},
			{"embedding", "vector(3)", nil, false, nil, "", "", "e", "", nil, nil}}},
		{"d Other: columns", strings.ReplaceAll(captured(t, "d_items_3"), capturedOID, oid(other)), [][]any{
			{"n", "integer", "'-1'::integer", false, nil, "", ""},
			{"s", "character varying(5)", "'it''s'::character varying", true, nil, "", ""}}},
		{"d items: indexes", strings.ReplaceAll(captured(t, "d_items_4"), capturedOID, oid(items)), [][]any{
			{"items_pkey", true, true, false, true, "CREATE UNIQUE INDEX items_pkey ON public.items USING btree (id)",
				"PRIMARY KEY (id)", "p", false, false, false, int64(0)},
			{"items_embedding_idx", false, false, false, true, hnswDef, nil, nil, nil, nil, false, int64(0)}}},
		{"d Other: indexes", strings.ReplaceAll(captured(t, "d_items_4"), capturedOID, oid(other)), [][]any{
			{"other_n_idx", false, false, false, true, `CREATE INDEX other_n_idx ON public."Other" USING btree (n)`,
				nil, nil, nil, nil, false, int64(0)}}},
		{"d items: policies", strings.ReplaceAll(captured(t, "d_items_5"), capturedOID, oid(items)), nil},
		{"d items: publications", strings.ReplaceAll(captured(t, "d_items_7"), capturedOID, oid(items)), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, c, tc.query); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("rows:\n got %#v\nwant %#v", got, tc.want)
			}
		})
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

// FuzzMatch runs Match on arbitrary text: it must not panic, and whatever
// it recognises must run against a catalog.
func FuzzMatch(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "psql15", "*.sql"))
	for _, p := range files {
		b, _ := os.ReadFile(p)
		f.Add(string(b))
	}
	f.Add("SELECT 'pg_catalog'")
	c, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS(), SegmentSize: 1 << 16}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, query string) {
		q, ok := Match(query)
		if !ok {
			return
		}
		c.RLock()
		defer c.RUnlock()
		if _, err := q.Run(Env{Cat: c, User: "u", Database: "d"}); err != nil {
			t.Fatal(err)
		}
	})
}
