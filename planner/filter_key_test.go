package planner

import (
	"fmt"
	"strings"
	"testing"
)

// Equalities covering a primary or unique key read the key map (EXPLAIN:
// an Index Scan using the key's index) and return exactly the rows a
// sequential scan would; anything short of a whole key does not.
func TestKeyLookupPaths(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE k1 (id int PRIMARY KEY, code text UNIQUE, grp int, n int, UNIQUE (grp, n))")
	exec(t, s, "INSERT INTO k1 SELECT i, 'c' || i, i % 10, i / 10 FROM generate_series(1, 500) i")
	for _, tc := range []struct {
		query, index, rows string
	}{
		{"SELECT id, code FROM k1 WHERE id = 42", "k1_pkey", "[[42 c42]]"},
		{"SELECT id FROM k1 WHERE id = 42::bigint AND code = 'x'", "k1_pkey", "[]"},
		{"SELECT id FROM k1 WHERE id IN (3, 1, 900, 2) ORDER BY id", "k1_pkey", "[[1] [2] [3]]"},
		{"SELECT id FROM k1 WHERE code = 'c7'", "k1_code_key", "[[7]]"},
		{"SELECT id FROM k1 WHERE code = 'c7'::varchar", "k1_code_key", "[[7]]"},
		{"SELECT id FROM k1 WHERE n = 4 AND grp = 3", "k1_grp_n_key", "[[43]]"},
		{"SELECT id FROM k1 WHERE id = NULL", "k1_pkey", "[]"},
		{"SELECT count(*) FROM k1 WHERE grp = 3", "", "[[50]]"},
		{"SELECT id FROM k1 WHERE id = 2.0", "", "[[2]]"},
	} {
		plan := explainText(t, s, tc.query)
		if used := strings.Contains(plan, "Index Scan using "+tc.index+" "); tc.index != "" && !used {
			t.Errorf("%s: no lookup in %s:\n%s", tc.query, tc.index, plan)
		}
		if tc.index == "" && strings.Contains(plan, "Index Scan") {
			t.Errorf("%s: unexpected index scan:\n%s", tc.query, plan)
		}
		if got := fmt.Sprint(exec(t, s, tc.query).Rows); got != tc.rows {
			t.Errorf("%s: rows %s, want %s", tc.query, got, tc.rows)
		}
	}
}

// A key lookup sees what the snapshot sees: a row whose key an update
// moved is found under its new key only, a deleted row is not found, a
// rolled-back insert is gone, and a REPEATABLE READ transaction still
// finds the version it saw after another session changed the key.
func TestKeyLookupVisibility(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE kv (id int PRIMARY KEY, v text)",
		"INSERT INTO kv SELECT i, 'v' || i FROM generate_series(1, 100) i")
	a, b := ls.a, ls.b
	exec(t, a, "UPDATE kv SET id = 1000 WHERE id = 5")
	exec(t, a, "DELETE FROM kv WHERE id = 6")
	exec(t, a, "BEGIN")
	exec(t, a, "INSERT INTO kv VALUES (7000, 'gone')")
	exec(t, a, "ROLLBACK")
	for q, want := range map[string]string{
		"SELECT v FROM kv WHERE id = 5":    "[]",
		"SELECT v FROM kv WHERE id = 1000": "[[v5]]",
		"SELECT v FROM kv WHERE id = 6":    "[]",
		"SELECT v FROM kv WHERE id = 7000": "[]",
	} {
		if got := fmt.Sprint(exec(t, a, q).Rows); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	exec(t, b, "BEGIN ISOLATION LEVEL REPEATABLE READ")
	if got := fmt.Sprint(exec(t, b, "SELECT v FROM kv WHERE id = 9").Rows); got != "[[v9]]" {
		t.Fatalf("before: %s", got)
	}
	exec(t, a, "UPDATE kv SET id = 9000, v = 'moved' WHERE id = 9")
	if got := fmt.Sprint(exec(t, b, "SELECT v FROM kv WHERE id = 9").Rows); got != "[[v9]]" {
		t.Fatalf("repeatable read after the key moved: %s, want [[v9]]", got)
	}
	if got := fmt.Sprint(exec(t, b, "SELECT v FROM kv WHERE id = 9000").Rows); got != "[]" {
		t.Fatalf("repeatable read sees the new key: %s", got)
	}
	exec(t, b, "COMMIT")
	if got := fmt.Sprint(exec(t, b, "SELECT v FROM kv WHERE id = 9000").Rows); got != "[[moved]]" {
		t.Fatalf("after commit: %s", got)
	}
}

// UPDATE and DELETE find their rows through the key too, with the same
// rows and tags as a scan: only visible versions, WHERE rechecked, a key
// changed by the statement itself not revisited.
func TestKeyLookupModify(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE km (id int PRIMARY KEY, code text UNIQUE, n int)")
	exec(t, s, "INSERT INTO km SELECT i, 'c' || i, i FROM generate_series(1, 50) i")
	for _, tc := range []struct{ stmt, tag string }{
		{"UPDATE km SET n = n + 100 WHERE id = 3", "UPDATE 1"},
		{"UPDATE km SET id = id + 1000 WHERE id IN (4, 5, 99)", "UPDATE 2"},
		{"UPDATE km SET n = 0 WHERE id = 1004 AND n = 4", "UPDATE 1"},
		{"UPDATE km SET n = 0 WHERE id = 1005 AND n = 6", "UPDATE 0"},
		{"DELETE FROM km WHERE code = 'c7'", "DELETE 1"},
		{"DELETE FROM km WHERE id = 4", "DELETE 0"},
	} {
		if got := exec(t, s, tc.stmt).Tag; got != tc.tag {
			t.Errorf("%s: %s, want %s", tc.stmt, got, tc.tag)
		}
	}
	got := fmt.Sprint(exec(t, s, "SELECT id, n FROM km WHERE id IN (3, 4, 5, 7, 1004, 1005) ORDER BY id").Rows)
	if want := "[[3 103] [1004 0] [1005 5]]"; got != want {
		t.Fatalf("rows %s, want %s", got, want)
	}
}
