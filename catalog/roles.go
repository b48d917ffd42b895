package catalog

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// BootstrapSuperuser is the role every data directory has from the start,
// without a password (trusted from local connections only), as initdb's
// superuser. It cannot be dropped.
const BootstrapSuperuser = "postgres"

// Role is a database role (PostgreSQL docs, chapter 22 "Database Roles").
// A superuser passes every privilege check; CREATEROLE lets a role create,
// alter and drop roles that are not superusers; CREATEDB is kept for the
// catalog views only (vecgres has one database). Privileges on tables
// and on schema public are in owner.go and owner_schema.go.
type Role struct {
	Name       string
	Login      bool // LOGIN: the role may open connections (rolcanlogin)
	Superuser  bool // SUPERUSER (rolsuper)
	CreateRole bool // CREATEROLE (rolcreaterole)
	CreateDB   bool // CREATEDB (rolcreatedb)
	// Verifier is the stored password verifier: PostgreSQL's
	// "SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>" or
	// "md5<32 hex digits>"; "" means no password. Never plaintext: the
	// planner hashes passwords (wire.EncryptPassword) before they get here.
	Verifier string
	// Comment is COMMENT ON ROLE's text ("" for none; pg_shdescription).
	Comment string
}

// roleSet holds the roles under their own lock, so that authentication
// never waits for a statement holding the catalog lock.
type roleSet struct {
	mu sync.RWMutex
	m  map[string]Role // nil until first use; then holds the bootstrap role
	// schemaCreate holds the grantees of CREATE on schema public
	// (owner_schema.go); PublicGrantee for every role.
	schemaCreate map[string]bool
	// gen counts changes to roles and schema grants; Version adds it, so
	// that statements whose privileges were checked are bound again.
	gen atomic.Uint64
	// pending holds, for each role a transaction still open created,
	// altered or dropped, its committed state (undo_roles.go): what
	// authentication sees until that transaction ends.
	pending map[string]pendingRole
}

// byName returns the role map, creating it with the bootstrap superuser on
// first use (mu held exclusively or the map already made).
func (rs *roleSet) byName() map[string]Role {
	if rs.m == nil {
		rs.m = map[string]Role{BootstrapSuperuser: {Name: BootstrapSuperuser, Login: true, Superuser: true,
			CreateRole: true, CreateDB: true}}
	}
	return rs.m
}

// Role returns the named role. Safe for concurrent use; needs no catalog
// lock.
func (c *Catalog) Role(name string) (Role, bool) {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	r, ok := c.roles.byName()[name]
	return r, ok
}

// RoleVerifier returns the password verifier of the named role ("" when it
// has none), whether it may log in, and whether it exists. It implements
// wire.RoleStore. Safe for concurrent use; needs no catalog lock.
// A role changed by a transaction still open reads as it was committed.
func (c *Catalog) RoleVerifier(name string) (verifier string, login, ok bool) {
	if old, pending := c.committedRole(name); pending {
		if old == nil {
			return "", false, false
		}
		return old.Verifier, old.Login, true
	}
	r, ok := c.Role(name)
	return r.Verifier, r.Login, ok
}

// Roles returns every role sorted by name, the bootstrap superuser
// included: for catalog views and checkpoints (restore with addRole).
func (c *Catalog) Roles() []Role {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	out := make([]Role, 0, len(c.roles.byName()))
	for _, r := range c.roles.byName() {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// CreateRole adds r and logs it (durable when it returns nil). Errors:
// 42710 when the name is taken, 58030 when the WAL write fails.
func (c *Catalog) CreateRole(r Role) error { return c.createRole(nil, r) }

// createRole is CreateRole with its record kept in txn (ddllog.go).
func (c *Catalog) createRole(txn *Txn, r Role) error {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if _, ok := c.roles.byName()[r.Name]; ok {
		return pgerror.Errorf(pgerror.DuplicateObject, "role %q already exists", r.Name)
	}
	if err := c.logDDLIn(txn, recCreateRole, encodeRole(r)); err != nil {
		return err
	}
	c.roles.m[r.Name] = r
	c.roles.gen.Add(1)
	return nil
}

// AlterRole changes the named role with change (which must not rename it)
// and logs its new state. Errors: 42704 when the role does not exist, or
// change's error.
func (c *Catalog) AlterRole(name string, change func(r *Role) error) error {
	return c.alterRole(nil, name, change)
}

// alterRole is AlterRole with its record kept in txn (ddllog.go).
func (c *Catalog) alterRole(txn *Txn, name string, change func(r *Role) error) error {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	r, ok := c.roles.byName()[name]
	if !ok {
		return pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", name)
	}
	if err := change(&r); err != nil {
		return err
	}
	r.Name = name
	if err := c.logDDLIn(txn, recAlterRole, encodeRole(r)); err != nil {
		return err
	}
	c.roles.m[name] = r
	c.roles.gen.Add(1)
	return nil
}

// DropRole removes the named role. It takes the schema lock shared (the
// caller must not hold it) to look for objects depending on the role.
// Errors: 42704 when it does not exist, 2BP01 for the bootstrap superuser
// and for a role that owns tables or holds privileges ("role \"x\" cannot
// be dropped because some objects depend on it", with PostgreSQL's detail
// lines "privileges for schema public", "privileges for table t",
// "owner of table t").
func (c *Catalog) DropRole(name string) error { return c.dropRole(nil, name) }

// dropRole is DropRole with its record kept in txn (ddllog.go).
func (c *Catalog) dropRole(txn *Txn, name string) error {
	c.mu.RLock()
	defer c.mu.RUnlock()
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if _, ok := c.roles.byName()[name]; !ok {
		return pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", name)
	}
	if err := c.dropRoleCheck(name); err != nil {
		return err
	}
	if err := c.logDDLIn(txn, recDropRole, appendString(nil, name)); err != nil {
		return err
	}
	delete(c.roles.m, name)
	c.roles.gen.Add(1)
	return nil
}

// CheckDropRole returns the error DropRole would give for the existing
// role name because of what depends on it (2BP01), without dropping it:
// for DROP ROLE of several names, which drops none if one fails. It takes
// the schema lock shared (the caller must not hold it).
func (c *Catalog) CheckDropRole(name string) error {
	c.mu.RLock()
	defer c.mu.RUnlock()
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	return c.dropRoleCheck(name)
}

// dropRoleCheck refuses to drop the bootstrap superuser and roles other
// objects depend on (schema lock and role lock held).
func (c *Catalog) dropRoleCheck(name string) error {
	if name == BootstrapSuperuser {
		return pgerror.Errorf(pgerror.DependentObjectsStillExist,
			"cannot drop role %s because it is required by the database system", name)
	}
	if deps := c.roleDependencies(name); len(deps) > 0 {
		return pgerror.Errorf(pgerror.DependentObjectsStillExist,
			"role %q cannot be dropped because some objects depend on it", name).
			WithDetail(strings.Join(deps, "\n"))
	}
	return nil
}

// addRole enters r, replacing a role of the same name, without logging:
// for WAL replay and for restoring a checkpoint's roles.
func (c *Catalog) addRole(r Role) {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	c.roles.byName()[r.Name] = r
}

// replayRole applies a CreateRole, AlterRole or DropRole record.
func (c *Catalog) replayRole(typ wal.RecordType, p []byte) error {
	if typ == recDropRole {
		d := &decoder{b: p}
		name := d.str()
		if d.err != nil {
			return fmt.Errorf("drop role record: %w", d.err)
		}
		c.roles.mu.Lock()
		delete(c.roles.byName(), name)
		c.roles.mu.Unlock()
		return nil
	}
	r, err := decodeRole(p)
	if err != nil {
		return fmt.Errorf("role record: %w", err)
	}
	c.addRole(r)
	return nil
}

// Role payload flags. Records written before CREATEROLE and CREATEDB were
// kept have bits 2 and 3 clear.
const (
	roleFlagLogin      = 1 << 0
	roleFlagSuperuser  = 1 << 1
	roleFlagCreateRole = 1 << 2
	roleFlagCreateDB   = 1 << 3
)

// encodeRole is the payload of CreateRole and AlterRole records:
// name, flags byte (bit 0 LOGIN, bit 1 SUPERUSER, bit 2 CREATEROLE,
// bit 3 CREATEDB), verifier (strings are uvarint length + bytes).
func encodeRole(r Role) []byte {
	b := appendString(nil, r.Name)
	var flags byte
	for _, f := range []struct {
		on  bool
		bit byte
	}{{r.Login, roleFlagLogin}, {r.Superuser, roleFlagSuperuser},
		{r.CreateRole, roleFlagCreateRole}, {r.CreateDB, roleFlagCreateDB}} {
		if f.on {
			flags |= f.bit
		}
	}
	b = append(b, flags)
	b = appendString(b, r.Verifier)
	if r.Comment != "" { // absent in records written before role comments
		b = appendString(b, r.Comment)
	}
	return b
}

func decodeRole(p []byte) (Role, error) {
	d := &decoder{b: p}
	r := Role{Name: d.str()}
	flags := d.byte1()
	r.Login = flags&roleFlagLogin != 0
	r.Superuser = flags&roleFlagSuperuser != 0
	r.CreateRole = flags&roleFlagCreateRole != 0
	r.CreateDB = flags&roleFlagCreateDB != 0
	r.Verifier = d.str()
	if d.err == nil && len(d.b) > 0 {
		r.Comment = d.str()
	}
	if d.err == nil && r.Name == "" {
		return r, fmt.Errorf("role record without a name")
	}
	return r, d.err
}
