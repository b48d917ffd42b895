package catalog

import (
	"fmt"
	"maps"
	"sort"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Ownership and table privileges (PostgreSQL docs, section 5.7
// "Privileges"). Every table has an owner, the role that created it; its
// indexes have the same owner, as in PostgreSQL. The owner and superusers
// hold every privilege on a table; any other role holds what was granted
// to it or to PUBLIC. Grants are kept per table as grantee -> privilege
// set, changed with the schema lock held exclusively and read with it
// shared.

// Privilege is a set of table and sequence privileges, one bit each, in
// the order of PostgreSQL's ACL letters "arwdDxtU" (a INSERT, r SELECT,
// w UPDATE, d DELETE, D TRUNCATE, x REFERENCES, t TRIGGER; U USAGE, for
// sequences). The bit values are part of the WAL and snapshot format:
// never renumber.
type Privilege uint8

// Table privileges.
const (
	PrivInsert Privilege = 1 << iota
	PrivSelect
	PrivUpdate
	PrivDelete
	PrivTruncate
	PrivReferences
	PrivTrigger
	PrivUsage // sequences only

	// PrivAll is ALL [PRIVILEGES] on a table.
	PrivAll = PrivInsert | PrivSelect | PrivUpdate | PrivDelete | PrivTruncate | PrivReferences | PrivTrigger
	// PrivSeqAll is ALL [PRIVILEGES] on a sequence.
	PrivSeqAll = PrivSelect | PrivUpdate | PrivUsage
)

// PublicGrantee is the grantee name standing for PUBLIC (every role).
// PostgreSQL reserves the role name "public", so no role has it.
const PublicGrantee = "public"

// aclLetters are the ACL letters of the privilege bits, lowest bit first.
const aclLetters = "arwdDxtU"

// String returns the privileges as PostgreSQL's ACL letters ("arwdDxt"
// for PrivAll, "r" for PrivSelect).
func (p Privilege) String() string {
	var b []byte
	for i := range len(aclLetters) {
		if p&(1<<i) != 0 {
			b = append(b, aclLetters[i])
		}
	}
	return string(b)
}

// IsSuperuser reports whether the named role exists and is a superuser.
// Safe for concurrent use; needs no catalog lock.
func (c *Catalog) IsSuperuser(role string) bool {
	r, ok := c.Role(role)
	return ok && r.Superuser
}

// OwnsTable reports whether role owns t or is a superuser (PostgreSQL's
// pg_class_ownercheck).
func (c *Catalog) OwnsTable(t *Table, role string) bool {
	return t.Owner == role || c.IsSuperuser(role)
}

// TablePrivileges returns the committed privileges role holds on t: all
// of them for its owner and for superusers, else those granted to role or
// to PUBLIC (TablePrivilegesIn outside any transaction). Schema lock held.
func (c *Catalog) TablePrivileges(t *Table, role string) Privilege {
	return c.TablePrivilegesIn(nil, t, role)
}

// TablePrivilegesIn is TablePrivileges as transaction txn (nil: none)
// sees them: a GRANT or REVOKE by another transaction still open does not
// count yet, as in PostgreSQL. Schema lock held.
func (c *Catalog) TablePrivilegesIn(txn *Txn, t *Table, role string) Privilege {
	if c.OwnsTable(t, role) {
		return t.AllPrivileges()
	}
	var p Privilege
	for _, g := range []string{role, PublicGrantee} {
		q := t.acl[g]
		if pg, ok := t.pendingACL[g]; ok && (txn == nil || pg.xid != txn.xid) && c.isActive(pg.xid) {
			q = pg.old
		}
		p |= q
	}
	return p
}

// AllPrivileges is ALL PRIVILEGES on t: PrivSeqAll for a sequence,
// PrivAll for a table or view.
func (t *Table) AllPrivileges() Privilege {
	if t.Seq != nil {
		return PrivSeqAll
	}
	return PrivAll
}

// TableGrants returns t's grants, grantee -> privileges (a copy; the
// owner's implicit privileges are not in it). Schema lock held.
func (c *Catalog) TableGrants(t *Table) map[string]Privilege {
	out := make(map[string]Privilege, len(t.acl))
	for g, p := range t.acl {
		out[g] = p
	}
	return out
}

// SetTableGrant makes p the privileges granted to grantee (a role name or
// PublicGrantee) on t, and logs it (durable when it returns nil). Schema
// lock held exclusively. Errors: 42704 when grantee is not a role, 58030
// when the WAL write fails.
func (c *Catalog) SetTableGrant(t *Table, grantee string, p Privilege) error {
	if _, ok := c.Role(grantee); !ok && grantee != PublicGrantee {
		return pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", grantee)
	}
	if t.acl[grantee] == p && t.aclSet {
		return nil // a REVOKE of nothing still makes the ACL explicit
	}
	if err := c.logRelDDL(t.Name, recTableGrant, encodeTableGrant(t.Name, grantee, p)); err != nil {
		return err
	}
	t.setGrant(grantee, p)
	c.version++
	return nil
}

// ACLSet reports whether a GRANT or REVOKE ever changed t's privileges:
// PostgreSQL's relacl is then explicit (the owner's aclitem at least)
// even when no grant is left, where it was NULL before. Schema lock held.
func (t *Table) ACLSet() bool { return t.aclSet }

// aclSetMark is the grantee of the grant entry, with no privileges, that
// records aclSet in a CreateTable payload and a TableGrant record (no role
// has an empty name; readers before it drop the entry as a revoke).
const aclSetMark = ""

func (t *Table) setGrant(grantee string, p Privilege) {
	t.aclSet = true
	if p == 0 {
		delete(t.acl, grantee)
		return
	}
	if t.acl == nil {
		t.acl = map[string]Privilege{}
	}
	t.acl[grantee] = p
}

// roleDependencies returns PostgreSQL's detail lines for the objects that
// keep role from being dropped: schema grants, table grants, owned tables
// (schema lock and role lock held).
func (c *Catalog) roleDependencies(role string) []string {
	var deps, owned []string
	if c.roles.schemaCreate[role] {
		deps = append(deps, "privileges for schema public")
	}
	for _, t := range c.Tables() {
		if t.acl[role] != 0 {
			deps = append(deps, "privileges for table "+t.Name)
		}
		if t.Owner == role {
			owned = append(owned, "owner of table "+t.Name)
		}
	}
	return append(deps, owned...)
}

// Table grant payload and its place in the CreateTable payload:
//
//	TableGrant:  table, grantee, privileges byte
//	CreateTable: ... pkeyName, owner, ngrants, {grantee, privileges byte}...
//	             (owner and grants absent in records written before
//	             ownership: the owner is then BootstrapSuperuser)

func encodeTableGrant(table, grantee string, p Privilege) []byte {
	return append(appendString(appendString(nil, table), grantee), byte(p))
}

// replayTableGrant applies a TableGrant record (schema lock held or
// start-up).
func (c *Catalog) replayTableGrant(p []byte) error {
	d := &decoder{b: p}
	name, grantee := d.str(), d.str()
	priv := Privilege(d.byte1())
	if d.err != nil {
		return fmt.Errorf("table grant record: %w", d.err)
	}
	if t, ok := c.tables[name]; ok {
		t.setGrant(grantee, priv)
	}
	return nil
}

// appendOwnership appends t's owner and grants (sorted by grantee) to a
// CreateTable payload.
func appendOwnership(b []byte, t *Table) []byte {
	b = appendString(b, t.Owner)
	grantees := make([]string, 0, len(t.acl))
	for g := range t.acl {
		grantees = append(grantees, g)
	}
	sort.Strings(grantees)
	if t.aclSet {
		grantees = append([]string{aclSetMark}, grantees...)
	}
	b = appendUvarint(b, uint64(len(grantees)))
	for _, g := range grantees {
		b = append(appendString(b, g), byte(t.acl[g]))
	}
	return b
}

// readOwnership reads what appendOwnership wrote, if anything is left in
// d: older records end before it and leave the bootstrap superuser as the
// owner.
func readOwnership(d *decoder, t *Table) {
	t.Owner = BootstrapSuperuser
	if len(d.b) == 0 {
		return
	}
	t.Owner = d.str()
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		g := d.str()
		t.setGrant(g, Privilege(d.byte1()))
	}
}

// SetTableOwner makes role the owner of t (a table, view or sequence;
// its indexes follow) and logs t's definition, as ALTER TABLE ... OWNER
// TO does (PostgreSQL's aclnewowner): the new owner holds every
// privilege, so a grant it had merges into them, and the other grants go
// on, granted by it. Schema lock held exclusively; the caller calls
// RememberTable first so a rollback restores the old owner.
func (c *Catalog) SetTableOwner(t *Table, role string) error {
	nt := c.proposal(t)
	nt.Owner = role
	nt.acl = maps.Clone(t.acl)
	delete(nt.acl, role)
	return c.alter(t, nt)
}
