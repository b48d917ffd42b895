package tests

import (
	"testing"
	"time"
)

// Views survive a crash (WAL replay of the CreateTable and AlterTable
// records carrying their view section) and a clean restart (the
// snapshot): their rows, columns (renamed by a column list, added by OR
// REPLACE), a rename, pg_get_viewdef's text, their dependencies (DROP
// TABLE is still 2BP01) and a DROP VIEW rolled back.
func TestViewsSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	srv := startServer(t, dir)
	conn := srv.connect(t)
	for _, q := range []string{
		`CREATE TABLE items (id int PRIMARY KEY, name text, price int)`,
		`INSERT INTO items VALUES (1, 'a', 3), (2, 'b', 9), (3, 'c', 4)`,
		`CREATE VIEW cheap (cid, cname) AS SELECT id, name FROM items WHERE price < 5`,
		`CREATE OR REPLACE VIEW cheap (cid, cname) AS SELECT id, name, price FROM items WHERE price < 5`,
		`CREATE VIEW over_cheap AS SELECT cid FROM cheap`,
		`CREATE VIEW dropped AS SELECT 1 AS one`,
		`DROP VIEW dropped`,
		`CREATE VIEW renamed_from AS SELECT count(*) AS n FROM items`,
		`ALTER VIEW renamed_from RENAME TO counted`,
		`BEGIN`,
		`DROP VIEW over_cheap`,
		`ROLLBACK`,
	} {
		mustExec(t, conn, q)
	}
	check := func(when string) {
		t.Helper()
		c := srv.connect(t)
		var rows, def string
		var n int
		err := c.QueryRow(testCtx(t, 30*time.Second),
			`SELECT (SELECT string_agg(concat(cid, ':', cname, ':', price), ',' ORDER BY cid) FROM cheap),
			        (SELECT n FROM counted), pg_get_viewdef('cheap')`).Scan(&rows, &n, &def)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		wantDef := " SELECT items.id AS cid,\n    items.name AS cname,\n    items.price\n   FROM items\n  WHERE (items.price < 5);"
		if rows != "1:a:3,3:c:4" || n != 3 || def != wantDef {
			t.Fatalf("%s: cheap %q, counted %d, definition %q", when, rows, n, def)
		}
		if ids := queryIDs(t, c, `SELECT cid::bigint FROM over_cheap ORDER BY cid`); len(ids) != 2 || ids[0] != 1 || ids[1] != 3 {
			t.Fatalf("%s: over_cheap %v", when, ids)
		}
		var views string
		if err := c.QueryRow(testCtx(t, 30*time.Second),
			`SELECT string_agg(viewname, ',' ORDER BY viewname) FROM pg_views WHERE schemaname = 'public'`).Scan(&views); err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if views != "cheap,counted,over_cheap" {
			t.Fatalf("%s: views %q", when, views)
		}
		_, err = c.Exec(testCtx(t, 30*time.Second), `DROP TABLE items`)
		wantCode(t, err, "2BP01")
	}
	check("before")
	srv.Kill()
	srv = startServer(t, dir)
	check("after-crash")
	srv.Stop()
	srv = startServer(t, dir)
	check("after-restart")
}
