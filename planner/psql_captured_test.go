package planner

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// The queries psql 15's backslash commands send (captured with psql -E in
// pgcatalog/testdata/psql15) run through the planner like any other
// query. These tests run them over the catalog of the issue — items
// (id bigserial PRIMARY KEY, body text, embedding vector(3)) with an HNSW
// index, and "Other" (defaults, a btree index) owned by the bootstrap
// superuser — as user alice of database db, and check their rows, which
// are what PostgreSQL 15 with pgvector answers for the same objects.

// capturedOID is the table OID in the captured queries (PostgreSQL's).
const capturedOID = "'16385'"

// psqlCatalog returns the catalog described above.
func psqlCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS(), SegmentSize: 1 << 20, NoSync: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.Lock()
	defer c.Unlock()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(c.CreateRole(catalog.Role{Name: "alice", Login: true}))
	_, err = c.CreateTableOwned("alice", "items", []catalog.Column{
		{Name: "id", Type: types.Int8, NotNull: true, Serial: true},
		{Name: "body", Type: types.Text},
		{Name: "embedding", Type: types.VectorOf(3)},
	}, []int{0})
	must(err)
	_, err = c.CreateIndex(catalog.IndexDef{Name: "items_embedding_idx", Table: "items", Method: catalog.MethodHNSW,
		Column: "embedding", Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 8, EfConstruction: 64})
	must(err)
	_, err = c.CreateTableOwned(catalog.BootstrapSuperuser, "Other", []catalog.Column{
		{Name: "n", Type: types.Int4, Default: int64(-1)},
		{Name: "s", Type: types.Type{Kind: types.KindVarchar, Typmod: 5}, Default: "it's", NotNull: true},
	}, nil)
	must(err)
	_, err = c.CreateIndex(catalog.IndexDef{Name: "other_n_idx", Table: "Other", Method: catalog.MethodBTree, Column: "n"})
	must(err)
	return c
}

// captured returns the captured query name (pgcatalog/testdata/psql15).
func captured(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("pgcatalog", "testdata", "psql15", name+".sql"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// runCaptured runs query as alice in database db and returns its rows.
func runCaptured(t *testing.T, c *catalog.Catalog, query string) [][]any {
	t.Helper()
	s := NewEngine(c).NewSession(map[string]string{"user": "alice", "database": "db"}).(*Session)
	defer s.Close()
	ps, err := s.Split(query)
	if err != nil {
		t.Fatalf("%v\n%s", err, query)
	}
	res, err := s.Execute(context.Background(), ps[0], nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, query)
	}
	if want := "SELECT " + strconv.Itoa(len(res.Rows)); res.Tag != want {
		t.Errorf("tag %q, want %q", res.Tag, want)
	}
	if len(res.Rows) == 0 {
		return nil
	}
	return res.Rows
}

// TestCapturedQueriesRun runs every captured query, its OID replaced by
// items', through the planner: each must answer without an error.
func TestCapturedQueriesRun(t *testing.T) {
	c := psqlCatalog(t)
	items := tableOID(t, c, "items")
	files, err := filepath.Glob(filepath.Join("pgcatalog", "testdata", "psql15", "*.sql"))
	if err != nil || len(files) < 47 {
		t.Fatalf("found %d captured queries (%v), want at least 47", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".sql")
		t.Run(name, func(t *testing.T) {
			runCaptured(t, c, strings.ReplaceAll(captured(t, name), capturedOID, items))
		})
	}
}

// tableOID is the OID of the table name, quoted as psql writes it.
func tableOID(t *testing.T, c *catalog.Catalog, name string) string {
	t.Helper()
	c.RLock()
	defer c.RUnlock()
	tb, ok := c.Table(name)
	if !ok {
		t.Fatalf("no table %s", name)
	}
	return "'" + strconv.FormatUint(uint64(tb.OID), 10) + "'"
}

func TestCapturedQueryRows(t *testing.T) {
	c := psqlCatalog(t)
	items, other := tableOID(t, c, "items"), tableOID(t, c, "Other")
	oidOf := func(q string) int64 { n, _ := strconv.ParseInt(strings.Trim(q, "'"), 10, 64); return n }
	// pg_get_indexdef(oid, 0, true) leaves out the schema of a visible table.
	hnswDef := "CREATE INDEX items_embedding_idx ON items USING hnsw (embedding vector_l2_ops) WITH (m='8')"
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
		{"dm", captured(t, "dm_1"), nil},
		{"dt items", captured(t, "dt_items_1"), [][]any{{"public", "items", "table", "alice"}}},
		{"dt ite*", strings.Replace(captured(t, "dt_items_1"), "^(items)$", "^(ite.*)$", 1),
			[][]any{{"public", "items", "table", "alice"}}},
		{"di", captured(t, "di_1"), [][]any{
			{"public", "items_embedding_idx", "index", "alice", "items"},
			{"public", "items_pkey", "index", "alice", "items"},
			{"public", "other_n_idx", "index", "postgres", "Other"}}},
		{"dn", captured(t, "dn_1"), [][]any{{"public", "pg_database_owner"}}},
		// The database is the bootstrap superuser's, as pg_database.datdba says.
		{"l", captured(t, "l_1"), [][]any{{"db", "postgres", "UTF8", "C", "C", nil, "libc", nil}}},
		{"dx", captured(t, "dx_1"), [][]any{{"vector", pgcatalog.VectorVersion, "public",
			"vector data type and ivfflat and hnsw access methods"}}},
		{"d items: find", captured(t, "d_items_1"), [][]any{{oidOf(items), "public", "items"}}},
		{"d Other: find", strings.Replace(captured(t, "d_items_1"), "^(items)$", "^(Other)$", 1),
			[][]any{{oidOf(other), "public", "Other"}}},
		{"d items_pkey: find", strings.Replace(captured(t, "d_items_1"), "^(items)$", "^(items_pkey)$", 1),
			[][]any{{int64(pgcatalog.SyntheticOID(uint32(oidOf(items)), 0)), "public", "items_pkey"}}},
		{"d items: table", strings.ReplaceAll(captured(t, "d_items_2"), capturedOID, items),
			[][]any{{int64(0), "r", true, false, false, false, false, false, false, "", int64(0), "", "p", "d", "heap"}}},
		{"d items: table, no such OID", captured(t, "d_items_2"), nil},
		{"d items: columns", strings.ReplaceAll(captured(t, "d_items_3"), capturedOID, items), [][]any{
			{"id", "bigint", "nextval('items_id_seq'::regclass)", true, nil, "", ""},
			{"body", "text", nil, false, nil, "", ""},
			{"embedding", "vector(3)", nil, false, nil, "", ""}}},
		{"d+ items: columns", strings.ReplaceAll(captured(t, "dplus_items_3"), capturedOID, items), [][]any{
			{"id", "bigint", "nextval('items_id_seq'::regclass)", true, nil, "", "", "p", "", nil, nil},
			{"body", "text", nil, false, nil, "", "", "x", "", nil, nil},
			{"embedding", "vector(3)", nil, false, nil, "", "", "e", "", nil, nil}}},
		{"d Other: columns", strings.ReplaceAll(captured(t, "d_items_3"), capturedOID, other), [][]any{
			{"n", "integer", "'-1'::integer", false, nil, "", ""},
			{"s", "character varying(5)", "'it''s'::character varying", true, nil, "", ""}}},
		{"d items: indexes", strings.ReplaceAll(captured(t, "d_items_4"), capturedOID, items), [][]any{
			{"items_pkey", true, true, false, true, "CREATE UNIQUE INDEX items_pkey ON items USING btree (id)",
				"PRIMARY KEY (id)", "p", false, false, false, int64(0)},
			{"items_embedding_idx", false, false, false, true, hnswDef, nil, nil, nil, nil, false, int64(0)}}},
		{"d Other: indexes", strings.ReplaceAll(captured(t, "d_items_4"), capturedOID, other), [][]any{
			{"other_n_idx", false, false, false, true, `CREATE INDEX other_n_idx ON "Other" USING btree (n)`,
				nil, nil, nil, nil, false, int64(0)}}},
		{"d items: policies", strings.ReplaceAll(captured(t, "d_items_5"), capturedOID, items), nil},
		{"d items: publications", strings.ReplaceAll(captured(t, "d_items_7"), capturedOID, items), nil},
		{"d items: parents", strings.ReplaceAll(captured(t, "d_items_8"), capturedOID, items), nil},
		{"d items: partitions", strings.ReplaceAll(captured(t, "d_items_9"), capturedOID, items), nil},
		{"d items: triggers", strings.ReplaceAll(captured(t, "d_triggers_1"), capturedOID, items), nil},
		// verbose lists: empty tables hold no bytes; a sequence is one
		// 8 kB page as in PostgreSQL.
		{"dt+", captured(t, "dtplus_1"), [][]any{
			{"public", "Other", "table", "postgres", "permanent", "heap", "0 bytes", nil},
			{"public", "items", "table", "alice", "permanent", "heap", "0 bytes", nil}}},
		{"d+", captured(t, "dplus_1"), [][]any{
			{"public", "Other", "table", "postgres", "permanent", "heap", "0 bytes", nil},
			{"public", "items", "table", "alice", "permanent", "heap", "0 bytes", nil},
			{"public", "items_id_seq", "sequence", "alice", "permanent", nil, "8192 bytes", nil}}},
		{"dm+", captured(t, "dmplus_1"), nil},
		{"ds+", captured(t, "dsplus_1"), [][]any{
			{"public", "items_id_seq", "sequence", "alice", "permanent", "8192 bytes", nil}}},
		{"dv+", captured(t, "dvplus_1"), nil},
		{"dt+ items", captured(t, "dtplus_items_1"), [][]any{
			{"public", "items", "table", "alice", "permanent", "heap", "0 bytes", nil}}},
		{"dt+ nosuch", strings.Replace(captured(t, "dtplus_items_1"), "^(items)$", "^(nosuch)$", 1), nil},
		{"di+", captured(t, "diplus_1"), [][]any{
			{"public", "items_embedding_idx", "index", "alice", "items", "permanent", "hnsw", "0 bytes", nil},
			{"public", "items_pkey", "index", "alice", "items", "permanent", "btree", "0 bytes", nil},
			{"public", "other_n_idx", "index", "postgres", "Other", "permanent", "btree", "0 bytes", nil}}},
		{"di+ items*", captured(t, "diplus_items_1"), [][]any{
			{"public", "items_embedding_idx", "index", "alice", "items", "permanent", "hnsw", "0 bytes", nil},
			{"public", "items_pkey", "index", "alice", "items", "permanent", "btree", "0 bytes", nil}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := runCaptured(t, c, tc.query); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("rows:\n got %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

// TestCapturedIVFFlatListed: psql's \di+ shows an ivfflat index's access
// method and, as its size, its centers' bytes (7 lists of 3 float32s; the
// lists are empty).
func TestCapturedIVFFlatListed(t *testing.T) {
	c := psqlCatalog(t)
	c.Lock()
	_, err := c.CreateIndex(catalog.IndexDef{Name: "items_ivf", Table: "items", Method: catalog.MethodIVFFlat,
		Column: "embedding", Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 7, Reloptions: []string{"lists=7"}})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	got := runCaptured(t, c, captured(t, "diplus_items_1"))
	want := [][]any{
		{"public", "items_embedding_idx", "index", "alice", "items", "permanent", "hnsw", "0 bytes", nil},
		{"public", "items_ivf", "index", "alice", "items", "permanent", "ivfflat", "84 bytes", nil},
		{"public", "items_pkey", "index", "alice", "items", "permanent", "btree", "0 bytes", nil}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("\\di+ items*:\n got %v\nwant %v", got, want)
	}
}

// TestExtensionMembersDescribed: psql's \dx+ vector lists the objects
// pg_depend records as the extension's members, named by
// pg_describe_object. Each one vecgres lists is one PostgreSQL 15 with
// pgvector 0.8.6 lists (pgcatalog/testdata, captured with psql's \dx+
// vector), and the kinds psql users look for are there.
func TestExtensionMembersDescribed(t *testing.T) {
	c := psqlCatalog(t)
	b, err := os.ReadFile(filepath.Join("pgcatalog", "testdata", "pgvector_0.8.6_extension_objects.txt"))
	if err != nil {
		t.Fatal(err)
	}
	pg := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		pg[l] = true
	}
	rows := runCaptured(t, c, `SELECT pg_catalog.pg_describe_object(classid, objid, 0) AS "Object description"
FROM pg_catalog.pg_depend
WHERE refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND refobjid = '16384' AND deptype = 'e'
ORDER BY 1`)
	got := map[string]bool{}
	for _, r := range rows {
		d, _ := r[0].(string)
		if !pg[d] {
			t.Errorf("%q is no object of pgvector 0.8.6", r[0])
		}
		got[d] = true
	}
	for _, want := range []string{"access method hnsw", "access method ivfflat", "type vector", "type halfvec",
		"function l2_distance(vector,vector)", "function avg(vector)", "operator <->(vector,vector)",
		"operator class vector_l2_ops for access method hnsw", "operator family vector_cosine_ops for access method ivfflat",
		"cast from vector to real[]", "cast from integer[] to vector"} {
		if !got[want] {
			t.Errorf("%q is not listed", want)
		}
	}
	if len(rows) != len(got) {
		t.Errorf("%d rows for %d objects", len(rows), len(got))
	}
}
