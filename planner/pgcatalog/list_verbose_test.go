package pgcatalog

import (
	"reflect"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/planner/sem"
)

// TestVerboseListsMatch checks that psql 15's \dt+, \di+, \d+, \dm+,
// \ds+ and \dv+ queries (with and without a pattern) fingerprint to their
// shapes.
func TestVerboseListsMatch(t *testing.T) {
	want := map[string]string{
		"dtplus_1": `\d+, \dt+, \dm+`, "dplus_1": `\d+, \dt+, \dm+`, "dmplus_1": `\d+, \dt+, \dm+`,
		"dsplus_1": `\ds+, \dv+`, "dvplus_1": `\ds+, \dv+`, "dtplus_items_1": `\dt+ pattern`,
		"diplus_1": `\di+`, "diplus_items_1": `\di+ pattern`,
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

// TestVerboseListRows checks the rows of the verbose lists over the items
// catalog (empty tables: sizes of no rows; a sequence is one 8 kB page as
// in PostgreSQL).
func TestVerboseListRows(t *testing.T) {
	c := itemsCatalog(t)
	tests := []struct {
		name, query string
		want        [][]any
	}{
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
		if got := run(t, c, tc.query); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
		}
	}
}

// TestSizePretty checks pg_size_pretty's unit steps and rounding against
// PostgreSQL 15's output.
func TestSizePretty(t *testing.T) {
	tests := []struct {
		in   int64
		want string
	}{
		{0, "0 bytes"}, {8192, "8192 bytes"}, {10239, "10239 bytes"}, {10240, "10 kB"},
		{16384, "16 kB"}, {10485760, "10 MB"}, {10484736, "10239 kB"}, {20970496, "20 MB"}, {1099511627776, "1024 GB"}, {-10240, "-10 kB"},
	}
	for _, tc := range tests {
		if got := sem.SizePretty(tc.in); got != tc.want {
			t.Errorf("SizePretty(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
