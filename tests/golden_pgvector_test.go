package tests

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var goldenPgvector = flag.Bool("golden-pgvector", false, "run the pgvector-verified golden scripts against PGlite with pgvector and compare with their .out files")

// pgvectorGoldenScripts are golden scripts whose .out files must be
// exactly what pgvector 0.8 answers on PGlite (tests/frameworks/node's
// @electric-sql/pglite-pgvector).
var pgvectorGoldenScripts = []string{"bit_pgvector", "sparsevec_pgvector", "ivfflat", "vector_arrays_pgvector", "recipes_pgvector", "named_functions_pgvector", "ivfflat_bit_pgvector", "scan_settings_pgvector"}

// TestGoldenPgvector runs pgvectorGoldenScripts against the pgvector
// reference, each on a fresh PGlite, and compares the transcripts with
// the .out files, which TestGolden compares with vecgres. Run with
// -golden-pgvector (with -rewrite: write pgvector's answers into the .out
// files); skipped when PGlite is not installed.
func TestGoldenPgvector(t *testing.T) {
	if !*goldenPgvector {
		t.Skip("run with -golden-pgvector")
	}
	for _, name := range pgvectorGoldenScripts {
		t.Run(name, func(t *testing.T) {
			dsn := startPGlite(t)
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			got := runScriptOn(ctx, t, filepath.Join("testdata/golden", name+".sql"), dsn)
			if *rewrite { // -golden-pgvector -rewrite -run TestGoldenPgvector: take pgvector's answers
				if err := os.WriteFile(filepath.Join("testdata/golden", name+".out"), []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(filepath.Join("testdata/golden", name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("pgvector differs from %s.out:\n%s", name, lineDiff(string(want), got))
			}
		})
	}
}
