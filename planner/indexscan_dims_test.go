package planner

import (
	"errors"

	"testing"

	"github.com/vecgres/vecgres/sql/types"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestIndexScanWrongDimensions: a query vector of another size than the
// indexed column fails as pgvector's distance does, when a row is
// compared ("different vector dimensions 3 and 2"), and not at all when
// no row is: an empty table, or rows whose vectors are all NULL.
func TestIndexScanWrongDimensions(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE wd (id int PRIMARY KEY, v vector(3))")
	exec(t, s, "CREATE INDEX ON wd USING hnsw (v vector_l2_ops)")
	const q = "SELECT id FROM wd ORDER BY v <-> $1 LIMIT 5"
	if res := exec(t, s, q, types.Vector{1, 2}); len(res.Rows) != 0 {
		t.Fatalf("empty table: %v", res.Rows)
	}
	exec(t, s, "INSERT INTO wd VALUES (1, NULL), (2, NULL)")
	if got := ids(exec(t, s, q, types.Vector{1, 2})); len(got) != 2 {
		t.Fatalf("NULL vectors only: %v, want both rows", got)
	}
	exec(t, s, "INSERT INTO wd VALUES (3, '[1,2,3]')")
	p, err := s.Prepare(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Execute(t.Context(), p, []any{types.Vector{1, 2}})
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.DataException || pe.Message != "different vector dimensions 3 and 2" {
		t.Fatalf("a row to compare: %v, want 22000 different vector dimensions 3 and 2", err)
	}
	if got := ids(exec(t, s, q, types.Vector{1, 2, 3})); len(got) != 3 || got[0] != 3 {
		t.Fatalf("right size: %v", got)
	}
}
