package tests

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden .out files with the server's answers")

// TestGolden runs every testdata/golden/*.sql script against a fresh server
// and compares the transcript with the .out file beside it.
func TestGolden(t *testing.T) {
	scripts, err := filepath.Glob("testdata/golden/*.sql")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no golden scripts: %v", err)
	}
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".sql")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := runScript(t, script)
			want := strings.TrimSuffix(script, ".sql") + ".out"
			if *rewrite {
				if err := os.WriteFile(want, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			expected, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (run with -rewrite to create it)", err)
			}
			if got != string(expected) {
				t.Errorf("transcript differs from %s (run with -rewrite and review the diff):\n%s", want, lineDiff(string(expected), got))
			}
		})
	}
}

// runScript runs each statement of a script (statements end with a line
// ending in ';'; lines starting with "--" are copied to the transcript)
// through the simple query protocol on a fresh vecgres and renders what
// came back (runScriptOn).
func runScript(t *testing.T, path string) string {
	srv := startServer(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return runScriptOn(ctx, t, path, srv.DSN())
}

// renderExec writes each result of a simple query: a header line, rows
// and a row count for queries, the command tag otherwise, then the error
// (notices first, as a client sees them).
func renderExec(out *strings.Builder, mrr *pgconn.MultiResultReader, notices *[]*pgconn.Notice) {
	for mrr.NextResult() {
		rr := mrr.ResultReader()
		var rows []string
		for rr.NextRow() {
			vals := make([]string, len(rr.Values()))
			for i, v := range rr.Values() {
				if v == nil {
					vals[i] = "NULL"
				} else {
					vals[i] = string(v)
				}
			}
			rows = append(rows, strings.Join(vals, " | "))
		}
		fields := rr.FieldDescriptions()
		tag, err := rr.Close()
		flushNotices(out, notices)
		if err != nil {
			continue
		}
		if len(fields) == 0 {
			out.WriteString(tag.String() + "\n")
			continue
		}
		names := make([]string, len(fields))
		for i, f := range fields {
			names[i] = f.Name
		}
		out.WriteString(strings.Join(names, " | ") + "\n")
		for _, r := range rows {
			out.WriteString(r + "\n")
		}
		if len(rows) == 1 {
			out.WriteString("(1 row)\n")
		} else {
			fmt.Fprintf(out, "(%d rows)\n", len(rows))
		}
	}
	err := mrr.Close()
	flushNotices(out, notices)
	if err != nil {
		renderError(out, err)
	}
	out.WriteString("\n")
}

func flushNotices(out *strings.Builder, notices *[]*pgconn.Notice) {
	for _, n := range *notices {
		fmt.Fprintf(out, "%s %s: %s\n", n.Severity, n.Code, n.Message)
	}
	*notices = nil
}

func renderError(out *strings.Builder, err error) {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		fmt.Fprintf(out, "CLIENT ERROR: %v\n", err)
		return
	}
	fmt.Fprintf(out, "%s %s: %s\n", pe.Severity, pe.Code, pe.Message)
	if pe.Detail != "" {
		fmt.Fprintf(out, "DETAIL: %s\n", pe.Detail)
	}
	if pe.Hint != "" {
		fmt.Fprintf(out, "HINT: %s\n", pe.Hint)
	}
	if pe.Position != 0 {
		fmt.Fprintf(out, "POSITION: %d\n", pe.Position)
	}
	if pe.Where != "" {
		fmt.Fprintf(out, "CONTEXT: %s\n", pe.Where)
	}
}

// lineDiff shows the first differing lines of two transcripts.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  want: %q\n  got:  %q\n", i+1, wl, gl)
			if shown++; shown == 10 {
				break
			}
		}
	}
	return b.String()
}
