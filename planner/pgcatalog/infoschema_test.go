package pgcatalog

import (
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/catalog"
)

// TestInfoSchemaViews checks every information_schema view resolves only
// qualified, has rows as wide as its columns, and that the constraint
// views agree with the catalog's primary key and NOT NULL columns.
func TestInfoSchemaViews(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	for name, v := range infoViews {
		if _, ok := VirtualTable(env, name); ok {
			t.Errorf("%s resolves unqualified", name)
		}
		tb, ok := VirtualTable(env, "information_schema."+name)
		if !ok {
			t.Fatalf("information_schema.%s: not found", name)
		}
		for _, r := range scan(c, tb) {
			if len(r) != len(v.cols) {
				t.Fatalf("%s: row %v has %d values for %d columns", name, r, len(r), len(v.cols))
			}
		}
	}
	if _, ok := VirtualTable(env, "information_schema.pg_type"); ok {
		t.Error("information_schema.pg_type found")
	}
	items, _ := c.Table("items")
	tb, _ := VirtualTable(env, "information_schema.key_column_usage")
	rows := scan(c, tb)
	if len(rows) != len(items.PrimaryKey) || rows[0][2] != items.PKeyName || rows[0][6] != items.Columns[items.PrimaryKey[0]].Name {
		t.Errorf("key_column_usage = %v, want the primary key %s", rows, items.PKeyName)
	}
	tb, _ = VirtualTable(env, "information_schema.check_constraints")
	notNull := 0
	for _, tb := range c.Tables() {
		for _, col := range tb.Columns {
			if col.NotNull && tb.Owner == env.User {
				notNull++
			}
		}
	}
	if got := len(scan(c, tb)); got != notNull || notNull == 0 {
		t.Errorf("check_constraints has %d rows, want %d (one per NOT NULL column of alice's tables)", got, notNull)
	}
}

// TestInfoSchemaPrivileges checks that information_schema shows a role
// only the tables it holds privileges on: alice owns items but has no
// privilege on Other, which the bootstrap superuser sees.
func TestInfoSchemaPrivileges(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	names := func(user, view string, col int) map[any]bool {
		tb, _ := VirtualTable(Env{Cat: c, User: user, Database: "db"}, "information_schema."+view)
		out := map[any]bool{}
		for _, r := range scan(c, tb) {
			out[r[col]] = true
		}
		return out
	}
	for _, tc := range []struct {
		view string
		col  int
	}{{"tables", 2}, {"columns", 2}, {"table_constraints", 5}, {"check_constraints", 2}} {
		alice, su := names("alice", tc.view, tc.col), names(catalog.BootstrapSuperuser, tc.view, tc.col)
		if tc.view == "check_constraints" {
			if len(alice) != 1 || len(su) != 2 {
				t.Errorf("check_constraints: alice sees %v, the superuser %v", alice, su)
			}
			continue
		}
		if !alice["items"] || alice["Other"] || !su["items"] || !su["Other"] {
			t.Errorf("%s: alice sees %v, the superuser %v", tc.view, alice, su)
		}
	}
}

// TestTablePrivilegesVisibility checks that a role sees the privileges
// it grants or receives (and PUBLIC's, in table_privileges only), a
// superuser all of them.
func TestTablePrivilegesVisibility(t *testing.T) {
	c := itemsCatalog(t)
	c.Lock()
	other, _ := c.Table("Other")
	if err := c.CreateRole(catalog.Role{Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	if err := c.SetTableGrant(other, catalog.PublicGrantee, catalog.PrivSelect); err != nil {
		t.Fatal(err)
	}
	if err := c.SetTableGrant(other, "bob", catalog.PrivInsert); err != nil {
		t.Fatal(err)
	}
	c.Unlock()
	c.RLock()
	defer c.RUnlock()
	count := func(user, view string) map[string]int {
		tb, _ := VirtualTable(Env{Cat: c, User: user, Database: "db"}, "information_schema."+view)
		out := map[string]int{}
		for _, r := range scan(c, tb) {
			out[r[4].(string)+"/"+r[1].(string)]++
		}
		return out
	}
	want := map[string]map[string]int{
		"alice table_privileges":  {"items/alice": 7, "Other/PUBLIC": 1},
		"alice role_table_grants": {"items/alice": 7},
		"bob table_privileges":    {"Other/bob": 1, "Other/PUBLIC": 1},
		"postgres role_table_grants": {"items/alice": 7, "Other/postgres": 7, "Other/PUBLIC": 1,
			"Other/bob": 1},
	}
	for key, w := range want {
		var user, view string
		fmt.Sscan(key, &user, &view)
		if got := count(user, view); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("%s: %v, want %v", key, got, w)
		}
	}
}
