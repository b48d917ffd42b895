package planner

import (
	"context"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
	"github.com/vecgres/vecgres/wire/backend"
)

// runRoleSQL runs one statement in a session of user on cat.
func runRoleSQL(t *testing.T, cat *catalog.Catalog, user, query string) (*backend.Result, error) {
	t.Helper()
	s := NewEngine(cat).NewSession(map[string]string{"user": user})
	defer s.Close()
	ps, err := s.Split(query)
	if err != nil {
		return nil, err
	}
	return s.Execute(context.Background(), ps[0], nil)
}

func TestRoleStatements(t *testing.T) {
	cat, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS()}})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	tests := []struct {
		user, sql string
		tag       string // "" when an error is expected
		code      pgerror.Code
		notice    string
	}{
		{"postgres", "CREATE ROLE alice LOGIN PASSWORD 'pw'", "CREATE ROLE", "", ""},
		{"postgres", "CREATE USER bob CREATEROLE PASSWORD 'md50123456789abcdef0123456789abcdef'", "CREATE ROLE", "", ""},
		{"postgres", "CREATE ROLE carol PASSWORD ''", "CREATE ROLE", "", "empty string is not a valid password, clearing password"},
		{"postgres", "CREATE ROLE alice", "", pgerror.DuplicateObject, ""},
		{"alice", "ALTER ROLE CURRENT_USER NOLOGIN", "", pgerror.InsufficientPrivilege, ""},
		{"alice", "ALTER ROLE CURRENT_USER PASSWORD 'pw2'", "ALTER ROLE", "", ""},
		{"alice", "DROP ROLE bob", "", pgerror.InsufficientPrivilege, ""},
		{"postgres", "ALTER ROLE alice NOLOGIN", "ALTER ROLE", "", ""},
		{"postgres", "CREATE ROLE public", "", pgerror.ReservedName, ""},
		{"postgres", "ALTER ROLE postgres NOSUPERUSER", "", pgerror.InsufficientPrivilege, ""},
		{"bob", "CREATE ROLE dan SUPERUSER", "", pgerror.InsufficientPrivilege, ""},
		{"bob", "CREATE ROLE dan CREATEDB", "CREATE ROLE", "", ""},
		{"bob", "DROP ROLE dan", "DROP ROLE", "", ""},
		{"postgres", "ALTER ROLE zed PASSWORD 'x'", "", pgerror.UndefinedObject, ""},
		{"postgres", "DROP ROLE IF EXISTS zed, carol", "DROP ROLE", "", `role "zed" does not exist, skipping`},
		{"postgres", "DROP ROLE bob, zed", "", pgerror.UndefinedObject, ""},
		{"bob", "DROP ROLE bob", "", pgerror.ObjectInUse, ""},
	}
	for _, tt := range tests {
		res, err := runRoleSQL(t, cat, tt.user, tt.sql)
		if tt.tag == "" {
			if pgerror.CodeOf(err) != tt.code {
				t.Errorf("%s: got %v, want %s", tt.sql, err, tt.code)
			}
			continue
		}
		if err != nil || res.Tag != tt.tag {
			t.Errorf("%s: %v, %v", tt.sql, res, err)
			continue
		}
		if tt.notice != "" && (len(res.Notices) != 1 || res.Notices[0].Message != tt.notice) {
			t.Errorf("%s: notices %+v", tt.sql, res.Notices)
		}
	}
	alice, _ := cat.Role("alice")
	if !strings.HasPrefix(alice.Verifier, "SCRAM-SHA-256$4096:") || alice.Login {
		t.Errorf("alice = %+v, want a SCRAM verifier and NOLOGIN", alice)
	}
	bob, ok := cat.Role("bob")
	if !ok || bob.Verifier != "md50123456789abcdef0123456789abcdef" || !bob.Login || !bob.CreateRole {
		t.Errorf("bob = %+v, %v: the md5 verifier kept, LOGIN from CREATE USER", bob, ok)
	}
	if _, ok := cat.Role("carol"); ok {
		t.Error("carol not dropped")
	}
}
