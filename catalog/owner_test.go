package catalog

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// ownershipState is what a reopen must keep: owners, grants, schema
// grantees and each role's privileges on the table.
type ownershipState struct {
	owners  map[string]string
	grants  map[string]map[string]Privilege
	schema  []string
	privs   map[string]Privilege // role -> privileges on t
	creates map[string]bool      // role -> CanCreateInSchema
	aclSet  map[string]bool      // table -> ACLSet
}

func captureOwnership(c *Catalog) ownershipState {
	c.RLock()
	defer c.RUnlock()
	st := ownershipState{owners: map[string]string{}, grants: map[string]map[string]Privilege{},
		schema: c.SchemaCreateGrantees(), privs: map[string]Privilege{}, creates: map[string]bool{}, aclSet: map[string]bool{}}
	for _, t := range c.Tables() {
		st.aclSet[t.Name] = t.ACLSet()
		st.owners[t.Name] = t.Owner
		st.grants[t.Name] = c.TableGrants(t)
	}
	t, _ := c.Table("t")
	for _, r := range []string{"postgres", "carol", "bob", "dave", "nobody"} {
		st.privs[r] = c.TablePrivileges(t, r)
		st.creates[r] = c.CanCreateInSchema(r)
	}
	return st
}

// TestOwnershipDurable: owners, table grants and schema grants survive a
// reopen from the WAL and from a checkpoint, and give each role the
// privileges PostgreSQL would.
func TestOwnershipDurable(t *testing.T) {
	for _, checkpoint := range []bool{false, true} {
		fs := wal.NewMemFS()
		c := openMem(t, fs)
		for _, r := range []Role{{Name: "carol", Login: true}, {Name: "bob", CreateRole: true}, {Name: "dave", CreateDB: true}} {
			if err := c.CreateRole(r); err != nil {
				t.Fatal(err)
			}
		}
		c.Lock()
		tb, err := c.CreateTableOwned("carol", "t", testCols, []int{0})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.CreateTable("old", testCols, nil); err != nil {
			t.Fatal(err)
		}
		// granted then revoked: relacl stays explicit (PostgreSQL's)
		rv, err := c.CreateTable("revoked", testCols, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.SetTableGrant(rv, "bob", PrivSelect); err != nil {
			t.Fatal(err)
		}
		if err := c.SetTableGrant(rv, "bob", 0); err != nil {
			t.Fatal(err)
		}
		for _, g := range []struct {
			who string
			p   Privilege
		}{{"bob", PrivSelect | PrivInsert}, {PublicGrantee, PrivSelect}, {"dave", PrivAll}, {"dave", PrivDelete}} {
			if err := c.SetTableGrant(tb, g.who, g.p); err != nil {
				t.Fatal(err)
			}
		}
		err = c.SetTableGrant(tb, "zed", PrivSelect)
		c.Unlock()
		if pe, ok := err.(*pgerror.Error); !ok || pe.Code != pgerror.UndefinedObject {
			t.Fatalf("grant to a missing role: %v", err)
		}
		for _, g := range []struct {
			who string
			on  bool
		}{{"carol", true}, {PublicGrantee, true}, {"bob", true}, {PublicGrantee, false}} {
			if err := c.SetSchemaCreate(g.who, g.on); err != nil {
				t.Fatal(err)
			}
		}
		want := ownershipState{
			owners: map[string]string{"t": "carol", "old": BootstrapSuperuser, "revoked": BootstrapSuperuser},
			aclSet: map[string]bool{"t": true, "old": false, "revoked": true},
			grants: map[string]map[string]Privilege{"old": {}, "revoked": {},
				"t": {"bob": PrivSelect | PrivInsert, PublicGrantee: PrivSelect, "dave": PrivDelete}},
			schema: []string{"bob", "carol"},
			privs: map[string]Privilege{"postgres": PrivAll, "carol": PrivAll, "bob": PrivSelect | PrivInsert,
				"dave": PrivDelete | PrivSelect, "nobody": PrivSelect},
			creates: map[string]bool{"postgres": true, "carol": true, "bob": true, "dave": false, "nobody": false},
		}
		if got := captureOwnership(c); !reflect.DeepEqual(got, want) {
			t.Fatalf("before reopen:\n got %+v\nwant %+v", got, want)
		}
		if checkpoint {
			if err := c.Checkpoint(); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
		c = openMem(t, fs)
		if got := captureOwnership(c); !reflect.DeepEqual(got, want) {
			t.Fatalf("after reopen (checkpoint %v):\n got %+v\nwant %+v", checkpoint, got, want)
		}
		c.Close()
	}
}

// TestDropRoleDependencies: a role that owns a table or holds grants is
// not dropped (2BP01 with PostgreSQL's detail lines); once they are gone
// it is.
func TestDropRoleDependencies(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	for _, r := range []string{"carol", "bob"} {
		if err := c.CreateRole(Role{Name: r}); err != nil {
			t.Fatal(err)
		}
	}
	c.Lock()
	tb, err := c.CreateTableOwned("carol", "t", testCols, nil)
	if err == nil {
		err = c.SetTableGrant(tb, "bob", PrivUpdate)
	}
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SetSchemaCreate("carol", true); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ role, detail string }{
		{"carol", "privileges for schema public\nowner of table t"},
		{"bob", "privileges for table t"},
	} {
		err := c.DropRole(tc.role)
		pe, ok := err.(*pgerror.Error)
		want := `role "` + tc.role + `" cannot be dropped because some objects depend on it`
		if !ok || pe.Code != pgerror.DependentObjectsStillExist || pe.Message != want || pe.Detail != tc.detail {
			t.Fatalf("drop %s: %+v", tc.role, err)
		}
		if err := c.CheckDropRole(tc.role); err == nil {
			t.Fatalf("CheckDropRole(%s) = nil", tc.role)
		}
	}
	c.Lock()
	err = c.DropTable("t")
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SetSchemaCreate("carol", false); err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"carol", "bob"} {
		if err := c.DropRole(r); err != nil {
			t.Fatalf("drop %s: %v", r, err)
		}
	}
}

// TestCreateTableRecordWithoutOwner: CreateTable records written before
// ownership (ending after the primary key's name) still decode, owned by
// the bootstrap superuser with no grants; newer ones keep owner and grants.
func TestCreateTableRecordWithoutOwner(t *testing.T) {
	tb := &Table{OID: 16500, Name: "legacy", Columns: testCols, PrimaryKey: []int{0}, PKeyName: "legacy_pkey",
		Owner: "carol", acl: map[string]Privilege{"bob": PrivSelect}}
	full := encodeCreateTable(tb)
	// Ownership comes right after the primary key's name; the layout
	// (alter_layout.go) follows it.
	legacy := full[:len(full)-len(appendLayout(appendOwnership(nil, tb), tb))]
	got, err := decodeCreateTable(legacy)
	if err != nil {
		t.Fatal(err)
	}
	if got.Owner != BootstrapSuperuser || len(got.acl) != 0 || got.PKeyName != "legacy_pkey" {
		t.Fatalf("legacy record: owner %q acl %v pkey %q", got.Owner, got.acl, got.PKeyName)
	}
	got, err = decodeCreateTable(full)
	if err != nil {
		t.Fatal(err)
	}
	if got.Owner != "carol" || !reflect.DeepEqual(got.acl, tb.acl) {
		t.Fatalf("record: owner %q acl %v", got.Owner, got.acl)
	}
}

// TestPrivilegeString: ACL letters in PostgreSQL's order.
func TestPrivilegeString(t *testing.T) {
	for _, tc := range []struct {
		p    Privilege
		want string
	}{{PrivAll, "arwdDxt"}, {PrivSelect, "r"}, {PrivSelect | PrivInsert, "ar"}, {0, ""}, {PrivTruncate | PrivDelete, "dD"}} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%08b: got %q, want %q", tc.p, got, tc.want)
		}
	}
}
