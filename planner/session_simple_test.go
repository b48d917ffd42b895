package planner

import (
	"strconv"
	"testing"
	"time"
)

// TestSimpleCacheRebinds: the statements of a Query text sent again come
// from the session's cache, and answer as parsing the text again would
// after a schema change, a SET and a DROP.
func TestSimpleCacheRebinds(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (a int)")
	exec(t, s, "INSERT INTO t VALUES (1)")
	const q = "SELECT * FROM t"
	first, err := s.Split(q)
	if err != nil {
		t.Fatal(err)
	}
	if res := exec(t, s, q); len(res.Columns) != 1 || len(res.Rows) != 1 {
		t.Fatalf("before ALTER: %v", res)
	}
	again, err := s.Split(q)
	if err != nil || len(again) != 1 || again[0] != first[0] {
		t.Fatalf("the text was parsed again: %v %v", again, err)
	}
	exec(t, s, "ALTER TABLE t ADD COLUMN b text")
	if res := exec(t, s, q); len(res.Columns) != 2 || res.Columns[1].Name != "b" {
		t.Fatalf("after ALTER: columns %v", res.Columns)
	}
	exec(t, s, "CREATE SCHEMA other")
	exec(t, s, "CREATE TABLE other.t (x int, y int, z int)")
	exec(t, s, "SET search_path = other")
	if res := exec(t, s, q); len(res.Columns) != 3 {
		t.Fatalf("after SET search_path: columns %v", res.Columns)
	}
	exec(t, s, "DROP TABLE other.t")
	ps, err := s.Split(q)
	if err != nil {
		t.Fatal(err)
	}
	s.BeginImplicit(false)
	_, err = s.Execute(t.Context(), ps[0], nil)
	s.Sync()
	if code := codeOf(err); code != "42P01" {
		t.Fatalf("after DROP: %v, want 42P01", err)
	}
}

// TestSimpleCacheOnlyQueries: statements other than queries are parsed
// at each Query message; the cache is bounded.
func TestSimpleCacheOnlyQueries(t *testing.T) {
	s := testSession(t)
	a, _ := s.Split("SET work_mem = '8MB'")
	b, _ := s.Split("SET work_mem = '8MB'")
	if a[0] == b[0] {
		t.Error("a SET was kept")
	}
	for i := range 3 * simpleCacheEntries {
		if _, err := s.Split("SELECT 1 + " + strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.simple.byText); n > simpleCacheEntries {
		t.Errorf("%d texts kept, want at most %d", n, simpleCacheEntries)
	}
}

// TestHotSettingsFollowChanges: the settings read once per change
// (session_hot.go) follow SET, RESET, a rolled-back SET LOCAL and the
// server's configuration.
func TestHotSettingsFollowChanges(t *testing.T) {
	s := testSession(t)
	if d := s.hot().statementTimeout; d != 0 {
		t.Fatalf("statement_timeout %v, want 0", d)
	}
	exec(t, s, "SET statement_timeout = '2s'")
	if d := s.hot().statementTimeout; d != 2*time.Second {
		t.Fatalf("after SET: %v", d)
	}
	exec(t, s, "BEGIN")
	exec(t, s, "SET LOCAL statement_timeout = '3s'")
	if d := s.hot().statementTimeout; d != 3*time.Second {
		t.Fatalf("after SET LOCAL: %v", d)
	}
	exec(t, s, "ROLLBACK")
	if d := s.hot().statementTimeout; d != 2*time.Second {
		t.Fatalf("after ROLLBACK: %v", d)
	}
	exec(t, s, "RESET statement_timeout")
	if err := ReplaceServerDefaults(map[string]ServerValue{"log_min_duration_statement": {Value: "250"}}); err != nil {
		t.Fatal(err)
	}
	defer ReplaceServerDefaults(nil)
	if d := s.LogMinDuration(); d != 250*time.Millisecond {
		t.Fatalf("log_min_duration_statement from the server: %v", d)
	}
	exec(t, s, "SET default_transaction_read_only = on")
	if !s.defaultMode().readOnly {
		t.Fatal("default_transaction_read_only not read again")
	}
}
