package tests

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Prepared statements after a schema change by another session, with
// pgx, against vecgres and PostgreSQL 15: PostgreSQL binds a prepared
// statement again at Bind when its tables changed; if its result columns
// (count, names, types, typmods) changed it fails with 0A000 "cached plan
// must not change result type", else it runs silently with the new plan.
func TestPreparedSchemaChange(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		ctx := testCtx(t, 60*time.Second)
		a, b := pgxConnect(t, tg.dsn), pgxConnect(t, tg.dsn)
		exec := func(c *pgx.Conn, stmts ...string) {
			t.Helper()
			for _, s := range stmts {
				if _, err := c.Exec(ctx, s); err != nil {
					t.Fatalf("%s: %v", s, err)
				}
			}
		}
		for _, tb := range []string{"pg3", "pg4", "pg5", "pg6"} {
			exec(b, "DROP TABLE IF EXISTS "+tb, "CREATE TABLE "+tb+" (id int8, a int8, f float8)",
				"INSERT INTO "+tb+" VALUES (1, 42, 2.5)")
		}
		prepare := func(name, q string) {
			t.Helper()
			if _, err := a.Prepare(ctx, name, q); err != nil {
				t.Fatalf("prepare %s: %v", q, err)
			}
		}
		prepare("star", "select * from pg3 where id=$1")
		prepare("idf", "select id, f from pg4 where id=$1")
		prepare("renamed", "select * from pg5")
		prepare("renamedf", "select id, f from pg5")
		prepare("dropped", "select id from pg6")
		prepare("dropcol", "select a from pg4")

		var id, x int64
		var f float64
		if err := a.QueryRow(ctx, "star", 1).Scan(&id, &x, &f); err != nil || id != 1 || x != 42 || f != 2.5 {
			t.Fatalf("star before: %d %d %v, %v", id, x, f, err)
		}

		// The exact scenario: a column dropped and one added; the row type
		// (int8, int8, float8) became (int8, float8, int8).
		exec(b, "alter table pg3 drop column a", "alter table pg3 add column g int8 default 7")
		var g int64
		err := a.QueryRow(ctx, "star", 1).Scan(&id, &f, &g)
		pe := wantCode(t, err, "0A000")
		if pe.Message != "cached plan must not change result type" {
			t.Fatalf("message %q", pe.Message)
		}
		// Every later execution fails the same way; a new statement sees
		// the new columns.
		wantCode(t, a.QueryRow(ctx, "star", 1).Scan(&id, &f, &g), "0A000")
		prepare("star2", "select * from pg3 where id=$1")
		if err := a.QueryRow(ctx, "star2", 1).Scan(&id, &f, &g); err != nil || id != 1 || f != 2.5 || g != 7 {
			t.Fatalf("star2: %d %v %d, %v", id, f, g, err)
		}
		// The simple protocol describes the new columns too.
		rows, err := a.Query(ctx, "select * from pg3", pgx.QueryExecModeSimpleProtocol)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, fd := range rows.FieldDescriptions() {
			names = append(names, fd.Name)
		}
		rows.Close()
		if got := names; len(got) != 3 || got[0] != "id" || got[1] != "f" || got[2] != "g" {
			t.Fatalf("simple protocol columns %v", got)
		}

		// A change the statement's columns do not see: bound again silently.
		exec(b, "alter table pg4 add column h int8 default 9", "insert into pg4 values (2, 0, 3.5, 1)")
		if err := a.QueryRow(ctx, "idf", 2).Scan(&id, &f); err != nil || id != 2 || f != 3.5 {
			t.Fatalf("idf after add column: %d %v, %v", id, f, err)
		}
		// A dropped column the statement reads: the binding error.
		exec(b, "alter table pg4 drop column a")
		wantCode(t, a.QueryRow(ctx, "dropcol").Scan(&x), "42703")
		if err := a.QueryRow(ctx, "idf", 1).Scan(&id, &f); err != nil || id != 1 || f != 2.5 {
			t.Fatalf("idf after drop column: %d %v, %v", id, f, err)
		}

		// RENAME COLUMN changes the name of a column of *: 0A000; a
		// statement naming the old column: 42703.
		exec(b, "alter table pg5 rename column f to f2")
		wantCode(t, a.QueryRow(ctx, "renamed").Scan(&id, &x, &f), "0A000")
		wantCode(t, a.QueryRow(ctx, "renamedf").Scan(&id, &f), "42703")

		// A dropped table: 42P01.
		exec(b, "drop table pg6")
		wantCode(t, a.QueryRow(ctx, "dropped").Scan(&id), "42P01")

		// The session is usable afterwards.
		if err := a.QueryRow(ctx, "idf", 1).Scan(&id, &f); err != nil || id != 1 || f != 2.5 {
			t.Fatalf("idf at the end: %d %v, %v", id, f, err)
		}
	})
}
