package planner

import "testing"

// TestSearchPathCache: the search path a session keeps (searchPath) is
// resolved again when search_path changes and when the catalog's
// schemas do, so an unqualified name follows both.
func TestSearchPathCache(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (a int)")
	exec(t, s, "CREATE SCHEMA s")
	exec(t, s, "CREATE TABLE s.t (a int)")
	exec(t, s, "INSERT INTO s.t VALUES (1), (2)")
	count := func() any { return exec(t, s, "SELECT count(*) FROM t").Rows[0][0] }
	if n := count(); n != int64(0) {
		t.Fatalf("public.t: count %v", n)
	}
	exec(t, s, "SET search_path = s, public")
	if n := count(); n != int64(2) {
		t.Fatalf("s.t after SET: count %v", n)
	}
	exec(t, s, "DROP SCHEMA s CASCADE")
	if n := count(); n != int64(0) {
		t.Fatalf("public.t after DROP SCHEMA: count %v", n)
	}
	exec(t, s, "CREATE SCHEMA s")
	exec(t, s, "CREATE TABLE s.t (a int)")
	exec(t, s, "INSERT INTO s.t VALUES (1)")
	if n := count(); n != int64(1) {
		t.Fatalf("s.t made again: count %v", n)
	}
	exec(t, s, "RESET search_path")
	if n := count(); n != int64(0) {
		t.Fatalf("public.t after RESET: count %v", n)
	}
}

// TestSearchPathCacheRollback: a schema whose CREATE SCHEMA was rolled
// back leaves the kept search path.
func TestSearchPathCacheRollback(t *testing.T) {
	s := testSession(t)
	exec(t, s, "SET search_path = s, public")
	exec(t, s, "BEGIN")
	exec(t, s, "CREATE SCHEMA s")
	exec(t, s, "CREATE TABLE t (a int)")
	if n := exec(t, s, "SELECT current_schemas(false)::text").Rows[0][0]; n != "{s,public}" {
		t.Fatalf("in the transaction: %v", n)
	}
	exec(t, s, "ROLLBACK")
	if n := exec(t, s, "SELECT current_schemas(false)::text").Rows[0][0]; n != "{public}" {
		t.Fatalf("after ROLLBACK: %v", n)
	}
	exec(t, s, "CREATE TABLE t (a int)")
	if n := exec(t, s, "SELECT count(*) FROM public.t").Rows[0][0]; n != int64(0) {
		t.Fatalf("public.t: %v", n)
	}
}
