package tests

import (
	"testing"
)

// TestCrashAddColumnFilled: serial and identity columns ALTER TABLE adds
// to a table with rows keep each row's value after a kill (SIGKILL) and
// restart, with their sequences past those values; an ADD COLUMN of a
// transaction that never committed leaves neither column nor values;
// rows changed by UPDATE ... FROM and DELETE ... USING stay changed.
func TestCrashAddColumnFilled(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE TABLE af (v text)")
	mustExec(t, a, "INSERT INTO af SELECT 'r' || g FROM generate_series(1, 5) g")
	mustExec(t, a, "CHECKPOINT")
	mustExec(t, a, "ALTER TABLE af ADD COLUMN s serial")
	mustExec(t, a, "ALTER TABLE af ADD COLUMN i int GENERATED ALWAYS AS IDENTITY (START WITH 10)")
	mustExec(t, a, "CREATE TABLE ag (id int, w text)")
	mustExec(t, a, "INSERT INTO ag VALUES (1, 'one'), (3, 'three'), (5, 'five')")
	mustExec(t, a, "UPDATE af SET v = ag.w FROM ag WHERE ag.id = af.s")
	mustExec(t, a, "DELETE FROM af USING ag WHERE ag.id = af.s AND ag.w = 'five'")
	b := vectorConn(t, s)
	mustExec(t, b, "BEGIN")
	mustExec(t, b, "ALTER TABLE ag ADD COLUMN k serial")

	_, c := killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT string_agg(v || ':' || s || ':' || i, ',' ORDER BY s) FROM af",
		"one:1:10,r2:2:11,three:3:12,r4:4:13")
	mustExec(t, c, "INSERT INTO af (v) VALUES ('new')")
	wantStrings(t, c, "SELECT s || ':' || i FROM af WHERE v = 'new'", "6:15")
	wantStrings(t, c, "SELECT string_agg(column_name::text, ',' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = 'ag'", "id,w")
	wantStrings(t, c, "SELECT count(*)::text FROM pg_class WHERE relname = 'ag_k_seq'", "0")
}
