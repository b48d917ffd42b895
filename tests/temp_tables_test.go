package tests

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestTempTablesSessions: two sessions each have their own temporary
// table of the same name, in different pg_temp_N schemas, each seeing
// only its own rows, and neither reaching the other's (by its qualified
// name either); a temporary table shadows a permanent one only in its
// session. A session's temporary tables and schema are dropped when it
// ends, with Terminate or by the connection dropping. DDL on a
// temporary schema itself is refused.
func TestTempTablesSessions(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	a, b := s.connect(t), s.connect(t)
	mustExec(t, a, "CREATE TABLE shared (a int)")
	mustExec(t, a, "INSERT INTO shared VALUES (0)")
	for i, c := range []*pgx.Conn{a, b} {
		mustExec(t, c, "CREATE TEMP TABLE shared (a int PRIMARY KEY, who text)")
		mustExec(t, c, "INSERT INTO shared VALUES ($1, $2)", i+1, []string{"a", "b"}[i])
	}
	wantStrings(t, a, "SELECT a || who FROM shared", "1a")
	wantStrings(t, b, "SELECT a || who FROM shared", "2b")
	wantStrings(t, b, "SELECT a::text FROM public.shared", "0")
	schemaA := queryStrings(t, a, "SELECT relnamespace::regnamespace::text FROM pg_class WHERE relname = 'shared' AND pg_table_is_visible(oid) AND relpersistence = 't'")
	schemaB := queryStrings(t, b, "SELECT relnamespace::regnamespace::text FROM pg_class WHERE relname = 'shared' AND pg_table_is_visible(oid) AND relpersistence = 't'")
	if len(schemaA) != 1 || len(schemaB) != 1 || schemaA[0] == schemaB[0] {
		t.Fatalf("temporary schemas %q and %q, want one each, different", schemaA, schemaB)
	}
	_, err := b.Exec(testCtx(t, 10*time.Second), "SELECT * FROM "+schemaA[0]+".shared")
	if pe := asPgError(t, err); pe.Code != "42P01" {
		t.Errorf("reading another session's temporary table: %s %q, want 42P01", pe.Code, pe.Message)
	}
	_, err = b.Exec(testCtx(t, 10*time.Second), "CREATE TABLE "+schemaA[0]+".mine (a int)")
	wantPgError(t, "creating in another session's temporary schema", err, "42P16", "cannot create relations in temporary schemas of other sessions", "")
	_, err = a.Exec(testCtx(t, 10*time.Second), "DROP SCHEMA "+schemaA[0]+" CASCADE")
	wantPgError(t, "DROP SCHEMA of a temporary schema", err, "0A000", "changing a temporary schema is not supported by vecgres", "")
	wantStrings(t, a, "SELECT count(*)::text FROM pg_class WHERE relname = 'shared'", "3")

	if err := a.Close(testCtx(t, 10*time.Second)); err != nil { // Terminate
		t.Fatal(err)
	}
	waitStrings(t, b, "SELECT count(*)::text FROM pg_class WHERE relname = 'shared'", "2")
	waitStrings(t, b, "SELECT count(*)::text FROM pg_namespace WHERE nspname = '"+schemaA[0]+"'", "0")
	if err := b.PgConn().Conn().Close(); err != nil { // the connection drops
		t.Fatal(err)
	}
	c := s.connect(t)
	waitStrings(t, c, "SELECT count(*)::text FROM pg_class WHERE relname = 'shared'", "1")
	waitStrings(t, c, "SELECT count(*)::text FROM pg_namespace WHERE nspname LIKE 'pg_temp_%'", "0")
	wantStrings(t, c, "SELECT a::text FROM shared", "0")
}

// waitStrings polls sql on conn until it returns want (a session ending
// drops its temporary tables after its connection closed), for at most
// ten seconds.
func waitStrings(t *testing.T, conn *pgx.Conn, sql string, want ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		got := queryStrings(t, conn, sql)
		if len(got) == len(want) && (len(got) == 0 || got[0] == want[0]) {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s: got %q, want %q within 10s", sql, got, want)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestCrashTemp: after a kill (SIGKILL) a temporary table, its index,
// sequence and schema are gone, whether created before or after a
// checkpoint, while a permanent table written in the same sessions keeps
// its committed rows; the permanent table it shadowed is found again.
func TestCrashTemp(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE TABLE keep (id int PRIMARY KEY, v text)")
	mustExec(t, a, "CREATE TEMP TABLE early (id serial PRIMARY KEY, e vector(2))")
	mustExec(t, a, "CREATE INDEX ON early USING hnsw (e vector_l2_ops)")
	mustExec(t, a, "INSERT INTO early (e) VALUES ('[1,2]'), ('[3,4]')")
	mustExec(t, a, "CHECKPOINT")
	mustExec(t, a, "CREATE TEMP TABLE keep (id int)")
	mustExec(t, a, "INSERT INTO keep VALUES (7)")
	mustExec(t, a, "INSERT INTO public.keep VALUES (1, 'a')")
	mustExec(t, a, "CREATE TEMP TABLE late AS SELECT * FROM early")

	_, c := killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT count(*)::text FROM pg_class WHERE relpersistence = 't'", "0")
	wantStrings(t, c, "SELECT count(*)::text FROM pg_namespace WHERE nspname LIKE 'pg_temp_%'", "0")
	wantStrings(t, c, "SELECT id || ':' || v FROM keep", "1:a")
	mustExec(t, c, "CREATE TEMP TABLE early (a int)") // the name is free again
	wantStrings(t, c, "SELECT count(*)::text FROM early", "0")
}
