package catalog

import (
	"fmt"
	"sort"
	"sync"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// BootstrapSuperuser is the role every data directory has from the start,
// without a password (trusted from local connections only), as initdb's
// superuser. It cannot be dropped.
const BootstrapSuperuser = "postgres"

// Role is a database role (PostgreSQL docs, chapter 22 "Database Roles").
// vecgres has no privileges: a role that may log in may run everything;
// Superuser is kept for the catalog views only.
type Role struct {
	Name      string
	Login     bool // LOGIN: the role may open connections (rolcanlogin)
	Superuser bool // SUPERUSER (rolsuper)
	// Verifier is the stored password verifier: PostgreSQL's
	// "SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>" or
	// "md5<32 hex digits>"; "" means no password. Never plaintext: the
	// planner hashes passwords (wire.EncryptPassword) before they get here.
	Verifier string
}

// roleSet holds the roles under their own lock, so that authentication
// never waits for a statement holding the catalog lock.
type roleSet struct {
	mu sync.RWMutex
	m  map[string]Role // nil until first use; then holds the bootstrap role
}

// byName returns the role map, creating it with the bootstrap superuser on
// first use (mu held exclusively or the map already made).
func (rs *roleSet) byName() map[string]Role {
	if rs.m == nil {
		rs.m = map[string]Role{BootstrapSuperuser: {Name: BootstrapSuperuser, Login: true, Superuser: true}}
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
func (c *Catalog) RoleVerifier(name string) (verifier string, login, ok bool) {
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
func (c *Catalog) CreateRole(r Role) error {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if _, ok := c.roles.byName()[r.Name]; ok {
		return pgerror.Errorf(pgerror.DuplicateObject, "role %q already exists", r.Name)
	}
	if err := c.logDDL(recCreateRole, encodeRole(r)); err != nil {
		return err
	}
	c.roles.m[r.Name] = r
	return nil
}

// AlterRole changes the named role with change (which must not rename it)
// and logs its new state. Errors: 42704 when the role does not exist, or
// change's error.
func (c *Catalog) AlterRole(name string, change func(r *Role) error) error {
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
	if err := c.logDDL(recAlterRole, encodeRole(r)); err != nil {
		return err
	}
	c.roles.m[name] = r
	return nil
}

// DropRole removes the named role. Errors: 42704 when it does not exist,
// 2BP01 for the bootstrap superuser.
func (c *Catalog) DropRole(name string) error {
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if _, ok := c.roles.byName()[name]; !ok {
		return pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", name)
	}
	if name == BootstrapSuperuser {
		return pgerror.Errorf(pgerror.DependentObjectsStillExist,
			"cannot drop role %s because it is required by the database system", name)
	}
	if err := c.logDDL(recDropRole, appendString(nil, name)); err != nil {
		return err
	}
	delete(c.roles.m, name)
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

// Role payload flags.
const (
	roleFlagLogin     = 1 << 0
	roleFlagSuperuser = 1 << 1
)

// encodeRole is the payload of CreateRole and AlterRole records:
// name, flags byte (bit 0 LOGIN, bit 1 SUPERUSER), verifier (strings are
// uvarint length + bytes).
func encodeRole(r Role) []byte {
	b := appendString(nil, r.Name)
	var flags byte
	if r.Login {
		flags |= roleFlagLogin
	}
	if r.Superuser {
		flags |= roleFlagSuperuser
	}
	b = append(b, flags)
	return appendString(b, r.Verifier)
}

func decodeRole(p []byte) (Role, error) {
	d := &decoder{b: p}
	r := Role{Name: d.str()}
	flags := d.byte1()
	r.Login = flags&roleFlagLogin != 0
	r.Superuser = flags&roleFlagSuperuser != 0
	r.Verifier = d.str()
	if d.err == nil && r.Name == "" {
		return r, fmt.Errorf("role record without a name")
	}
	return r, d.err
}
