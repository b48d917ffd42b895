package tests

import (
	"testing"
	"time"
)

// A data-modifying WITH statement commits as one: after a crash (WAL
// replay) the rows it moved are in their new table only, and an
// unreferenced WITH query's insert is there too.
func TestModifyingWithSurvivesCrash(t *testing.T) {
	dir := t.TempDir()
	srv := startServer(t, dir)
	conn := srv.connect(t)
	for _, q := range []string{
		`CREATE TABLE src (id int PRIMARY KEY, v text)`,
		`CREATE TABLE dst (id int PRIMARY KEY, v text)`,
		`CREATE TABLE audit (n int)`,
		`INSERT INTO src SELECT g, 'v' || g FROM generate_series(1, 100) g`,
		`WITH moved AS (DELETE FROM src WHERE id % 10 = 0 RETURNING *), noted AS (INSERT INTO audit VALUES (1))
		   INSERT INTO dst SELECT id, upper(v) FROM moved`,
	} {
		mustExec(t, conn, q)
	}
	check := func(when string) {
		t.Helper()
		c := srv.connect(t)
		var nsrc, ndst, naudit int
		var sample string
		err := c.QueryRow(testCtx(t, 30*time.Second),
			`SELECT (SELECT count(*) FROM src), (SELECT count(*) FROM dst), (SELECT count(*) FROM audit), (SELECT v FROM dst WHERE id = 50)`).
			Scan(&nsrc, &ndst, &naudit, &sample)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if nsrc != 90 || ndst != 10 || naudit != 1 || sample != "V50" {
			t.Fatalf("%s: src %d, dst %d, audit %d, dst 50 %q", when, nsrc, ndst, naudit, sample)
		}
	}
	check("before")
	srv.Kill()
	srv = startServer(t, dir)
	check("after-crash")
}
