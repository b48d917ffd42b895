package tests

import (
	"context"
	"testing"
	"time"
)

// TestSequencePrivileges: the privileges GRANT ... ON SEQUENCE gives are
// those nextval (USAGE or UPDATE), currval and lastval (USAGE or SELECT),
// setval (UPDATE), SELECT from the sequence (SELECT) and a serial
// column's DEFAULT (nextval's) check, with PostgreSQL 15's 42501
// messages, and REVOKE takes them back. Run against vecgres and
// PostgreSQL 15 (clients_targets_test.go).
func TestSequencePrivileges(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		su := txnConn(t, tg, nil, nil)
		mustExec(t, su, "DROP TABLE IF EXISTS spt")
		mustExec(t, su, "DROP SEQUENCE IF EXISTS sps")
		mustExec(t, su, "DROP ROLE IF EXISTS spu, spw")
		mustExec(t, su, "CREATE ROLE spu LOGIN")
		mustExec(t, su, "CREATE ROLE spw LOGIN")
		mustExec(t, su, "CREATE SEQUENCE sps")
		mustExec(t, su, "CREATE TABLE spt (id serial, v text)")
		mustExec(t, su, "GRANT INSERT ON spt TO spu, spw")
		u, err := connectAs(tg, "spu")
		if err != nil {
			t.Fatal(err)
		}
		defer u.Close(context.Background())
		w, err := connectAs(tg, "spw")
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close(context.Background())
		deny := func(who string, q, msg string) {
			t.Helper()
			c := u
			if who == "spw" {
				c = w
			}
			_, err := c.Exec(testCtx(t, 20*time.Second), q)
			if pe := wantCode(t, err, "42501"); pe.Message != msg {
				t.Fatalf("%s as %s: %q, want %q", q, who, pe.Message, msg)
			}
		}
		for _, q := range []string{"SELECT nextval('sps')", "SELECT currval('sps')", "SELECT setval('sps', 5)", "SELECT * FROM sps"} {
			deny("spu", q, "permission denied for sequence sps")
		}
		deny("spu", "INSERT INTO spt (v) VALUES ('a')", "permission denied for sequence spt_id_seq")

		mustExec(t, su, "GRANT USAGE ON SEQUENCE sps TO spu")
		mustExec(t, su, "GRANT USAGE ON SEQUENCE spt_id_seq TO spu")
		mustExec(t, su, "GRANT UPDATE ON SEQUENCE sps, spt_id_seq TO spw")
		wantStrings(t, u, "SELECT nextval('sps') || ',' || currval('sps') || ',' || lastval()", "1,1,1")
		deny("spu", "SELECT setval('sps', 5)", "permission denied for sequence sps")
		deny("spu", "SELECT last_value FROM sps", "permission denied for sequence sps")
		mustExec(t, u, "INSERT INTO spt (v) VALUES ('u')")
		wantStrings(t, w, "SELECT nextval('sps')::text", "2")
		deny("spw", "SELECT currval('sps')", "permission denied for sequence sps")
		deny("spw", "SELECT lastval()", "permission denied for sequence sps")
		wantStrings(t, w, "SELECT setval('sps', 10)::text", "10")
		mustExec(t, w, "INSERT INTO spt (v) VALUES ('w')")

		mustExec(t, su, "GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO spw")
		wantStrings(t, w, "SELECT currval('sps') || ',' || last_value FROM sps", "10,10")
		mustExec(t, su, "REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM spu, spw")
		deny("spu", "SELECT nextval('sps')", "permission denied for sequence sps")
		deny("spw", "INSERT INTO spt (v) VALUES ('x')", "permission denied for sequence spt_id_seq")
		wantStrings(t, su, "SELECT string_agg(id || ':' || v, ',' ORDER BY id) FROM spt", "1:u,2:w")
		u.Close(context.Background())
		w.Close(context.Background())
		mustExec(t, su, "DROP TABLE spt")
		mustExec(t, su, "DROP SEQUENCE sps")
		mustExec(t, su, "DROP ROLE spu, spw")
	})
}
