package catalog

import "github.com/vecgres/vecgres/wal"

// Undoable role and privilege changes: each method is the Catalog method
// of the same name without "In", recording its inverse on txn (undo.go).
// With txn nil or done the change simply stands.

// pendingRole is a role's committed state while a transaction that
// changed it is open: nil when it did not exist.
type pendingRole struct {
	xid XID
	old *Role
}

// notePending records old (nil: none) as the committed state of role
// name while txn is open, unless txn or another open transaction already
// did.
func (c *Catalog) notePending(txn *Txn, name string, old *Role) {
	if txn == nil || txn.done || txn.xid == invalidXID {
		return
	}
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if p, ok := c.roles.pending[name]; ok && c.isActive(p.xid) {
		return
	}
	if c.roles.pending == nil {
		c.roles.pending = map[string]pendingRole{}
	}
	c.roles.pending[name] = pendingRole{xid: txn.xid, old: old}
	txn.roles = append(txn.roles, name)
}

// committedRole returns the committed state of role name (nil: none) and
// true while a transaction that changed it is open.
func (c *Catalog) committedRole(name string) (*Role, bool) {
	c.roles.mu.Lock()
	p, ok := c.roles.pending[name]
	c.roles.mu.Unlock()
	if !ok || !c.isActive(p.xid) {
		return nil, false
	}
	return p.old, true
}

// endRoles forgets the committed states t recorded (t has ended).
func (t *Txn) endRoles() {
	if len(t.roles) == 0 {
		return
	}
	rs := &t.c.roles
	rs.mu.Lock()
	for _, name := range t.roles {
		if p, ok := rs.pending[name]; ok && p.xid == t.xid {
			delete(rs.pending, name)
		}
	}
	rs.mu.Unlock()
	t.roles = nil
}

// CreateRoleIn is CreateRole; rollback drops the role again. Until txn
// ends, authentication does not see the role (RoleVerifier).
func (c *Catalog) CreateRoleIn(txn *Txn, r Role) error {
	if err := c.createRole(txn, r); err != nil {
		return err
	}
	c.notePending(txn, r.Name, nil)
	txn.addUndo(func() error { return c.dropRoleForce(txn, r.Name) })
	return nil
}

// AlterRoleIn is AlterRole; rollback restores the role as it was
// (attributes and password verifier). Until txn ends, authentication
// sees the role as it was (RoleVerifier); privilege checks see the change.
func (c *Catalog) AlterRoleIn(txn *Txn, name string, change func(r *Role) error) error {
	old, ok := c.Role(name)
	if err := c.alterRole(txn, name, change); err != nil {
		return err
	}
	if ok {
		c.notePending(txn, name, &old)
		txn.addUndo(func() error { return c.putRole(txn, recAlterRole, old) })
	}
	return nil
}

// DropRoleIn is DropRole; rollback creates the role again as it was.
// The caller must not hold the schema lock.
func (c *Catalog) DropRoleIn(txn *Txn, name string) error {
	old, ok := c.Role(name)
	if err := c.dropRole(txn, name); err != nil {
		return err
	}
	if ok {
		c.notePending(txn, name, &old)
		txn.addUndo(func() error { return c.putRole(txn, recCreateRole, old) })
	}
	return nil
}

// SetTableGrantIn is SetTableGrant; rollback restores the grantee's
// previous privileges on t, and a NULL relacl (Table.ACLSet) in memory
// (the WAL replays the GRANT and its undo as two grants: after a
// restart, until the next checkpoint, relacl shows the owner's aclitem).
func (c *Catalog) SetTableGrantIn(txn *Txn, t *Table, grantee string, p Privilege) error {
	old, wasSet := t.acl[grantee], t.aclSet
	if err := c.SetTableGrant(t, grantee, p); err != nil {
		return err
	}
	if !wasSet && txn != nil && !txn.done {
		txn.addUndo(func() error { t.aclSet = false; return nil })
	}
	if old != p && txn != nil && !txn.done {
		txn.holdForDDL(t)
		if _, ok := t.pendingACL[grantee]; !ok {
			if t.pendingACL == nil {
				t.pendingACL = map[string]pendingGrant{}
			}
			t.pendingACL[grantee] = pendingGrant{xid: txn.xid, old: old}
			settle := func() { delete(t.pendingACL, grantee) }
			txn.atCommit = append(txn.atCommit, func() error { settle(); return nil })
			txn.addUndo(func() error { settle(); return nil })
		}
		txn.addUndo(func() error { return c.SetTableGrant(t, grantee, old) })
	}
	return nil
}

// pendingGrant is a grantee's privileges on a table before a GRANT or
// REVOKE by transaction xid, which has not ended.
type pendingGrant struct {
	xid XID
	old Privilege
}

// SetSchemaCreateIn is SetSchemaCreate; rollback restores the grantee's
// previous CREATE on schema public.
func (c *Catalog) SetSchemaCreateIn(txn *Txn, grantee string, on bool) error {
	c.roles.mu.Lock()
	old := c.roles.schemaCreate[grantee]
	c.roles.mu.Unlock()
	if err := c.schemaCreateIn(txn, grantee, on); err != nil {
		return err
	}
	if old != on {
		txn.addUndo(func() error { return c.schemaCreateIn(txn, grantee, old) })
	}
	return nil
}

// putRole logs r as a CreateRole or AlterRole record (kept in txn,
// ddllog.go) and enters it.
func (c *Catalog) putRole(txn *Txn, typ wal.RecordType, r Role) error {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if err := c.logDDLIn(txn, typ, encodeRole(r)); err != nil {
		return err
	}
	c.roles.byName()[r.Name] = r
	c.roles.gen.Add(1)
	return nil
}

// dropRoleForce logs and removes the role name without DropRole's
// dependency checks (undo of CREATE ROLE: the grants the transaction
// made on it were undone first).
func (c *Catalog) dropRoleForce(txn *Txn, name string) error {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if _, ok := c.roles.byName()[name]; !ok {
		return nil
	}
	if err := c.logDDLIn(txn, recDropRole, appendString(nil, name)); err != nil {
		return err
	}
	delete(c.roles.m, name)
	c.roles.gen.Add(1)
	return nil
}
