package tests

import (
	"testing"
	"time"
)

// TestCrashSequences: after a kill (SIGKILL), nextval never returns a
// value a committed transaction got, whether the value was handed out
// by a plain SELECT, inside a block, by a column default or after a
// setval backwards, a CYCLE wrap-around or ALTER SEQUENCE RESTART; a
// rolled-back transaction's value is not undone before the crash. The
// definitions (OWNED BY, bounds) come back too, through a checkpoint,
// the WAL after it, and a clean restart.
func TestCrashSequences(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE SEQUENCE s")
	mustExec(t, a, "CREATE SEQUENCE back START 100")
	mustExec(t, a, "CREATE SEQUENCE down INCREMENT -3 MINVALUE -100 MAXVALUE -1")
	mustExec(t, a, "CREATE SEQUENCE cyc AS smallint MINVALUE 1 MAXVALUE 3 CYCLE")
	mustExec(t, a, "CREATE SEQUENCE rs")
	mustExec(t, a, "CREATE TABLE items (id bigint NOT NULL, note text)")
	mustExec(t, a, "ALTER SEQUENCE rs OWNED BY items.id")
	mustExec(t, a, "ALTER TABLE items ALTER COLUMN id SET DEFAULT nextval('s'::regclass)")
	mustExec(t, a, "CREATE TABLE ser (id serial PRIMARY KEY, v text)")
	wantStrings(t, a, "SELECT nextval('s')::text", "1")
	wantStrings(t, a, "SELECT nextval('s')::text", "2")
	mustExec(t, a, "CHECKPOINT")
	mustExec(t, a, "BEGIN")
	wantStrings(t, a, "SELECT nextval('s')::text", "3")
	mustExec(t, a, "INSERT INTO items (note) VALUES ('x')") // 4
	mustExec(t, a, "COMMIT")
	mustExec(t, a, "BEGIN")
	wantStrings(t, a, "SELECT nextval('s')::text", "5")
	mustExec(t, a, "ROLLBACK")
	wantStrings(t, a, "SELECT nextval('s')::text", "6")
	wantStrings(t, a, "SELECT nextval('back')::text || ' ' || nextval('back')::text", "100 101")
	wantStrings(t, a, "SELECT setval('back', 10)::text || ' ' || nextval('back')::text", "10 11")
	wantStrings(t, a, "SELECT nextval('down')::text || ' ' || nextval('down')::text", "-1 -4")
	wantStrings(t, a, "SELECT string_agg(nextval('cyc')::text, ',') FROM generate_series(1, 4)", "1,2,3,1")
	wantStrings(t, a, "SELECT setval('ser_id_seq', 40)::text", "40")
	mustExec(t, a, "INSERT INTO ser (v) VALUES ('a')") // 41
	mustExec(t, a, "ALTER SEQUENCE rs RESTART WITH 500")
	b := vectorConn(t, s)
	mustExec(t, b, "BEGIN")
	wantStrings(t, b, "SELECT nextval('s')::text", "7") // never committed

	s, c := killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT id::text FROM items", "4")
	_, err := c.Exec(testCtx(t, 10*time.Second), "SELECT currval('s')")
	wantCode(t, err, "55000")
	wantStrings(t, c, "SELECT (nextval('s') > 6)::text", "true")
	wantStrings(t, c, "SELECT nextval('back')::text", "12")
	wantStrings(t, c, "SELECT nextval('down')::text", "-7")
	wantStrings(t, c, "SELECT nextval('cyc')::text", "2")
	wantStrings(t, c, "SELECT nextval('rs')::text", "500")
	mustExec(t, c, "INSERT INTO ser (v) VALUES ('b')")
	wantStrings(t, c, "SELECT string_agg(id::text, ',' ORDER BY id) FROM ser", "41,42")
	wantStrings(t, c, "SELECT pg_get_serial_sequence('items', 'id')", "public.rs")
	wantStrings(t, c, "SELECT sequencename || ' ' || min_value || ' ' || max_value || ' ' || increment_by || ' ' || cycle FROM pg_sequences ORDER BY 1",
		"back 1 9223372036854775807 1 false", "cyc 1 3 1 true", "down -100 -1 -3 false", "rs 1 9223372036854775807 1 false",
		"s 1 9223372036854775807 1 false", "ser_id_seq 1 2147483647 1 false")

	// A clean stop (a checkpoint at shutdown), then a kill after more WAL.
	wantStrings(t, c, "SELECT setval('back', 3)::text", "3")
	s.Stop()
	s = startServer(t, dataDir)
	d := vectorConn(t, s)
	wantStrings(t, d, "SELECT nextval('back')::text", "4")
	mustExec(t, d, "DROP TABLE items")
	_, c = killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT string_agg(relname::text, ',' ORDER BY relname) FROM pg_class WHERE relkind = 'S'", "back,cyc,down,s,ser_id_seq")
	wantStrings(t, c, "SELECT nextval('back')::text", "5")
}
