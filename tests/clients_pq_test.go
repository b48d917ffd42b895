package tests

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/lib/pq"
	"github.com/pgvector/pgvector-go"
)

// openPQ opens a database/sql handle through lib/pq, closed when the test
// ends, and checks that it connects.
func openPQ(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.PingContext(testCtx(t, 10*time.Second)); err != nil {
		t.Fatalf("lib/pq ping: %v", err)
	}
	return db
}

// pqExec runs statements through db and fails the test on error.
func pqExec(t *testing.T, db *sql.DB, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		if _, err := db.ExecContext(testCtx(t, 30*time.Second), s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// wantPQCode fails the test unless err is a *pq.Error with SQLSTATE code.
func wantPQCode(t *testing.T, err error, code string) *pq.Error {
	t.Helper()
	var pe *pq.Error
	if !errors.As(err, &pe) {
		t.Fatalf("want a server error %s, got %v", code, err)
	}
	if string(pe.Code) != code {
		t.Fatalf("want SQLSTATE %s, got %s: %s", code, pe.Code, pe.Message)
	}
	return pe
}

// TestClientPQ drives lib/pq through database/sql: prepared statements
// executed many times (in and out of a transaction), pq.CopyIn with text
// that needs escaping and NULLs, a unique violation as *pq.Error, and with
// the vector type pgvector-go's Vector as a parameter, a CopyIn value and
// a Scan target in a k-NN query.
func TestClientPQ(t *testing.T) {
	t.Parallel()
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		db := openPQ(t, tg.dsn)
		t.Run("prepared", func(t *testing.T) { pqPrepared(t, db) })
		t.Run("copyin", func(t *testing.T) { pqCopyIn(t, db) })
		if tg.vectors {
			t.Run("vector", func(t *testing.T) { pqVector(t, db) })
		}
	})
}

type pqRow struct {
	id    int64
	name  sql.NullString
	score float64
}

func pqRows(t *testing.T, db *sql.DB, query string, args ...any) []pqRow {
	t.Helper()
	rows, err := db.QueryContext(testCtx(t, 30*time.Second), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out []pqRow
	for rows.Next() {
		var r pqRow
		if err := rows.Scan(&r.id, &r.name, &r.score); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// pqPrepared prepares an INSERT and a SELECT once and executes each 50
// times, the INSERTs inside a transaction on a prepared statement bound
// to it (Tx.Stmt), then checks a rolled-back transaction left nothing.
func pqPrepared(t *testing.T, db *sql.DB) {
	ctx := testCtx(t, 60*time.Second)
	pqExec(t, db, "DROP TABLE IF EXISTS pq_t", "CREATE TABLE pq_t (id bigint PRIMARY KEY, name text, score float8)")
	ins, err := db.PrepareContext(ctx, "INSERT INTO pq_t (id, name, score) VALUES ($1, $2, $3)")
	if err != nil {
		t.Fatal(err)
	}
	defer ins.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	txIns := tx.StmtContext(ctx, ins)
	for i := int64(1); i <= 50; i++ {
		res, err := txIns.ExecContext(ctx, i, fmt.Sprintf("name %d", i), float64(i)/8)
		if err != nil {
			t.Fatalf("insert %d: %v", i, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			t.Fatalf("insert %d: RowsAffected %d, %v", i, n, err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	sel, err := db.PrepareContext(ctx, "SELECT id, name, score FROM pq_t WHERE id = $1")
	if err != nil {
		t.Fatal(err)
	}
	defer sel.Close()
	for i := int64(50); i >= 1; i-- {
		var r pqRow
		if err := sel.QueryRowContext(ctx, i).Scan(&r.id, &r.name, &r.score); err != nil {
			t.Fatalf("select %d: %v", i, err)
		}
		if want := (pqRow{i, sql.NullString{String: fmt.Sprintf("name %d", i), Valid: true}, float64(i) / 8}); r != want {
			t.Fatalf("select %d = %+v, want %+v", i, r, want)
		}
	}
	if err := sel.QueryRowContext(ctx, int64(51)).Scan(new(int64), new(sql.NullString), new(float64)); err != sql.ErrNoRows {
		t.Fatalf("select 51: %v, want sql.ErrNoRows", err)
	}
	_, err = ins.ExecContext(ctx, int64(7), "duplicate", 0.0)
	pe := wantPQCode(t, err, "23505")
	if pe.Constraint != "pq_t_pkey" || pe.Table != "pq_t" || pe.Detail != "Key (id)=(7) already exists." {
		t.Errorf("unique violation: constraint %q, table %q, detail %q; want pq_t_pkey, pq_t, \"Key (id)=(7) already exists.\"",
			pe.Constraint, pe.Table, pe.Detail)
	}

	tx, err = db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.StmtContext(ctx, ins).ExecContext(ctx, int64(100), "rolled back", 1.0); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	var count, sum int64
	if err := db.QueryRowContext(ctx, "SELECT count(*), sum(id) FROM pq_t").Scan(&count, &sum); err != nil || count != 50 || sum != 1275 {
		t.Fatalf("count, sum = %d, %d, %v; want 50, 1275", count, sum, err)
	}
}

// pqCopyIn loads rows with pq.CopyIn in a transaction, including text
// lib/pq must escape for COPY's text format and a NULL.
func pqCopyIn(t *testing.T, db *sql.DB) {
	ctx := testCtx(t, 60*time.Second)
	pqExec(t, db, "DROP TABLE IF EXISTS pq_copy", "CREATE TABLE pq_copy (id bigint PRIMARY KEY, name text, score float8)")
	want := []pqRow{
		{1, sql.NullString{String: "plain", Valid: true}, 1.5},
		{2, sql.NullString{String: "tab\there, newline\nthere, backslash \\N", Valid: true}, -2},
		{3, sql.NullString{}, 0.125},
	}
	for i := int64(4); i <= 1000; i++ {
		want = append(want, pqRow{i, sql.NullString{String: fmt.Sprint(i * i), Valid: true}, float64(i) / 2})
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	stmt, err := tx.PrepareContext(ctx, pq.CopyIn("pq_copy", "id", "name", "score"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range want {
		var name any
		if r.name.Valid {
			name = r.name.String
		}
		if _, err := stmt.ExecContext(ctx, r.id, name, r.score); err != nil {
			t.Fatalf("copy row %d: %v", r.id, err)
		}
	}
	res, err := stmt.ExecContext(ctx)
	if err != nil {
		t.Fatalf("copy flush: %v", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != int64(len(want)) {
		t.Errorf("COPY RowsAffected %d, %v; want %d", n, err, len(want))
	}
	if err := stmt.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	got := pqRows(t, db, "SELECT id, name, score FROM pq_copy ORDER BY id")
	if !slices.Equal(got, want) {
		t.Fatalf("after CopyIn: %d rows, first %+v; want %d rows, first %+v", len(got), got[:min(3, len(got))], len(want), want[:3])
	}

	// A row that violates the primary key fails the whole COPY.
	tx, err = db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	stmt, err = tx.PrepareContext(ctx, pq.CopyIn("pq_copy", "id", "name", "score"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{2000, 1} {
		if _, err := stmt.ExecContext(ctx, id, "x", 0.0); err != nil {
			wantPQCode(t, err, "23505")
		}
	}
	_, err = stmt.ExecContext(ctx)
	wantPQCode(t, err, "23505")
	stmt.Close()
	tx.Rollback()
	var count int64
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM pq_copy").Scan(&count); err != nil || count != 1000 {
		t.Fatalf("after the failed COPY: count %d, %v; want 1000", count, err)
	}
}

// pqVector uses pgvector-go's Vector (a driver.Valuer and sql.Scanner)
// through lib/pq: a prepared INSERT, pq.CopyIn, and a parameterised k-NN.
func pqVector(t *testing.T, db *sql.DB) {
	ctx := testCtx(t, 60*time.Second)
	pqExec(t, db, "CREATE EXTENSION IF NOT EXISTS vector", "DROP TABLE IF EXISTS pq_items",
		"CREATE TABLE pq_items (id bigint PRIMARY KEY, embedding vector(3))")
	ins, err := db.PrepareContext(ctx, "INSERT INTO pq_items (id, embedding) VALUES ($1, $2)")
	if err != nil {
		t.Fatal(err)
	}
	defer ins.Close()
	for i, v := range [][]float32{{1, 2, 3}, {4, 5, 6}} {
		if _, err := ins.ExecContext(ctx, int64(i+1), pgvector.NewVector(v)); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	stmt, err := tx.PrepareContext(ctx, pq.CopyIn("pq_items", "id", "embedding"))
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]any{{int64(3), pgvector.NewVector([]float32{1, 1, 2})}, {int64(4), pgvector.NewVector([]float32{-1.5, 0.25, 0.5})}} {
		if _, err := stmt.ExecContext(ctx, args...); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := stmt.ExecContext(ctx); err != nil {
		t.Fatal(err)
	}
	stmt.Close()
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	knn, err := db.PrepareContext(ctx, "SELECT id, embedding, embedding <-> $1 FROM pq_items ORDER BY embedding <-> $1 LIMIT $2")
	if err != nil {
		t.Fatal(err)
	}
	defer knn.Close()
	rows, err := knn.QueryContext(ctx, pgvector.NewVector([]float32{1, 1, 1}), 3)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var id int64
		var v pgvector.Vector
		var d float64
		if err := rows.Scan(&id, &v, &d); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %v %v", id, v.Slice(), d))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// |[1,1,2]-[1,1,1]| = 1; |[1,2,3]-[1,1,1]| = sqrt(5);
	// |[-1.5,0.25,0.5]-[1,1,1]|^2 = 6.25 + 0.5625 + 0.25 = 7.0625.
	want := []string{"3 [1 1 2] 1", "1 [1 2 3] 2.23606797749979", "4 [-1.5 0.25 0.5] 2.6575364531836625"}
	if !slices.Equal(got, want) {
		t.Fatalf("k-NN = %q, want %q", got, want)
	}
	_, err = ins.ExecContext(ctx, int64(9), pgvector.NewVector([]float32{1, 2}))
	if pe := wantPQCode(t, err, "22000"); pe.Message != "expected 3 dimensions, not 2" {
		t.Errorf("message %q", pe.Message)
	}
}
