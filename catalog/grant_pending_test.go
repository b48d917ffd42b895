package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/wal"
)

// TestGrantPendingUntilCommit: a GRANT or REVOKE counts for the granting
// transaction at once and for others only once it commits; its rollback
// leaves others with the old privileges throughout.
func TestGrantPendingUntilCommit(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	tb := createItems(t, c)
	if err := c.CreateRole(Role{Name: "r6", Login: true}); err != nil {
		t.Fatal(err)
	}
	priv := func(txn *Txn) Privilege {
		c.RLock()
		defer c.RUnlock()
		return c.TablePrivilegesIn(txn, tb, "r6")
	}
	grant := func(txn *Txn, p Privilege) {
		c.Lock()
		defer c.Unlock()
		if err := c.SetTableGrantIn(txn, tb, "r6", p); err != nil {
			t.Fatal(err)
		}
	}
	g, other := c.Begin(), c.Begin()
	grant(g, PrivSelect)
	if priv(g) != PrivSelect || priv(other) != 0 || priv(nil) != 0 {
		t.Fatalf("open GRANT: granter %v, other %v, none %v; want SELECT, 0, 0", priv(g), priv(other), priv(nil))
	}
	g.Rollback()
	if priv(other) != 0 || priv(nil) != 0 {
		t.Fatalf("rolled-back GRANT: other %v, none %v; want 0", priv(other), priv(nil))
	}
	g = c.Begin()
	grant(g, PrivSelect)
	if err := g.Commit(); err != nil {
		t.Fatal(err)
	}
	if priv(other) != PrivSelect || priv(nil) != PrivSelect {
		t.Fatalf("committed GRANT: other %v, none %v; want SELECT", priv(other), priv(nil))
	}
	r := c.Begin()
	grant(r, 0) // REVOKE
	if priv(r) != 0 || priv(other) != PrivSelect {
		t.Fatalf("open REVOKE: revoker %v, other %v; want 0, SELECT", priv(r), priv(other))
	}
	if err := r.Commit(); err != nil {
		t.Fatal(err)
	}
	if priv(other) != 0 {
		t.Fatalf("committed REVOKE: other %v, want 0", priv(other))
	}
	other.Rollback()
}
