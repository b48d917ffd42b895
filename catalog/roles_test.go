package catalog

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

const testVerifier = "SCRAM-SHA-256$4096:c2FsdHNhbHRzYWx0c2FsdA==$c3RvcmVk:c2VydmVy"

// TestRolesDurable: CREATE, ALTER and DROP ROLE survive a reopen (WAL
// replay), and the bootstrap superuser is always there.
func TestRolesDurable(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	if err := c.CreateRole(Role{Name: "alice", Login: true, CreateRole: true, Verifier: testVerifier}); err != nil {
		t.Fatal(err)
	}
	if err := c.CreateRole(Role{Name: "bob", Login: true, CreateDB: true}); err != nil {
		t.Fatal(err)
	}
	if err := c.CreateRole(Role{Name: "carol"}); err != nil {
		t.Fatal(err)
	}
	if err := c.AlterRole("bob", func(r *Role) error { r.Verifier = "md5" + "0123456789abcdef0123456789abcdef"; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := c.AlterRole(BootstrapSuperuser, func(r *Role) error { r.Verifier = testVerifier; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := c.DropRole("carol"); err != nil {
		t.Fatal(err)
	}
	want := []Role{
		{Name: "alice", Login: true, CreateRole: true, Verifier: testVerifier},
		{Name: "bob", Login: true, CreateDB: true, Verifier: "md50123456789abcdef0123456789abcdef"},
		{Name: "postgres", Login: true, Superuser: true, CreateRole: true, CreateDB: true, Verifier: testVerifier},
	}
	if got := c.Roles(); !reflect.DeepEqual(got, want) {
		t.Fatalf("roles before reopen:\n got %+v\nwant %+v", got, want)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c = openMem(t, fs)
	defer c.Close()
	if got := c.Roles(); !reflect.DeepEqual(got, want) {
		t.Fatalf("roles after reopen:\n got %+v\nwant %+v", got, want)
	}
	v, login, ok := c.RoleVerifier("alice")
	if v != testVerifier || !login || !ok {
		t.Fatalf("RoleVerifier(alice) = %q %v %v", v, login, ok)
	}
	if _, _, ok := c.RoleVerifier("carol"); ok {
		t.Fatal("dropped role carol still exists")
	}
}

func TestRoleErrors(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	if err := c.CreateRole(Role{Name: "alice"}); err != nil {
		t.Fatal(err)
	}
	noop := func(*Role) error { return nil }
	tests := []struct {
		name string
		err  error
		code pgerror.Code
		msg  string
	}{
		{"create existing", c.CreateRole(Role{Name: "alice"}), pgerror.DuplicateObject, `role "alice" already exists`},
		{"create postgres", c.CreateRole(Role{Name: "postgres"}), pgerror.DuplicateObject, `role "postgres" already exists`},
		{"alter missing", c.AlterRole("zed", noop), pgerror.UndefinedObject, `role "zed" does not exist`},
		{"drop missing", c.DropRole("zed"), pgerror.UndefinedObject, `role "zed" does not exist`},
		{"drop bootstrap", c.DropRole("postgres"), pgerror.DependentObjectsStillExist,
			"cannot drop role postgres because it is required by the database system"},
	}
	for _, tt := range tests {
		pe := pgerror.From(tt.err)
		if tt.err == nil || pe.Code != tt.code || pe.Message != tt.msg {
			t.Errorf("%s: got %v, want %s %s", tt.name, tt.err, tt.code, tt.msg)
		}
	}
}

func TestRoleRecordRoundTrip(t *testing.T) {
	for _, r := range []Role{
		{Name: "a"},
		{Name: "alice", Login: true, Verifier: testVerifier},
		{Name: "root", Login: true, Superuser: true},
	} {
		got, err := decodeRole(encodeRole(r))
		if err != nil || got != r {
			t.Errorf("round trip of %+v: %+v, %v", r, got, err)
		}
	}
	if _, err := decodeRole(nil); err == nil {
		t.Error("empty payload decoded")
	}
}

func FuzzDecodeRole(f *testing.F) {
	f.Add(encodeRole(Role{Name: "alice", Login: true, Verifier: testVerifier}))
	f.Add([]byte{5, 'a'})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, p []byte) {
		r, err := decodeRole(p)
		if err != nil {
			return
		}
		again, err := decodeRole(encodeRole(r))
		if err != nil || again != r {
			t.Fatalf("re-encoding %+v gives %+v, %v", r, again, err)
		}
	})
}
