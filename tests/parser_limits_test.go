package tests

import (
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// stackDepthHint is PostgreSQL 15's HINT of 54001 with the default
// max_stack_depth.
const stackDepthHint = `Increase the configuration parameter "max_stack_depth" (currently 2048kB), after ensuring the platform's stack depth limit is adequate.`

// answersOne fails the test unless SELECT 1 answers 1 on conn.
func answersOne(t *testing.T, conn *pgx.Conn) {
	t.Helper()
	var one int
	if err := conn.QueryRow(testCtx(t, 30*time.Second), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("SELECT 1: %d, %v", one, err)
	}
}

// TestDeepExpressionServerLives: chains of 30,000 parenthesised terms
// killed the server with SIGSEGV in the C parser, for any role (issue 11);
// each is now PostgreSQL's 54001 with its HINT, also when the query names
// pg_catalog (which the catalog-query matcher parsed first), and the
// session and the server go on.
func TestDeepExpressionServerLives(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE ROLE weak LOGIN")
	weak, err := pgx.Connect(testCtx(t, 10*time.Second), strings.Replace(s.DSN(), "postgres@", "weak@", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer weak.Close(testCtx(t, 10*time.Second))
	for _, q := range []string{
		"SELECT (1)" + strings.Repeat("+(1)", 30000),
		"SELECT abs(1)" + strings.Repeat("+abs(1)", 30000),
		"SELECT 'a'" + strings.Repeat("||('a')", 30000),
		"SELECT '[1,2]'::vector" + strings.Repeat(" + ('[1,2]')", 30000),
		"SELECT (1)" + strings.Repeat("+(1)", 30000) + " -- pg_catalog",
	} {
		_, err := weak.Exec(testCtx(t, 60*time.Second), q)
		pe := wantCode(t, err, "54001")
		if pe.Message != "stack depth limit exceeded" || pe.Hint != stackDepthHint {
			t.Errorf("%.30s...: %q hint %q", q, pe.Message, pe.Hint)
		}
		answersOne(t, weak)
	}
	answersOne(t, conn)
}

// TestHugeStatementRefused: a 100 MB SELECT 1,1,... drove the server to
// 21.5 GiB until the kernel killed it (issue 11). It is now 54000 before
// parsing, with a DETAIL naming vecgres.statement_mem_limit, while another
// session answers; the limit is the server's --statement-mem-limit, which
// SHOW reports and SET cannot change.
func TestHugeStatementRefused(t *testing.T) {
	s := startServer(t, "", "--statement-mem-limit", "128")
	a, b := s.connect(t), s.connect(t)
	huge := "SELECT 1" + strings.Repeat(",1", 50<<20)
	done := make(chan error, 1)
	go func() {
		_, err := a.Exec(testCtx(t, 120*time.Second), huge)
		done <- err
	}()
	answersOne(t, b)
	pe := wantCode(t, <-done, "54000")
	want := "Parsing it would take about 52001MB of memory, more than vecgres.statement_mem_limit (128MB)."
	if pe.Message != "statement is too large" || pe.Detail != want {
		t.Errorf("%q detail %q, want %q", pe.Message, pe.Detail, want)
	}
	answersOne(t, a)
	answersOne(t, b)
	var limit string
	if err := b.QueryRow(testCtx(t, 10*time.Second), "SHOW vecgres.statement_mem_limit").Scan(&limit); err != nil || limit != "128MB" {
		t.Fatalf("SHOW vecgres.statement_mem_limit: %q, %v", limit, err)
	}
	_, err := b.Exec(testCtx(t, 10*time.Second), "SET vecgres.statement_mem_limit = '1GB'")
	if pe := wantCode(t, err, "55P02"); pe.Message != `parameter "vecgres.statement_mem_limit" cannot be changed without restarting the server` {
		t.Errorf("SET: %q", pe.Message)
	}
	// Within the limit, a long list still parses.
	rows, err := b.Query(testCtx(t, 60*time.Second), "SELECT 1 IN (0"+strings.Repeat(",0", 100000)+", 1)")
	if err != nil {
		t.Fatal(err)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
