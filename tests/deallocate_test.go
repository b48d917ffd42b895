package tests

import (
	"testing"
	"time"
)

// TestDeallocateAndDiscard drops prepared statements with DEALLOCATE name,
// DEALLOCATE PREPARE name, pgx's DeallocateAll (DEALLOCATE ALL) and
// DISCARD ALL, sent through both protocols, and checks with Bind of the
// dropped statement (26000) that wire forgot exactly those.
func TestDeallocateAndDiscard(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	pg := conn.PgConn()
	prepare := func(names ...string) {
		t.Helper()
		for _, n := range names {
			if _, err := pg.Prepare(ctx, n, "SELECT $1::int4 + 1", nil); err != nil {
				t.Fatalf("prepare %s: %v", n, err)
			}
		}
	}
	// run executes a prepared statement; it returns the error.
	run := func(name string) error {
		return pg.ExecPrepared(ctx, name, [][]byte{[]byte("41")}, nil, nil).Read().Err
	}
	// simple sends sql with the simple protocol and returns its tag.
	simple := func(sql string) (string, error) {
		res, err := pg.Exec(ctx, sql).ReadAll()
		if err != nil {
			return "", err
		}
		return res[len(res)-1].CommandTag.String(), nil
	}
	missing := func(name string, err error) {
		t.Helper()
		if pe := wantCode(t, err, "26000"); pe.Message != `prepared statement "`+name+`" does not exist` {
			t.Errorf("message %q", pe.Message)
		}
	}

	prepare("s1", "s2", "Mixed")
	if tag, err := simple("DEALLOCATE s1"); err != nil || tag != "DEALLOCATE" {
		t.Fatalf("DEALLOCATE s1: %q, %v", tag, err)
	}
	missing("s1", run("s1"))
	if err := run("s2"); err != nil {
		t.Fatalf("s2 after DEALLOCATE s1: %v", err)
	}
	_, err := simple("DEALLOCATE s1")
	missing("s1", err)
	if tag, err := simple(`DEALLOCATE PREPARE "Mixed"`); err != nil || tag != "DEALLOCATE" {
		t.Fatalf("DEALLOCATE PREPARE: %q, %v", tag, err)
	}
	missing("Mixed", run("Mixed"))

	// Extended protocol: pgx parses DEALLOCATE as the unnamed statement.
	prepare("s3")
	if tag, err := conn.Exec(ctx, "DEALLOCATE s3"); err != nil || tag.String() != "DEALLOCATE" {
		t.Fatalf("extended DEALLOCATE s3: %q, %v", tag, err)
	}
	missing("s3", run("s3"))

	// pgx's DeallocateAll sends DEALLOCATE ALL; the names are free again.
	prepare("s3", "s4")
	if err := conn.DeallocateAll(ctx); err != nil {
		t.Fatalf("DeallocateAll: %v", err)
	}
	missing("s2", run("s2"))
	missing("s4", run("s4"))
	prepare("s4")
	if err := run("s4"); err != nil {
		t.Fatalf("s4 prepared again: %v", err)
	}

	// DISCARD ALL: settings back to their defaults (application_name
	// reported again), statements dropped; refused in a block.
	for _, q := range []string{"SET hnsw.ef_search = 100", "SET application_name = 'pooled'"} {
		if _, err := simple(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if got := pg.ParameterStatus("application_name"); got != "pooled" {
		t.Fatalf("application_name %q after SET", got)
	}
	if _, err := simple("BEGIN"); err != nil {
		t.Fatal(err)
	}
	_, err = simple("DISCARD ALL")
	if pe := wantCode(t, err, "25001"); pe.Message != "DISCARD ALL cannot run inside a transaction block" {
		t.Errorf("message %q", pe.Message)
	}
	if _, err := simple("ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if err := run("s4"); err != nil {
		t.Fatalf("s4 after the refused DISCARD ALL: %v", err)
	}
	if tag, err := conn.Exec(ctx, "DISCARD ALL"); err != nil || tag.String() != "DISCARD ALL" {
		t.Fatalf("DISCARD ALL: %q, %v", tag, err)
	}
	missing("s4", run("s4"))
	var ef string
	if err := conn.QueryRow(ctx, "SHOW hnsw.ef_search").Scan(&ef); err != nil || ef != "40" {
		t.Fatalf("hnsw.ef_search after DISCARD ALL: %q, %v", ef, err)
	}
	if got := pg.ParameterStatus("application_name"); got != "" {
		t.Errorf("application_name %q after DISCARD ALL, want the default \"\"", got)
	}
}
