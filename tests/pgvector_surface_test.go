package tests

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The pgvector surface audit. testdata/pgvector/surface.sql lists every
// item of pgvector 0.8's SQL surface (types, functions and aggregates
// with their argument types, result type, volatility, strictness and
// parallel safety, operators, casts with their context, access methods,
// operator classes, their operators and support functions, settings) from
// the catalogs, one line per item; surface.txt is its answer on pgvector
// (PGlite, TestGoldenPgvector's reference), and surface_missing.txt the
// items vecgres does not yet answer identically.

// surfaceDir holds the audit's query and its recorded answers.
var surfaceDir = filepath.Join("testdata", "pgvector")

// extensionFilter is the part of surface.sql's statements that picks the
// extension's objects of one catalog through pg_depend.
var extensionFilter = regexp.MustCompile(`\(SELECT objid FROM objs WHERE classid = (\d+)\)`)

// surfaceCatalogs names the catalog of each pg_depend classid surface.sql
// reads.
var surfaceCatalogs = map[string]string{"1247": "pg_type", "1255": "pg_proc", "2617": "pg_operator",
	"2605": "pg_cast", "2601": "pg_am", "2616": "pg_opclass", "2753": "pg_opfamily"}

// surfaceLines runs each statement of surface.sql on conn and returns
// the lines they give, sorted; a statement that fails gives none (its
// items are all missing) and is returned in failed. With allObjects, each
// statement reads every object of its catalog instead of those pg_depend
// says the extension owns, so that an item is found by its signature
// alone.
func surfaceLines(t *testing.T, ctx context.Context, conn *pgx.Conn, allObjects bool) (lines, failed []string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(surfaceDir, "surface.sql"))
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range strings.Split(string(src), ";\n") {
		if strings.TrimSpace(stripComments(stmt)) == "" {
			continue
		}
		if allObjects {
			stmt = extensionFilter.ReplaceAllStringFunc(stmt, func(m string) string {
				return "(SELECT oid FROM " + surfaceCatalogs[extensionFilter.FindStringSubmatch(m)[1]] + ")"
			})
		}
		rows, err := conn.Query(ctx, stmt)
		var got []string
		if err == nil {
			got, err = pgx.CollectRows(rows, pgx.RowTo[string])
		}
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		lines = append(lines, got...)
	}
	slices.Sort(lines)
	return lines, failed
}

// stripComments drops the -- comment lines of a statement.
func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// readLines reads a file of lines (no trailing empty line; an empty file
// has none).
func readLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(surfaceDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// writeLines writes lines to a file of surfaceDir, one per line (none:
// an empty file).
func writeLines(t *testing.T, name string, lines []string) {
	t.Helper()
	text := ""
	if len(lines) > 0 {
		text = strings.Join(lines, "\n") + "\n"
	}
	if err := os.WriteFile(filepath.Join(surfaceDir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPgvectorSurface runs the audit on vecgres: each item of surface.txt
// that vecgres's catalogs do not list with the same signature, result
// type, volatility, strictness (or context, handler, default ...) must be
// in surface_missing.txt, and each item listed there must still be
// missing, so the list is exactly what is left to do. The items are
// looked up among all objects of each catalog (vecgres's pg_depend does
// not record the extension's members). With -golden-pgvector -rewrite,
// surface.txt is taken from pgvector on PGlite first; with -rewrite
// alone, surface_missing.txt from vecgres.
func TestPgvectorSurface(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	if *goldenPgvector && *rewrite {
		conn, err := pgx.Connect(ctx, startPGlite(t))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		mustExec(t, conn, "CREATE EXTENSION IF NOT EXISTS vector")
		lines, failed := surfaceLines(t, ctx, conn, false)
		if len(failed) > 0 {
			t.Fatalf("surface.sql fails on pgvector: %v", failed)
		}
		writeLines(t, "surface.txt", lines)
	}
	srv := startServer(t, "")
	conn := vectorConn(t, srv)
	have, failed := surfaceLines(t, ctx, conn, true)
	for _, f := range failed {
		t.Logf("a statement of surface.sql fails on vecgres (its items count as missing): %s", f)
	}
	var missing []string
	for _, l := range readLines(t, "surface.txt") {
		if _, found := slices.BinarySearch(have, l); !found {
			missing = append(missing, l)
		}
	}
	if *rewrite {
		writeLines(t, "surface_missing.txt", missing)
		return
	}
	want := readLines(t, "surface_missing.txt")
	if d := lineDiff(strings.Join(want, "\n"), strings.Join(missing, "\n")); !slices.Equal(want, missing) {
		t.Errorf("the items of pgvector's surface vecgres lacks differ from surface_missing.txt (run with -rewrite and review):\n%s", d)
	}
	t.Logf("pgvector surface: %d items, %d missing in vecgres", len(readLines(t, "surface.txt")), len(missing))
}
