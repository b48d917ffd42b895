package catalog

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// describe renders the catalog's tables (columns with NOT NULL and
// default, indexes), their visible rows, grants, roles and schema
// grantees, for comparing states.
func describe(c *Catalog) string {
	c.RLock()
	defer c.RUnlock()
	var b strings.Builder
	for _, t := range c.Tables() {
		fmt.Fprintf(&b, "table %s owner=%s acl=%v\n", t.Name, t.Owner, c.TableGrants(t))
		for _, col := range t.Columns {
			fmt.Fprintf(&b, "  col %s notnull=%v default=%q\n", col.Name, col.NotNull, col.DefaultExpr)
		}
		var ixs []string
		for _, ix := range t.Indexes {
			ixs = append(ixs, ix.Name+"("+t.Columns[ix.Column].Name+")")
		}
		slices.Sort(ixs)
		fmt.Fprintf(&b, "  indexes %v pkey=%q\n", ixs, t.PKeyName)
		var rs []string
		c.ReadTxn().Scan(t, func(_ uint64, vals []any) bool {
			rs = append(rs, fmt.Sprint(vals))
			return true
		})
		slices.Sort(rs)
		fmt.Fprintf(&b, "  rows %v\n", rs)
	}
	fmt.Fprintf(&b, "roles %+v\nschema create %v\n", c.Roles(), c.SchemaCreateGrantees())
	return b.String()
}

// undoFixture: items (id serial primary key, v vector(2)) with an HNSW
// index and 3 rows, table "other" (a int) with a B-tree index, roles
// alice (LOGIN) and bob, SELECT on items granted to bob.
func undoFixture(t *testing.T, fs *wal.MemFS) *Catalog {
	t.Helper()
	c := openCk(t, fs)
	createItems(t, c)
	insert(t, c, vec(1), vec(2), vec(3))
	c.Lock()
	defer c.Unlock()
	if _, err := c.CreateTable("other", []Column{{Name: "a", Type: types.Int8}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateIndex(IndexDef{Name: "other_a_idx", Table: "other", Method: MethodBTree, Column: "a"}); err != nil {
		t.Fatal(err)
	}
	for _, r := range []Role{{Name: "alice", Login: true, Verifier: testVerifier}, {Name: "bob"}} {
		if err := c.CreateRole(r); err != nil {
			t.Fatal(err)
		}
	}
	items, _ := c.Table("items")
	if err := c.SetTableGrant(items, "bob", PrivSelect); err != nil {
		t.Fatal(err)
	}
	return c
}

// undoSteps runs DDL of every kind in txn. Role DDL runs without the
// schema lock, table DDL with it held exclusively, as the planner does.
var undoSteps = []struct {
	name string
	role bool
	run  func(c *Catalog, txn *Txn) error
}{
	{"create role", true, func(c *Catalog, txn *Txn) error {
		return c.CreateRoleIn(txn, Role{Name: "gy", Login: true, Superuser: true})
	}},
	{"alter role", true, func(c *Catalog, txn *Txn) error {
		return c.AlterRoleIn(txn, "alice", func(r *Role) error { r.CreateRole, r.Verifier = true, "md5x"; return nil })
	}},
	{"schema grant", true, func(c *Catalog, txn *Txn) error { return c.SetSchemaCreateIn(txn, "alice", true) }},
	{"revoke", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		return c.SetTableGrantIn(txn, items, "bob", 0)
	}},
	{"drop role", true, func(c *Catalog, txn *Txn) error { return c.DropRoleIn(txn, "bob") }},
	{"grant", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		return c.SetTableGrantIn(txn, items, "alice", PrivInsert|PrivSelect)
	}},
	{"create table", false, func(c *Catalog, txn *Txn) error {
		_, err := c.CreateTableIn(txn, "alice", "m2", []Column{{Name: "x", Type: types.Int8}}, []int{0})
		return err
	}},
	{"add column", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		c.RememberTable(txn, items)
		return c.AddColumn(items, Column{Name: "n", Type: types.Int8}, int64(7))
	}},
	{"set default", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		c.RememberTable(txn, items)
		return c.SetColumnDefault(items, "n", int64(9), "9")
	}},
	{"set not null", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		c.RememberTable(txn, items)
		return c.SetColumnNotNull(items, "n", true)
	}},
	{"rename column", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		c.RememberTable(txn, items)
		return c.RenameColumn(items, "v", "w")
	}},
	{"drop column", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		return c.DropColumnIn(txn, items, "w")
	}},
	{"rename table", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items")
		c.RememberTable(txn, items)
		return c.RenameTable(items, "items2")
	}},
	{"truncate", false, func(c *Catalog, txn *Txn) error {
		items, _ := c.Table("items2")
		return c.TruncateIn(txn, items, true)
	}},
	{"drop index", false, func(c *Catalog, txn *Txn) error { return c.DropIndexIn(txn, "other_a_idx") }},
	{"drop table", false, func(c *Catalog, txn *Txn) error { return c.DropTableIn(txn, "other") }},
}

// lockForDDL takes the schema lock exclusively and routes the DDL records
// logged meanwhile into txn, as the planner does for a DDL statement; the
// returned function undoes both.
func lockForDDL(c *Catalog, txn *Txn) func() {
	c.Lock()
	restore := c.RouteDDL(txn)
	return func() {
		restore()
		c.Unlock()
	}
}

func runUndoSteps(t *testing.T, c *Catalog, txn *Txn) {
	t.Helper()
	for _, s := range undoSteps {
		unlock := func() {}
		if !s.role {
			unlock = lockForDDL(c, txn)
		}
		err := s.run(c, txn)
		unlock()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
}

// TestRollbackUndoesDDL: after DDL of every kind in one transaction,
// Rollback restores the catalog exactly (rows, columns, indexes, grants,
// roles), also after a crash and WAL replay of the DDL and its undo.
func TestRollbackUndoesDDL(t *testing.T) {
	fs := wal.NewMemFS()
	c := undoFixture(t, fs)
	before := describe(c)
	txn := c.Begin()
	runUndoSteps(t, c, txn)
	during := describe(c)
	if during == before || !strings.Contains(during, "gy") || strings.Contains(during, "table other ") {
		t.Fatalf("DDL not applied:\n%s", during)
	}
	txn.Rollback()
	if got := describe(c); got != before {
		t.Fatalf("after rollback:\n%s\nwant\n%s", got, before)
	}
	if _, ok := c.Role("gy"); ok {
		t.Fatal("rolled-back role gy exists")
	}
	crashed := openCk(t, fs.CrashClone())
	defer crashed.Close()
	if got := describe(crashed); got != before {
		t.Fatalf("after replay:\n%s\nwant\n%s", got, before)
	}
	c.Close()
}

// TestCommitKeepsDDL: the same DDL committed stays, "other" is dropped
// at commit, and replay gives the same state.
func TestCommitKeepsDDL(t *testing.T) {
	fs := wal.NewMemFS()
	c := undoFixture(t, fs)
	txn := c.Begin()
	runUndoSteps(t, c, txn)
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	after := describe(c)
	for _, want := range []string{"table items2 ", "table m2 ", "Name:gy", "rows []", "col n notnull=true default=\"9\""} {
		if !strings.Contains(after, want) {
			t.Errorf("committed state lacks %q:\n%s", want, after)
		}
	}
	for _, gone := range []string{"table other", "dropped", "Name:bob", "col w"} {
		if strings.Contains(after, gone) {
			t.Errorf("committed state has %q:\n%s", gone, after)
		}
	}
	crashed := openCk(t, fs.CrashClone())
	defer crashed.Close()
	if got := describe(crashed); got != after {
		t.Fatalf("after replay:\n%s\nwant\n%s", got, after)
	}
	c.Close()
}

// TestUncommittedDropTableSurvivesCrash: after a crash before the commit
// of a DROP TABLE inside a transaction, Open gives the table its name
// back, rows and all.
func TestUncommittedDropTableSurvivesCrash(t *testing.T) {
	fs := wal.NewMemFS()
	c := undoFixture(t, fs)
	defer c.Close()
	before := describe(c)
	txn := c.Begin()
	c.Lock()
	if err := c.DropTableIn(txn, "items"); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Table("items"); ok {
		t.Error("items still reachable after DROP TABLE in the transaction")
	}
	c.Unlock()
	crashed := openCk(t, fs.CrashClone())
	defer crashed.Close()
	if got := describe(crashed); got != before {
		t.Fatalf("after restart:\n%s\nwant\n%s", got, before)
	}
	txn.Rollback()
	if _, ok := c.Table("items"); !ok {
		t.Fatal("items missing after rollback")
	}
}

// TestTableCreatedInOpenTxnRefusesOthers: while the creating transaction
// is open, another transaction's write gets 42P01; after its commit the
// write succeeds.
func TestTableCreatedInOpenTxnRefusesOthers(t *testing.T) {
	c := openCk(t, wal.NewMemFS())
	defer c.Close()
	owner := c.Begin()
	c.Lock()
	defer c.Unlock()
	tb, err := c.CreateTableIn(owner, BootstrapSuperuser, "m2", []Column{{Name: "x", Type: types.Int8}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	other := c.Begin()
	_, err = other.Insert(tb, []any{int64(1)})
	if e, ok := err.(*pgerror.Error); !ok || e.Code != pgerror.UndefinedTable {
		t.Fatalf("insert by another transaction: got %v, want 42P01", err)
	}
	if _, err := owner.Insert(tb, []any{int64(2)}); err != nil {
		t.Fatalf("insert by the creator: %v", err)
	}
	c.Unlock()
	if err := owner.Commit(); err != nil {
		t.Fatal(err)
	}
	c.Lock()
	if _, err := other.Insert(tb, []any{int64(3)}); err != nil {
		t.Fatalf("insert after commit: %v", err)
	}
	c.Unlock()
	if err := other.Commit(); err != nil {
		t.Fatal(err)
	}
	c.Lock()
	var got []any
	c.ReadTxn().Scan(tb, func(_ uint64, v []any) bool { got = append(got, v[0]); return true })
	if !reflect.DeepEqual(got, []any{int64(2), int64(3)}) {
		t.Fatalf("rows %v", got)
	}
}

// TestRoleChangesHiddenFromAuthUntilCommit: while the transaction is
// open, RoleVerifier gives the committed state of roles it created,
// altered or dropped; after commit the new state.
func TestRoleChangesHiddenFromAuthUntilCommit(t *testing.T) {
	c := undoFixture(t, wal.NewMemFS())
	defer c.Close()
	txn := c.Begin()
	if err := c.CreateRoleIn(txn, Role{Name: "gy", Login: true, Superuser: true}); err != nil {
		t.Fatal(err)
	}
	if err := c.AlterRoleIn(txn, "alice", func(r *Role) error { r.Verifier, r.Login = "md5new", false; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := c.DropRoleIn(txn, "bob"); err == nil {
		t.Fatal("DROP ROLE bob with a grant succeeded")
	}
	type auth struct {
		v         string
		login, ok bool
	}
	check := func(when, name string, want auth) {
		t.Helper()
		v, login, ok := c.RoleVerifier(name)
		if got := (auth{v, login, ok}); got != want {
			t.Errorf("%s: RoleVerifier(%s) = %+v, want %+v", when, name, got, want)
		}
	}
	check("open", "gy", auth{})
	check("open", "alice", auth{testVerifier, true, true})
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	check("committed", "gy", auth{"", true, true})
	check("committed", "alice", auth{"md5new", false, true})
}

// TestDropTableInFreesNames: inside a transaction DROP TABLE frees the
// table's, its key's and its indexes' names (a new table gets the same
// ones); rollback gives them back with the key still enforced, and a
// commit leaves the new table, also after replay.
func TestDropTableInFreesNames(t *testing.T) {
	for _, commit := range []bool{false, true} {
		fs := wal.NewMemFS()
		c := undoFixture(t, fs)
		before := describe(c)
		txn := c.Begin()
		unlock := lockForDDL(c, txn)
		if err := c.DropTableIn(txn, "items"); err != nil {
			t.Fatal(err)
		}
		nt, err := c.CreateTableIn(txn, BootstrapSuperuser, "items", testCols, []int{0})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.CreateIndex(IndexDef{Name: "items_v_idx", Table: "items", Method: MethodBTree, Column: "v"}); err != nil {
			t.Fatalf("index name not freed: %v", err)
		}
		if nt.PKeyName != "items_pkey" {
			t.Fatalf("new key named %q", nt.PKeyName)
		}
		unlock()
		if !commit {
			txn.Rollback()
			if got := describe(c); got != before {
				t.Fatalf("after rollback:\n%s\nwant\n%s", got, before)
			}
			other := c.Begin()
			c.Lock()
			items, _ := c.Table("items")
			_, err := other.Insert(items, []any{int64(1), types.Vector{0, 0}})
			c.Unlock()
			other.Rollback()
			if e, ok := err.(*pgerror.Error); !ok || e.Code != pgerror.UniqueViolation {
				t.Fatalf("duplicate key after rollback: got %v, want 23505", err)
			}
		} else if err := txn.Commit(); err != nil {
			t.Fatal(err)
		}
		want := describe(c)
		if commit && (strings.Contains(want, "dropped") || !strings.Contains(want, "rows []")) {
			t.Fatalf("after commit:\n%s", want)
		}
		crashed := openCk(t, fs.CrashClone())
		if got := describe(crashed); got != want {
			t.Fatalf("commit=%v after replay:\n%s\nwant\n%s", commit, got, want)
		}
		crashed.Close()
		c.Close()
	}
}

// TestDropKeyColumnInTxnRefused: a primary-key column cannot be dropped
// inside a transaction (its key could not be restored): 25001, nothing
// changed; outside one it can.
func TestDropKeyColumnInTxnRefused(t *testing.T) {
	c := undoFixture(t, wal.NewMemFS())
	defer c.Close()
	before := describe(c)
	txn := c.Begin()
	c.Lock()
	items, _ := c.Table("items")
	err := c.DropColumnIn(txn, items, "id")
	c.Unlock()
	if e, ok := err.(*pgerror.Error); !ok || e.Code != pgerror.ActiveSQLTransaction {
		t.Fatalf("got %v, want 25001", err)
	}
	txn.Rollback()
	if got := describe(c); got != before {
		t.Fatalf("changed:\n%s", got)
	}
	c.Lock()
	defer c.Unlock()
	if err := c.DropColumnIn(nil, items, "id"); err != nil {
		t.Fatal(err)
	}
}

// TestDropTablePendingNameTaken: while one transaction's DROP TABLE is
// open, another cannot take the name (42P07), so the dropper's rollback
// gives the table, rows and all, its name back; the dropper itself may
// re-create the name.
func TestDropTablePendingNameTaken(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	createItems(t, c)
	insert(t, c, vec(1), vec(2))
	b := c.Begin()
	c.Lock()
	if err := c.DropTableIn(b, "items"); err != nil {
		c.Unlock()
		t.Fatal(err)
	}
	c.Unlock()
	a := c.Begin()
	c.Lock()
	_, err := c.CreateTableIn(a, "postgres", "items", testCols, []int{0})
	c.Unlock()
	if pe, ok := err.(*pgerror.Error); !ok || pe.Code != pgerror.DuplicateTable {
		t.Fatalf("CREATE TABLE items by another transaction during the DROP: %v, want 42P07", err)
	}
	a.Rollback()
	b.Rollback()
	if got := state(c); len(got) != 2 {
		t.Fatalf("after the DROP's rollback: rows %v, want the 2 committed", got)
	}
	d := c.Begin()
	c.Lock()
	err = c.DropTableIn(d, "items")
	if err == nil {
		_, err = c.CreateTableIn(d, "postgres", "items", testCols, []int{0})
	}
	c.Unlock()
	if err != nil {
		t.Fatalf("DROP then CREATE of the same name in one transaction: %v", err)
	}
	d.Rollback()
	if got := state(c); len(got) != 2 {
		t.Fatalf("after rolling back DROP + CREATE: rows %v, want the 2 committed", got)
	}
}

// TestRollbackKeepsLayoutAfterCrash: a rolled-back ADD COLUMN leaves its
// stored position allocated (RememberTable), rows inserted after the
// rollback store a NULL there, and a later ADD COLUMN with a default must
// read the default in those rows after a crash and replay as before it:
// the rollback logs the table's definition (relogLayouts) though it drops
// the transaction's own DDL records.
func TestRollbackKeepsLayoutAfterCrash(t *testing.T) {
	fs := wal.NewMemFS()
	c := undoFixture(t, fs)
	txn := c.Begin()
	unlock := lockForDDL(c, txn)
	items, _ := c.Table("items")
	c.RememberTable(txn, items)
	if err := c.AddColumn(items, Column{Name: "gone", Type: types.Int8}, nil); err != nil {
		t.Fatal(err)
	}
	unlock()
	txn.Rollback()
	insert(t, c, vec(4))
	addLater := func(c *Catalog) string {
		c.Lock()
		items, _ := c.Table("items")
		err := c.AddColumn(items, Column{Name: "later", Type: types.Int8}, int64(5))
		c.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		return describe(c)
	}
	crashed := openCk(t, fs.CrashClone())
	defer crashed.Close()
	want, got := addLater(c), addLater(crashed)
	if got != want {
		t.Fatalf("after replay:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(want, "[4 [4 0] 5]") {
		t.Fatalf("the row inserted after the rollback does not read the default:\n%s", want)
	}
	c.Close()
}

// TestRenamedNameStaysTaken: while a transaction that renamed a table
// away is open, no other transaction may take the old name (42P07),
// since its rollback gives the name back; afterwards the name is the
// original table's again.
func TestRenamedNameStaysTaken(t *testing.T) {
	c := undoFixture(t, wal.NewMemFS())
	items, _ := c.Table("items")
	txn := c.Begin()
	unlock := lockForDDL(c, txn)
	c.RememberTable(txn, items)
	if err := c.RenameTable(items, "items2"); err != nil {
		t.Fatal(err)
	}
	unlock()
	other := c.Begin()
	unlock = lockForDDL(c, other)
	_, err := c.CreateTableIn(other, BootstrapSuperuser, "items", testCols, []int{0})
	unlock()
	if e, ok := err.(*pgerror.Error); !ok || e.Code != pgerror.DuplicateTable {
		t.Fatalf("CREATE TABLE with the name renamed away: %v, want 42P07", err)
	}
	other.Rollback()
	txn.Rollback()
	if got, ok := c.Table("items"); !ok || got != items {
		t.Fatalf("after the rollback items is %v, want the original table", got)
	}
	c.Close()
}
