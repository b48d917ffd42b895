package tests

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// deparseSchema has CHECK constraints, defaults, expression and partial
// indexes and views whose PostgreSQL text holds casts the DDL does not
// write.
const deparseSchema = `CREATE EXTENSION vector;
CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL DEFAULT 'x', code varchar(10) DEFAULT 'c' CHECK (code <> ''),
  price numeric(10,2) DEFAULT 0 CHECK (price > 0), qty int DEFAULT 1 CHECK (qty BETWEEN 1 AND 100), score float8 DEFAULT 0.5 CHECK (score >= 0),
  created timestamptz DEFAULT now(), flag boolean DEFAULT true, tag char(3) DEFAULT 'abc', e vector(3),
  CHECK (price * qty < 100000), CHECK (name IN ('a', 'b', 'x')), CHECK (qty > -5 OR NOT flag));
CREATE INDEX items_lower ON items (lower(name));
CREATE INDEX items_e ON items USING hnsw (e vector_cosine_ops);
CREATE INDEX items_code ON items (code) WHERE qty > 5;
CREATE VIEW cheap AS SELECT id, name, price * 2 AS p2 FROM items WHERE price < 10;
CREATE VIEW named AS SELECT id, upper(name) AS u FROM items WHERE code = 'x' AND qty > 3`

// TestPgDumpDeparseLikePG15: pg_dump --schema-only of deparseSchema is
// the same script from vecgres as from PostgreSQL 15 with pgvector but
// for the server version line (vecgres reports no distribution), and
// pg_get_viewdef's pretty text is the same.
func TestPgDumpDeparseLikePG15(t *testing.T) {
	if _, err := os.Stat("/usr/lib/postgresql/15/lib/vector.so"); err != nil {
		t.Skip("pgvector is not installed in PostgreSQL 15")
	}
	s := startServer(t, "")
	pgDSN := startPostgres15(t)
	pg, err := pgx.Connect(context.Background(), pgDSN)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close(context.Background())
	v := s.connect(t)
	for _, st := range strings.Split(deparseSchema, ";\n") {
		mustExec(t, v, st)
		mustExec(t, pg, st)
	}
	dump := func(dsn string) string {
		out, err := exec.Command(pgBinary(t, "pg_dump"), "--schema-only", "--dbname", dsn).CombinedOutput()
		if err != nil {
			t.Fatalf("pg_dump: %v\n%s", err, out)
		}
		var b strings.Builder
		for _, l := range strings.SplitAfter(stripRestrict(string(out)), "\n") {
			if !strings.HasPrefix(l, "-- Dumped from database version ") {
				b.WriteString(l)
			}
		}
		return b.String()
	}
	if got, want := dump(s.DSN()), dump(pgDSN); got != want {
		t.Errorf("vecgres's dump differs from PostgreSQL 15's:\n%s", lineDiff(want, got))
	}
	const q = "SELECT pg_get_viewdef('cheap', true), pg_get_viewdef('named', true); " +
		"SELECT conname, pg_get_constraintdef(oid, true) FROM pg_constraint WHERE contype = 'c' AND conrelid = 'items'::regclass ORDER BY 1"
	if got, want := queryScript(t, v, q), queryScript(t, pg, q); got != want {
		t.Errorf("pretty definitions:\n%s\nPostgreSQL 15:\n%s", got, want)
	}
}
