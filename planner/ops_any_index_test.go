package planner

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestAnyIndexPath checks that col = ANY (array) reads a B-tree (EXPLAIN
// names the index) and returns exactly the matching rows, for constant
// and parameter arrays, NULL elements, empty and NULL arrays.
func TestAnyIndexPath(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ax (id bigint PRIMARY KEY, name text)")
	var vals []string
	for i := 1; i <= 1000; i++ {
		vals = append(vals, fmt.Sprintf("(%d, 'n%d')", i, i%50))
	}
	exec(t, s, "INSERT INTO ax VALUES "+strings.Join(vals, ", "))
	exec(t, s, "CREATE INDEX ax_name ON ax (name)")
	exec(t, s, "CREATE INDEX ax_id ON ax (id)")
	plan := func(q string) string {
		var lines []string
		for _, r := range exec(t, s, "EXPLAIN "+q).Rows {
			lines = append(lines, r[0].(string))
		}
		return strings.Join(lines, "\n")
	}
	for q, ix := range map[string]string{
		"SELECT id FROM ax WHERE id = ANY('{5,7,999}')":         "ax_id",
		"SELECT id FROM ax WHERE name = ANY(ARRAY['n3', 'n4'])": "ax_name",
	} {
		if p := plan(q); !strings.Contains(p, "Index Scan using "+ix) {
			t.Errorf("%s: plan\n%s\ndoes not use %s", q, p, ix)
		}
	}
	if p := plan("SELECT id FROM ax WHERE id <> ALL('{5}')"); strings.Contains(p, "Index Scan") {
		t.Errorf("<> ALL uses an index:\n%s", p)
	}
	i8a := types.Array{int64(999), int64(5), nil, int64(5), int64(2000)}
	tests := []struct {
		q      string
		params []any
		want   []int64
	}{
		{"SELECT id FROM ax WHERE id = ANY($1) ORDER BY id", []any{i8a}, []int64{5, 999}},
		{"SELECT id FROM ax WHERE id = ANY($1) ORDER BY id", []any{types.Array{}}, []int64{}},
		{"SELECT id FROM ax WHERE id = ANY(NULL::bigint[]) ORDER BY id", nil, []int64{}},
		{"SELECT id FROM ax WHERE name = ANY('{n3}') AND id < 160 ORDER BY id", nil, []int64{3, 53, 103, 153}},
		{"SELECT id FROM ax WHERE id = ANY('{5,7}') AND id > 6 ORDER BY id", nil, []int64{7}},
	}
	for _, tt := range tests {
		if got := ids(exec(t, s, tt.q, tt.params...)); !slices.Equal(got, tt.want) {
			t.Errorf("%s %v = %v, want %v", tt.q, tt.params, got, tt.want)
		}
	}
}
