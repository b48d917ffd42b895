package tests

import (
	"context"
	"testing"
	"time"
)

// TestIdentityPrivileges: a role with INSERT on a table but no privilege
// on its identity column's sequence inserts rows that take the
// sequence's values (PostgreSQL's nextval_internal skips the check for
// an identity), while nextval() on that sequence and a serial-style
// DEFAULT nextval(...) column are 42501 for it. Run against vecgres and
// PostgreSQL 15 (clients_targets_test.go).
func TestIdentityPrivileges(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		su := txnConn(t, tg, nil, nil)
		mustExec(t, su, "DROP TABLE IF EXISTS idp, idq")
		mustExec(t, su, "DROP SEQUENCE IF EXISTS idq_seq")
		mustExec(t, su, "DROP ROLE IF EXISTS idr")
		mustExec(t, su, "CREATE ROLE idr LOGIN")
		mustExec(t, su, "CREATE TABLE idp (id int GENERATED ALWAYS AS IDENTITY, v text)")
		mustExec(t, su, "CREATE SEQUENCE idq_seq")
		mustExec(t, su, "CREATE TABLE idq (id bigint DEFAULT nextval('idq_seq'::regclass), v text)")
		mustExec(t, su, "GRANT INSERT, SELECT ON idp, idq TO idr")
		mustExec(t, su, "INSERT INTO idp (v) VALUES ('su')")
		r, err := connectAs(tg, "idr")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close(context.Background())
		mustExec(t, r, "INSERT INTO idp (v) VALUES ('r1'), ('r2')")
		wantStrings(t, r, "SELECT string_agg(id || ':' || v, ',' ORDER BY id) FROM idp", "1:su,2:r1,3:r2")
		_, err = r.Exec(testCtx(t, 20*time.Second), "SELECT nextval('idp_id_seq')")
		wantCode(t, err, "42501")
		_, err = r.Exec(testCtx(t, 20*time.Second), "INSERT INTO idq (v) VALUES ('r')")
		wantCode(t, err, "42501")
		_, err = r.Exec(testCtx(t, 20*time.Second), "INSERT INTO idp VALUES (9, 'x')")
		wantCode(t, err, "428C9")
	})
}
