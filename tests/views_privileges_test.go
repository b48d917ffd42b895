package tests

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// A view runs with its owner's privileges on what it reads, against
// vecgres and PostgreSQL 15 alike: a role granted SELECT on a view
// reads it without any privilege on its table, is refused the table
// itself and a view it was not granted (42501), and writes through an
// updatable view only with the privilege on the view; a view whose
// owner lost SELECT on its table fails for everyone, a superuser too.
func TestViewPrivileges(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		admin, err := pgx.Connect(testCtx(t, 30*time.Second), tg.dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close(context.Background())
		for _, q := range []string{
			"CREATE ROLE vp_owner LOGIN",
			"CREATE ROLE vp_reader LOGIN",
			"GRANT CREATE ON SCHEMA public TO vp_owner",
		} {
			mustExec(t, admin, q)
		}
		owner, err := connectAs(tg, "vp_owner")
		if err != nil {
			t.Fatal(err)
		}
		defer owner.Close(context.Background())
		reader, err := connectAs(tg, "vp_reader")
		if err != nil {
			t.Fatal(err)
		}
		defer reader.Close(context.Background())
		for _, q := range []string{
			"CREATE TABLE vp_secret (id int PRIMARY KEY, pub text, hidden text)",
			"INSERT INTO vp_secret VALUES (1, 'a', 'x'), (2, 'b', 'y')",
			"GRANT SELECT, UPDATE ON vp_secret TO vp_owner",
		} {
			mustExec(t, admin, q)
		}
		for _, q := range []string{
			"CREATE VIEW vp_public AS SELECT id, pub FROM vp_secret",
			"CREATE VIEW vp_other AS SELECT id FROM vp_secret",
			"GRANT SELECT ON vp_public TO vp_reader",
		} {
			mustExec(t, owner, q)
		}
		var got string
		if err := reader.QueryRow(testCtx(t, 30*time.Second),
			"SELECT string_agg(pub, ',' ORDER BY id) FROM vp_public").Scan(&got); err != nil || got != "a,b" {
			t.Fatalf("reader through vp_public: %q, %v", got, err)
		}
		_, err = reader.Exec(testCtx(t, 30*time.Second), "SELECT * FROM vp_secret")
		wantCode(t, err, "42501")
		_, err = reader.Exec(testCtx(t, 30*time.Second), "SELECT * FROM vp_other")
		wantCode(t, err, "42501")
		_, err = reader.Exec(testCtx(t, 30*time.Second), "UPDATE vp_public SET pub = 'z' WHERE id = 1")
		wantCode(t, err, "42501")
		mustExec(t, owner, "GRANT SELECT, UPDATE ON vp_public TO vp_reader")
		if tag := mustExec(t, reader, "UPDATE vp_public SET pub = 'z' WHERE id = 1"); tag.String() != "UPDATE 1" {
			t.Fatalf("UPDATE through vp_public: %s", tag)
		}
		if err := reader.QueryRow(testCtx(t, 30*time.Second),
			"SELECT string_agg(pub, ',' ORDER BY id) FROM vp_public").Scan(&got); err != nil || got != "z,b" {
			t.Fatalf("reader through vp_public after the update: %q, %v", got, err)
		}
		mustExec(t, admin, "REVOKE SELECT, UPDATE ON vp_secret FROM vp_owner")
		_, err = reader.Exec(testCtx(t, 30*time.Second), "SELECT * FROM vp_public")
		wantCode(t, err, "42501")
		_, err = admin.Exec(testCtx(t, 30*time.Second), "SELECT * FROM vp_public")
		wantCode(t, err, "42501")
	})
}
