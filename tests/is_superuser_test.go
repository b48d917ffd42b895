package tests

import (
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestIsSuperuserReported checks is_superuser as a client sees it: the
// last ParameterStatus of the startup and SHOW say on for a superuser and
// off for another role, as PostgreSQL 15 reports them; SET, RESET and a
// startup option naming it are 55P02 (FATAL at startup).
func TestIsSuperuserReported(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	admin := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, admin, "CREATE ROLE plain LOGIN")
	mustExec(t, admin, "CREATE ROLE boss LOGIN SUPERUSER")
	for role, want := range map[string]string{"postgres": "on", "boss": "on", "plain": "off"} {
		u, err := url.Parse(s.DSN())
		if err != nil {
			t.Fatal(err)
		}
		u.User = url.User(role)
		conn, err := pgx.Connect(ctx, u.String())
		if err != nil {
			t.Fatalf("connect as %s: %v", role, err)
		}
		if got := conn.PgConn().ParameterStatus("is_superuser"); got != want {
			t.Errorf("%s: ParameterStatus is_superuser %q, want %q", role, got, want)
		}
		var shown string
		if err := conn.QueryRow(ctx, "SHOW is_superuser").Scan(&shown); err != nil || shown != want {
			t.Errorf("%s: SHOW is_superuser %q, %v; want %q", role, shown, err, want)
		}
		for _, q := range []string{"SET is_superuser = on", "RESET is_superuser"} {
			_, err := conn.Exec(ctx, q)
			if pe := wantCode(t, err, "55P02"); pe.Message != `parameter "is_superuser" cannot be changed` {
				t.Errorf("%s: %s: message %q", role, q, pe.Message)
			}
		}
		conn.Close(ctx)
	}
	cfg, err := pgx.ParseConfig(s.DSN())
	if err != nil {
		t.Fatal(err)
	}
	cfg.RuntimeParams["options"] = "-c is_superuser=off"
	_, err = pgx.ConnectConfig(ctx, cfg)
	if pe := wantCode(t, err, "55P02"); pe.Severity != "FATAL" {
		t.Errorf("startup option: severity %q", pe.Severity)
	}
}
