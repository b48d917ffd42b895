package tests

import (
	"testing"
)

// TestCrashSerial: a serial column's sequence comes back after a kill
// (SIGKILL) past every value a committed row took, through a checkpoint
// and the WAL after it; ALTER SEQUENCE ... RESTART, setval and TRUNCATE
// ... RESTART IDENTITY on it hold, and so does a serial column added by
// ALTER TABLE.
func TestCrashSerial(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE TABLE sa (id serial PRIMARY KEY, v text)")
	mustExec(t, a, "CREATE TABLE sb (id bigserial, v text)")
	mustExec(t, a, "CREATE TABLE sc (id smallserial, v text)")
	mustExec(t, a, "CREATE TABLE sd (v text)")
	mustExec(t, a, "ALTER TABLE sd ADD COLUMN id serial")
	mustExec(t, a, "INSERT INTO sa (v) VALUES ('a'), ('b')")
	mustExec(t, a, "CHECKPOINT")
	mustExec(t, a, "INSERT INTO sa (v) VALUES ('c')")
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "INSERT INTO sa (v) VALUES ('d')")
	mustExec(t, a, "ROLLBACK")
	mustExec(t, a, "ALTER SEQUENCE sb_id_seq RESTART WITH 1000")
	mustExec(t, a, "INSERT INTO sb (v) VALUES ('a')")
	mustExec(t, a, "INSERT INTO sc (v) VALUES ('a'), ('b'), ('c')")
	mustExec(t, a, "TRUNCATE sc RESTART IDENTITY")
	mustExec(t, a, "SELECT setval('sd_id_seq', 70)")

	_, c := killRestart(t, s, dataDir)
	mustExec(t, c, "INSERT INTO sa (v) VALUES ('e')")
	// 4, which only the rolled-back insert saw, may come again (as
	// PostgreSQL's unflushed nextval); no committed value does.
	wantStrings(t, c, "SELECT string_agg(id::text, ',' ORDER BY id) FROM sa", "1,2,3,4")
	mustExec(t, c, "INSERT INTO sb (v) VALUES ('b')")
	wantStrings(t, c, "SELECT string_agg(id::text, ',' ORDER BY id) FROM sb", "1000,1001")
	mustExec(t, c, "INSERT INTO sc (v) VALUES ('d')")
	wantStrings(t, c, "SELECT string_agg(id::text, ',' ORDER BY id) FROM sc", "1")
	mustExec(t, c, "INSERT INTO sd (v) VALUES ('a')")
	wantStrings(t, c, "SELECT string_agg(id::text, ',' ORDER BY id) FROM sd", "71")
	wantStrings(t, c, "SELECT string_agg(relname::text, ',' ORDER BY relname) FROM pg_class WHERE relkind = 'S'",
		"sa_id_seq,sb_id_seq,sc_id_seq,sd_id_seq")
}
