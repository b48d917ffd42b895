package wire

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/vecgres/vecgres/catalog/password"
)

// mapRoles is a RoleStore over a fixed map.
type mapRoles map[string]struct {
	verifier string
	login    bool
}

func (m mapRoles) RoleVerifier(name string) (string, bool, bool) {
	r, ok := m[name]
	return r.verifier, r.login, ok
}

func testRoles(t testing.TB) mapRoles {
	t.Helper()
	scram, err := password.Encrypt("s3cret")
	if err != nil {
		t.Fatal(err)
	}
	return mapRoles{
		"alice":   {scram, true},
		"md5user": {password.MD5("md5user", "hunter2"), true},
		"nopass":  {"", true},
		"nologin": {scram, false},
	}
}

// authServer starts a server with testRoles and TrustLocal; remote makes
// every client look non-local.
func authServer(t *testing.T, remote bool, configure ...func(*Server)) *Server {
	roles := testRoles(t)
	return startServer(t, &fakeEngine{}, append([]func(*Server){func(s *Server) {
		s.Roles = roles
		s.TrustLocal = true
		if remote {
			s.IsLocal = func(net.Addr) bool { return false }
		}
	}}, configure...)...)
}

// tryConnect connects as user with password and sslmode, runs a query and
// returns the error (nil on success).
func tryConnect(s *Server, user, password, sslmode string) error {
	dsn := fmt.Sprintf("postgres://%s:%s@%s/db?sslmode=%s", user, password, s.Addr(), sslmode)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer c.Close(context.Background())
	_, err = c.Exec(ctx, "SELECT 1")
	return err
}

// wantPgError checks that err carries SQLSTATE code and message msg.
func wantPgError(t *testing.T, what string, err error, code, msg string) {
	t.Helper()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != code || pe.Message != msg || pe.Severity != "FATAL" {
		t.Errorf("%s: got %v, want FATAL %s %s", what, err, code, msg)
	}
}

func TestAuthPolicy(t *testing.T) {
	failed := func(u string) string { return fmt.Sprintf("password authentication failed for user %q", u) }
	for _, remote := range []bool{false, true} {
		s := authServer(t, remote)
		where := map[bool]string{false: "local", true: "remote"}[remote]
		tests := []struct {
			user, password string
			code, msg      string // "" = success
		}{
			{"alice", "s3cret", "", ""},
			{"alice", "wrong", "28P01", failed("alice")},
			{"alice", "", "28P01", failed("alice")},
			{"md5user", "hunter2", "", ""},
			{"md5user", "hunter3", "28P01", failed("md5user")},
			{"ghost", "whatever", "28P01", failed("ghost")},
			{"nologin", "s3cret", "28000", `role "nologin" is not permitted to log in`},
			{"nologin", "wrong", "28P01", failed("nologin")},
		}
		if remote {
			tests = append(tests, struct{ user, password, code, msg string }{"nopass", "", "28P01", failed("nopass")})
		} else {
			tests = append(tests, struct{ user, password, code, msg string }{"nopass", "", "", ""})
		}
		for _, tt := range tests {
			err := tryConnect(s, tt.user, tt.password, "disable")
			what := fmt.Sprintf("%s %s/%q", where, tt.user, tt.password)
			if tt.code == "" {
				if err != nil {
					t.Errorf("%s: %v", what, err)
				}
				continue
			}
			wantPgError(t, what, err, tt.code, tt.msg)
		}
	}
}

// TestAuthTrustLocalOff: without TrustLocal a role without a password
// cannot log in even from loopback.
func TestAuthTrustLocalOff(t *testing.T) {
	s := authServer(t, false, func(s *Server) { s.TrustLocal = false })
	wantPgError(t, "nopass", tryConnect(s, "nopass", "", "disable"), "28P01",
		`password authentication failed for user "nopass"`)
	if err := tryConnect(s, "alice", "s3cret", "disable"); err != nil {
		t.Fatal(err)
	}
}

// TestAuthNoRolesTrusts: a Server without Roles trusts every user name.
func TestAuthNoRolesTrusts(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	if err := tryConnect(s, "anyone", "", "disable"); err != nil {
		t.Fatal(err)
	}
}
