package catalog

import (
	"fmt"
	"sort"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// CREATE on schema public. As in PostgreSQL 15, the public schema belongs
// to pg_database_owner (the bootstrap superuser here) and grants CREATE to
// no one: a role that is not a superuser creates tables only once granted
// CREATE ON SCHEMA public, to itself or to PUBLIC. Every role has USAGE.
// The grantees are kept with the roles (roles.mu), logged as SchemaGrant
// records and written after the roles in a snapshot's catalog file.

// CanCreateInSchema reports whether role may create tables in schema
// public: it is a superuser, or CREATE was granted to it or to PUBLIC.
// Safe for concurrent use; needs no catalog lock.
func (c *Catalog) CanCreateInSchema(role string) bool {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	r, ok := c.roles.byName()[role]
	return ok && r.Superuser || c.roles.schemaCreate[role] || c.roles.schemaCreate[PublicGrantee]
}

// SchemaCreateGrantees returns the grantees of CREATE on schema public,
// sorted. Safe for concurrent use.
func (c *Catalog) SchemaCreateGrantees() []string {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	return c.schemaGranteesLocked()
}

func (c *Catalog) schemaGranteesLocked() []string {
	out := make([]string, 0, len(c.roles.schemaCreate))
	for g := range c.roles.schemaCreate {
		out = append(out, g)
	}
	sort.Strings(out)
	return out
}

// SetSchemaCreate grants (on) or revokes CREATE on schema public for
// grantee (a role name or PublicGrantee) and logs it. Safe for concurrent
// use; needs no catalog lock. Errors: 42704 when grantee is not a role,
// 58030 when the WAL write fails.
func (c *Catalog) SetSchemaCreate(grantee string, on bool) error {
	return c.schemaCreateIn(nil, grantee, on)
}

// schemaCreateIn is SetSchemaCreate with its record kept in txn
// (ddllog.go).
func (c *Catalog) schemaCreateIn(txn *Txn, grantee string, on bool) error {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if _, ok := c.roles.byName()[grantee]; !ok && grantee != PublicGrantee {
		return pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", grantee)
	}
	if c.roles.schemaCreate[grantee] == on {
		return nil
	}
	if err := c.logDDLIn(txn, recSchemaGrant, encodeSchemaGrant(grantee, on)); err != nil {
		return err
	}
	c.setSchemaCreate(grantee, on)
	c.roles.gen.Add(1)
	return nil
}

// setSchemaCreate changes the grantee set (roles.mu held, or start-up).
func (c *Catalog) setSchemaCreate(grantee string, on bool) {
	if !on {
		delete(c.roles.schemaCreate, grantee)
		return
	}
	if c.roles.schemaCreate == nil {
		c.roles.schemaCreate = map[string]bool{}
	}
	c.roles.schemaCreate[grantee] = true
}

// SchemaGrant payload: grantee, granted byte (1 grant, 0 revoke).
// Snapshot item after the roles: ngrantees, {grantee}... (absent in
// snapshots written before schema grants).

func encodeSchemaGrant(grantee string, on bool) []byte {
	return append(appendString(nil, grantee), boolByte(on))
}

func (c *Catalog) replaySchemaGrant(p []byte) error {
	d := &decoder{b: p}
	grantee, on := d.str(), d.byte1() == 1
	if d.err != nil {
		return fmt.Errorf("schema grant record: %w", d.err)
	}
	c.roles.mu.Lock()
	c.setSchemaCreate(grantee, on)
	c.roles.mu.Unlock()
	return nil
}

// appendSchemaGrants appends the snapshot item of the given grantees.
func appendSchemaGrants(b []byte, grantees []string) []byte {
	b = appendUvarint(b, uint64(len(grantees)))
	for _, g := range grantees {
		b = appendString(b, g)
	}
	return b
}

// readSchemaGrants restores the snapshot item of appendSchemaGrants.
func (c *Catalog) readSchemaGrants(d *decoder) {
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		g := d.str()
		c.roles.mu.Lock()
		c.setSchemaCreate(g, true)
		c.roles.mu.Unlock()
	}
}
