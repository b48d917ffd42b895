package tests

import (
	"testing"
	"time"
)

// ALTER TABLE, expression defaults and TRUNCATE survive a crash (WAL
// replay) and a clean restart (snapshot): the added column's missing
// value, the dropped column, the renamed table and now() re-parsed.
func TestAlterSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	srv := startServer(t, dir)
	conn := srv.connect(t)
	for _, q := range []string{
		`CREATE EXTENSION vector`,
		`CREATE TABLE items (id bigserial PRIMARY KEY, note text, junk int)`,
		`INSERT INTO items (note, junk) VALUES ('a', 1), ('b', 2)`,
		`ALTER TABLE items ADD COLUMN embedding vector(3), ADD COLUMN n int NOT NULL DEFAULT 7`,
		`ALTER TABLE items DROP COLUMN junk`,
		`ALTER TABLE items ADD COLUMN created timestamptz DEFAULT now()`,
		`ALTER TABLE items RENAME TO things`,
		`CREATE TABLE gone (a int)`,
		`INSERT INTO gone VALUES (1)`,
		`TRUNCATE gone`,
		`INSERT INTO things (note, embedding) VALUES ('c', '[1,2,3]')`,
	} {
		mustExec(t, conn, q)
	}
	check := func(when string) {
		t.Helper()
		c := srv.connect(t)
		mustExec(t, c, `INSERT INTO things (note) VALUES ('`+when+`')`)
		var n, withCreated, gone int
		var notes string
		err := c.QueryRow(testCtx(t, 30*time.Second),
			`SELECT count(*), count(created), (SELECT count(*) FROM gone), (SELECT concat(note, ',', n, ',', coalesce(embedding::text, '-')) FROM things WHERE id = 3) FROM things`).
			Scan(&n, &withCreated, &gone, &notes)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if withCreated != n || gone != 0 || notes != "c,7,[1,2,3]" {
			t.Fatalf("%s: rows %d, with created %d, gone %d, row 3 %q", when, n, withCreated, gone, notes)
		}
	}
	check("before")
	srv.Kill()
	srv = startServer(t, dir)
	check("after-crash")
	srv.Stop()
	srv = startServer(t, dir)
	check("after-restart")
}
