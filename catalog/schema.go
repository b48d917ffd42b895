package catalog

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Schemas (namespaces). A relation's catalog name is its qualified name
// "schema.name", except in schema public, where it is the bare name (so
// data directories written before schemas existed load with every table
// in public, unchanged). QualifiedName and SplitName convert; the planner
// resolves unqualified names through search_path before asking the
// catalog. The built-in schemas (public, pg_catalog, information_schema,
// pg_toast) always exist; user schemas are logged as Schema records
// (create, drop, rename, owner) and written in a snapshot's catalog file
// after the schema grants. They are guarded by the schema lock (mu).

// PublicSchema is the schema whose relations keep their bare names.
const PublicSchema = "public"

// Schema is one namespace. Owner is a role name ("pg_database_owner" for
// public, the bootstrap superuser for the other built-in ones).
type Schema struct {
	Name    string
	OID     uint32
	Owner   string
	BuiltIn bool
	// Grants maps a grantee (a role or PublicGrantee) to the privileges
	// granted on a user schema (SchemaUsage, SchemaCreate); the owner
	// holds both without a grant.
	Grants map[string]SchemaPriv
	// ACLSet is whether a GRANT or REVOKE ever changed a user schema's
	// privileges: nspacl is then explicit (the owner's aclitem at least),
	// NULL before, as in PostgreSQL.
	ACLSet bool
	// Comment is COMMENT ON SCHEMA's text on a user schema; "" for none.
	Comment string
	// Temp marks a session's temporary schema pg_temp_N (temp.go), never
	// logged; its owner may use it and create in it.
	Temp bool
}

// SchemaPriv is a set of schema privileges.
type SchemaPriv uint8

// Schema privileges (PostgreSQL's USAGE and CREATE on a namespace).
const (
	SchemaUsage SchemaPriv = 1 << iota
	SchemaCreate
)

// builtinSchemas are PostgreSQL 15's schemas with their OIDs.
var builtinSchemas = []Schema{
	{Name: "pg_catalog", OID: 11, Owner: BootstrapSuperuser, BuiltIn: true},
	{Name: "pg_toast", OID: 99, Owner: BootstrapSuperuser, BuiltIn: true},
	{Name: PublicSchema, OID: 2200, Owner: "pg_database_owner", BuiltIn: true},
	{Name: "information_schema", OID: 13207, Owner: BootstrapSuperuser, BuiltIn: true},
}

// QualifiedName is the catalog name of relation name in schema.
func QualifiedName(schema, name string) string {
	if schema == PublicSchema || schema == "" {
		return name
	}
	return schema + "." + name
}

// SplitName splits a catalog name into its schema and bare name: a name
// whose prefix before the first dot is a user schema is in that schema,
// any other in public. Lock held.
func (c *Catalog) SplitName(name string) (schema, base string) {
	if s, b, ok := strings.Cut(name, "."); ok {
		if sc, ok := c.schemas[s]; ok && !sc.BuiltIn {
			return s, b
		}
	}
	return PublicSchema, name
}

// LookupSchema returns the schema named name (built-in or user); its
// Grants are shared, not to be changed. Lock held.
func (c *Catalog) LookupSchema(name string) (Schema, bool) {
	if s, ok := c.schemas[name]; ok {
		return *s, true
	}
	for _, s := range builtinSchemas {
		if s.Name == name {
			return s, true
		}
	}
	return Schema{}, false
}

// Schemas returns every schema, built-in ones included, sorted by name.
// Lock held.
func (c *Catalog) Schemas() []Schema {
	out := append([]Schema(nil), builtinSchemas...)
	for _, s := range c.schemas {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// SchemaRelations returns the tables of user schema name, sorted. Lock held.
func (c *Catalog) SchemaRelations(name string) []*Table {
	var out []*Table
	for _, t := range c.Tables() {
		if s, _ := c.SplitName(t.Name); s == name {
			out = append(out, t)
		}
	}
	return out
}

// CreateSchema makes schema name owned by owner, logged in the running
// statement's transaction (RouteDDL); rollback drops it. Lock held
// exclusively. Errors: 42P06 when it exists, WAL errors.
func (c *Catalog) CreateSchema(txn *Txn, name, owner string) error {
	if _, ok := c.LookupSchema(name); ok {
		return pgerror.Errorf(pgerror.DuplicateSchema, "schema \"%s\" already exists", name)
	}
	s := &Schema{Name: name, OID: c.allocOID(), Owner: owner}
	if err := c.logDDL(recSchema, encodeSchemaOp(schemaCreate, s, "")); err != nil {
		return err
	}
	c.putSchema(s)
	txn.addUndo(func() error { return c.dropSchemaObj(name) })
	return nil
}

// DropSchema removes the empty user schema name (the caller dropped its
// relations). Lock held exclusively. Errors: 3F000, WAL errors.
func (c *Catalog) DropSchema(txn *Txn, name string) error {
	s, ok := c.schemas[name]
	if !ok {
		return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", name)
	}
	if s.Temp {
		return errTempSchema() // temp.go
	}
	if err := c.dropSchemaObj(name); err != nil {
		return err
	}
	old := *s
	txn.addUndo(func() error {
		if err := c.logDDL(recSchema, encodeSchemaOp(schemaCreate, &old, "")); err != nil {
			return err
		}
		c.putSchema(&old)
		return nil
	})
	return nil
}

func (c *Catalog) dropSchemaObj(name string) error {
	s, ok := c.schemas[name]
	if !ok {
		return nil
	}
	if err := c.logDDL(recSchema, encodeSchemaOp(schemaDrop, s, "")); err != nil {
		return err
	}
	delete(c.schemas, name)
	c.version++
	return nil
}

// AlterSchemaOwner makes owner own user schema name. Lock held
// exclusively. Errors: 3F000, WAL errors.
func (c *Catalog) AlterSchemaOwner(txn *Txn, name, owner string) error {
	s, ok := c.schemas[name]
	if !ok {
		return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", name)
	}
	if s.Temp {
		return errTempSchema() // temp.go
	}
	prev := s.Owner
	set := func(o string) error {
		if err := c.logDDL(recSchema, encodeSchemaOp(schemaOwner, &Schema{Name: name, OID: s.OID, Owner: o}, "")); err != nil {
			return err
		}
		s.Owner = o
		c.version++
		return nil
	}
	if err := set(owner); err != nil {
		return err
	}
	txn.addUndo(func() error { return set(prev) })
	return nil
}

// SchemaPrivileges returns the privileges role holds on schema name:
// both for superusers and a user schema's owner, USAGE on the built-in
// schemas (CREATE on public as CanCreateInSchema says), else what was
// granted to role or PUBLIC. Lock held.
func (c *Catalog) SchemaPrivileges(name, role string) SchemaPriv {
	s, ok := c.LookupSchema(name)
	switch {
	case !ok:
		return 0
	case c.IsSuperuser(role) || !s.BuiltIn && s.Owner == role || s.Temp:
		return SchemaUsage | SchemaCreate
	case s.Name == PublicSchema && c.CanCreateInSchema(role):
		return SchemaUsage | SchemaCreate
	case s.BuiltIn:
		return SchemaUsage
	}
	return s.Grants[role] | s.Grants[PublicGrantee]
}

// GrantSchema grants (on) or revokes privileges priv on user schema name
// to grantee (a role or PublicGrantee), logged; rollback restores the
// grantee's previous set. Lock held exclusively. Errors: 3F000, WAL
// errors.
func (c *Catalog) GrantSchema(txn *Txn, name, grantee string, priv SchemaPriv, on bool) error {
	s, ok := c.schemas[name]
	if !ok {
		return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", name)
	}
	if s.Temp {
		return errTempSchema() // temp.go
	}
	prev := s.Grants[grantee]
	next := prev &^ priv
	if on {
		next = prev | priv
	}
	set := func(p SchemaPriv) error {
		if err := c.logDDL(recSchema, encodeSchemaGrantOp(s, grantee, p)); err != nil {
			return err
		}
		s.setGrant(grantee, p)
		c.version++
		return nil
	}
	if next == prev && s.ACLSet {
		return nil // a REVOKE of nothing still makes the ACL explicit
	}
	wasSet := s.ACLSet
	if err := set(next); err != nil {
		return err
	}
	txn.addUndo(func() error {
		err := set(prev)
		s.ACLSet = wasSet // in memory: replaying the WAL leaves it set
		return err
	})
	return nil
}

// setGrant makes grantee's privileges on s p (none: no entry).
func (s *Schema) setGrant(grantee string, p SchemaPriv) {
	s.ACLSet = true
	if p == 0 {
		delete(s.Grants, grantee)
		return
	}
	if s.Grants == nil {
		s.Grants = map[string]SchemaPriv{}
	}
	s.Grants[grantee] = p
}

// RenameSchema renames user schema from to to, with the catalog names of
// its relations (each moved as SetTableSchema moves it, so each logs its
// own records after the Schema record). Rollback renames all back.
// Lock held exclusively. Errors: 3F000, 42P06, WAL errors.
func (c *Catalog) RenameSchema(txn *Txn, from, to string) error {
	s, ok := c.schemas[from]
	if !ok {
		return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", from)
	}
	if s.Temp {
		return errTempSchema() // temp.go
	}
	if _, ok := c.LookupSchema(to); ok {
		return pgerror.Errorf(pgerror.DuplicateSchema, "schema \"%s\" already exists", to)
	}
	tables := c.SchemaRelations(from)
	rename := func(a, b string) error {
		if err := c.logDDL(recSchema, encodeSchemaOp(schemaRename, &Schema{Name: a, OID: s.OID, Owner: b}, "")); err != nil {
			return err
		}
		c.applyRenameSchema(a, b)
		return nil
	}
	if err := rename(from, to); err != nil {
		return err
	}
	txn.addUndo(func() error { return rename(to, from) })
	for _, t := range tables {
		c.RememberTable(txn, t)
		if err := c.moveTable(txn, t, from, to); err != nil {
			return err
		}
	}
	return nil
}

func (c *Catalog) applyRenameSchema(from, to string) {
	if s, ok := c.schemas[from]; ok {
		delete(c.schemas, from)
		s.Name = to
		c.schemas[to] = s
		c.version++
	}
}

func (c *Catalog) putSchema(s *Schema) {
	if c.schemas == nil {
		c.schemas = map[string]*Schema{}
	}
	c.schemas[s.Name] = s
	if s.OID >= c.nextOID {
		c.nextOID = s.OID + 1
	}
	c.version++
}

// Schema record payload: op byte, name, oid, owner; for schemaGrant the
// owner field is the grantee, followed by the privilege byte.
const (
	schemaCreate byte = 1
	schemaDrop   byte = 2
	schemaOwner  byte = 3
	schemaGrant  byte = 4
	schemaRename byte = 5 // the owner field is the new name
	schemaNote   byte = 6 // COMMENT ON SCHEMA: the owner field is the comment (comment.go)
)

func encodeSchemaGrantOp(s *Schema, grantee string, p SchemaPriv) []byte {
	return append(encodeSchemaOp(schemaGrant, &Schema{Name: s.Name, OID: s.OID, Owner: grantee}, ""), byte(p))
}

func encodeSchemaOp(op byte, s *Schema, _ string) []byte {
	b := append([]byte{op}, appendString(nil, s.Name)...)
	b = appendUvarint(b, uint64(s.OID))
	return appendString(b, s.Owner)
}

func (c *Catalog) replaySchema(p []byte) error {
	d := &decoder{b: p}
	op := d.byte1()
	s := &Schema{Name: d.str(), OID: uint32(d.uvarint()), Owner: d.str()}
	if d.err != nil {
		return fmt.Errorf("schema record: %w", d.err)
	}
	switch op {
	case schemaCreate:
		c.putSchema(s)
	case schemaDrop:
		delete(c.schemas, s.Name)
	case schemaOwner:
		if cur, ok := c.schemas[s.Name]; ok {
			cur.Owner = s.Owner
		}
	case schemaRename:
		c.applyRenameSchema(s.Name, s.Owner)
	case schemaNote:
		if cur, ok := c.schemas[s.Name]; ok {
			cur.Comment = s.Owner
		}
	case schemaGrant:
		p := SchemaPriv(d.byte1())
		if cur, ok := c.schemas[s.Name]; ok && d.err == nil {
			cur.setGrant(s.Owner, p)
		}
		return d.err
	default:
		return fmt.Errorf("schema record: unknown op %d", op)
	}
	return nil
}

// appendSchemas appends the snapshot item of the user schemas: n, then
// per schema name, oid, owner, ngrants, {grantee, privilege byte}; then
// ncomments, {name, comment}... for the schemas with a comment (absent
// in older snapshots).
func appendSchemas(b []byte, list []Schema) []byte {
	b = appendUvarint(b, uint64(len(list)))
	for _, s := range list {
		b = appendUvarint(appendString(b, s.Name), uint64(s.OID))
		b = appendString(b, s.Owner)
		grantees := make([]string, 0, len(s.Grants))
		for g := range s.Grants {
			grantees = append(grantees, g)
		}
		sort.Strings(grantees)
		if s.ACLSet {
			grantees = append([]string{aclSetMark}, grantees...) // owner.go
		}
		b = appendUvarint(b, uint64(len(grantees)))
		for _, g := range grantees {
			b = append(appendString(b, g), byte(s.Grants[g]))
		}
	}
	var noted []Schema
	for _, s := range list {
		if s.Comment != "" {
			noted = append(noted, s)
		}
	}
	b = appendUvarint(b, uint64(len(noted)))
	for _, s := range noted {
		b = appendString(appendString(b, s.Name), s.Comment)
	}
	return b
}

// readSchemas restores the snapshot item of appendSchemas.
func (c *Catalog) readSchemas(d *decoder) {
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		s := &Schema{Name: d.str(), OID: uint32(d.uvarint()), Owner: d.str()}
		ng := d.uvarint()
		for j := uint64(0); j < ng && d.err == nil; j++ {
			g := d.str()
			s.setGrant(g, SchemaPriv(d.byte1()))
		}
		if d.err == nil {
			c.putSchema(s)
		}
	}
	if len(d.b) == 0 || d.err != nil {
		return
	}
	n = d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		name, text := d.str(), d.str()
		if s, ok := c.schemas[name]; ok {
			s.Comment = text
		}
	}
}

// userSchemasLocked returns copies of the user schemas sorted by name.
// Lock held.
func (c *Catalog) userSchemasLocked() []Schema {
	var out []Schema
	for _, s := range c.schemas {
		cp := *s
		cp.Grants = maps.Clone(s.Grants)
		out = append(out, cp)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// SetTableSchema moves t to schema (ALTER TABLE ... SET SCHEMA): its
// catalog name, its primary key's, unique keys' and other indexes' names
// take the schema, as PostgreSQL moves a table's indexes, sequences and
// constraints with it. Rollback of txn moves them back (the caller
// remembered t's definition, RememberTable). Lock held exclusively.
// Errors: 42P07 when schema has a relation of the table's or an index's
// name, WAL errors.
func (c *Catalog) SetTableSchema(txn *Txn, t *Table, schema string) error {
	from, _ := c.SplitName(t.Name)
	return c.moveTable(txn, t, from, schema)
}

// moveTable is SetTableSchema for a table whose names carry schema from
// (which may be renamed already: RenameSchema).
func (c *Catalog) moveTable(txn *Txn, t *Table, from, schema string) error {
	move := func(name string) string {
		base := name
		if from != PublicSchema {
			base = strings.TrimPrefix(name, from+".")
		}
		return QualifiedName(schema, base)
	}
	nt := c.proposal(t)
	nt.Name = move(t.Name)
	if t.PKeyName != "" {
		nt.PKeyName = move(t.PKeyName)
	}
	for _, k := range nt.Constraints {
		k.Name = move(k.Name)
	}
	var plain []*Index
	for _, ix := range t.Indexes {
		if ix.Name != t.PKeyName && ix.Key == nil {
			plain = append(plain, ix)
		}
	}
	names := []string{nt.Name, nt.PKeyName}
	for _, ix := range plain {
		names = append(names, move(ix.Name))
	}
	for _, name := range names {
		if name != "" && c.RelationExists(name) {
			base := bareName(name)
			return pgerror.Errorf(pgerror.DuplicateTable, "relation \"%s\" already exists in schema \"%s\"", base, schema)
		}
	}
	if err := c.alter(t, nt); err != nil {
		return err
	}
	for _, ix := range plain {
		from := ix.Name
		if err := c.renameIndex(ix, move(from)); err != nil {
			return err
		}
		txn.addUndo(func() error { return c.renameIndex(ix, from) })
	}
	return nil
}

// bareName is a catalog name without its schema, for error messages,
// which name relations and constraints unqualified as PostgreSQL's: the
// text after the first dot (read without the schema lock, so a quoted
// public name holding a dot loses its head too).
func bareName(name string) string {
	if _, base, ok := strings.Cut(name, "."); ok {
		return base
	}
	return name
}
