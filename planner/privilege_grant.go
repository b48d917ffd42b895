package planner

import (
	"context"
	"sort"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// GRANT and REVOKE (PostgreSQL docs, GRANT): privileges on tables, and
// CREATE on schema public. vecgres has no grant options: only a table's
// owner (or a superuser) grants on it; another role holding some privilege
// on the table gets PostgreSQL's warning and changes nothing, one holding
// none gets 42501. USAGE on schema public is held by every role and is
// not kept: granting or revoking it changes nothing.

// tablePrivileges are the privilege names GRANT takes ON [TABLE]: a
// table's, and USAGE for a sequence named there.
var tablePrivileges = map[string]catalog.Privilege{
	"select": catalog.PrivSelect, "insert": catalog.PrivInsert, "update": catalog.PrivUpdate,
	"delete": catalog.PrivDelete, "truncate": catalog.PrivTruncate, "references": catalog.PrivReferences,
	"trigger": catalog.PrivTrigger, "usage": catalog.PrivUsage,
}

// sequencePrivileges are the privilege names GRANT takes ON SEQUENCE.
var sequencePrivileges = map[string]catalog.Privilege{
	"usage": catalog.PrivUsage, "select": catalog.PrivSelect, "update": catalog.PrivUpdate,
}

// Schema privileges (a local bit set: only CREATE is kept).
const (
	schemaCreate = 1 << iota
	schemaUsage
)

var schemaPrivileges = map[string]int{"create": schemaCreate, "usage": schemaUsage}

func (b *binder) planGrant(x *sql.Grant) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		res := &backend.Result{Tag: "GRANT"}
		if x.Revoke {
			res.Tag = "REVOKE"
		}
		grantees, err := ex.s.grantees(x.Grantees)
		if err != nil {
			return nil, err
		}
		if x.Schema {
			err = ex.s.grantSchema(x, grantees, res)
		} else {
			err = ex.s.grantTables(x, grantees, res)
		}
		if err != nil {
			return nil, err
		}
		return res, nil
	}}
}

// grantees resolves GRANT's role list: PUBLIC is catalog.PublicGrantee;
// every named role must exist (42704).
func (s *Session) grantees(list []sql.Grantee) ([]string, error) {
	var out []string
	for _, g := range list {
		switch {
		case g.Public:
			out = append(out, catalog.PublicGrantee)
		case g.Current:
			out = append(out, s.user())
		default:
			if _, ok := s.cat.Role(g.Name); !ok {
				return nil, pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", g.Name)
			}
			out = append(out, g.Name)
		}
	}
	return out, nil
}

// grantTables runs GRANT | REVOKE ... ON [TABLE] names or ON SEQUENCE
// names (schema lock held exclusively). Every relation is checked before
// any grant changes.
func (s *Session) grantTables(x *sql.Grant, grantees []string, res *backend.Result) error {
	priv, err := grantPrivileges(x)
	if err != nil {
		return err
	}
	tables, err := s.grantTargets(x)
	if err != nil {
		return err
	}
	var change []*catalog.Table
	privs := map[*catalog.Table]catalog.Privilege{}
	for _, t := range tables {
		p, err := relationGrant(x, t, priv, res)
		if err != nil {
			return err
		}
		privs[t] = p
		switch {
		case s.cat.OwnsTable(t, s.user()):
			change = append(change, t)
		case s.cat.TablePrivilegesIn(s.txn, t, s.user()) == 0:
			return s.errRelPrivilege(t)
		default:
			res.Notices = append(res.Notices, grantWarning(x.Revoke, t.Name))
		}
	}
	for _, t := range change {
		priv := privs[t]
		for _, g := range grantees {
			if g == t.Owner {
				continue // the owner holds every privilege anyway
			}
			old := s.cat.TableGrants(t)[g]
			now := old | priv
			if x.Revoke {
				now = old &^ priv
			}
			if err := s.cat.SetTableGrantIn(s.ddlTxn(), t, g, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// grantPrivileges are the privileges GRANT names, 0 for ALL. Errors:
// 0LP01 for a name that is no privilege of the object kind.
func grantPrivileges(x *sql.Grant) (catalog.Privilege, error) {
	words, kind := tablePrivileges, "relation"
	if x.Sequence {
		words, kind = sequencePrivileges, "sequence"
	}
	var priv catalog.Privilege
	for _, name := range x.Privileges {
		p, ok := words[name]
		if !ok {
			return 0, pgerror.Errorf(pgerror.InvalidGrantOperation, "invalid privilege type %s for %s", strings.ToUpper(name), kind)
		}
		priv |= p
	}
	return priv, nil
}

// relationGrant is what GRANT's privileges priv (0: ALL) give on t, as
// PostgreSQL's ExecGrant_Relation: ALL is the relation kind's all; a
// sequence named ON [TABLE] keeps USAGE, SELECT and UPDATE, with a
// warning when others were named. Errors: 42809 for a relation ON
// SEQUENCE names that is no sequence, 0LP01 for USAGE on a table.
func relationGrant(x *sql.Grant, t *catalog.Table, priv catalog.Privilege, res *backend.Result) (catalog.Privilege, error) {
	switch {
	case x.Sequence && !t.IsSequence():
		return 0, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a sequence", bareName(t.Name))
	case priv == 0:
		return t.AllPrivileges(), nil
	case t.IsSequence() && priv&^catalog.PrivSeqAll != 0:
		res.Notices = append(res.Notices, backend.Notice{Severity: "WARNING", Code: string(pgerror.InvalidGrantOperation),
			Message: "sequence \"" + bareName(t.Name) + "\" only supports USAGE, SELECT, and UPDATE privileges"})
		return priv & catalog.PrivSeqAll, nil
	case !t.IsSequence() && priv&catalog.PrivUsage != 0:
		return 0, pgerror.New(pgerror.InvalidGrantOperation, "invalid privilege type USAGE for table")
	}
	return priv, nil
}

// errRelPrivilege is 42501 for t: "permission denied for sequence s"
// or "... for table t".
func (s *Session) errRelPrivilege(t *catalog.Table) error {
	if t.IsSequence() {
		return errSeqPrivilege(bareName(t.Name))
	}
	return errTablePrivilege(t.Name)
}

// grantTargets resolves the relations of GRANT: the named ones (42P01
// when missing, 42809 for an index), or every table (sequence) of the
// schemas named by ALL TABLES (SEQUENCES) IN SCHEMA.
func (s *Session) grantTargets(x *sql.Grant) ([]*catalog.Table, error) {
	if x.AllTablesIn {
		in := map[string]bool{}
		for _, name := range x.Objects {
			if _, ok := s.cat.LookupSchema(name); !ok {
				return nil, pgerror.Errorf(pgerror.InvalidSchemaName, "schema %q does not exist", name)
			}
			in[name] = true
		}
		var tables []*catalog.Table
		for _, t := range s.cat.Tables() {
			if schema, _ := s.cat.SplitName(t.Name); in[schema] && t.IsSequence() == x.Sequence { // ALL TABLES leaves sequences out
				tables = append(tables, t)
			}
		}
		sort.Slice(tables, func(i, j int) bool { return tables[i].Name < tables[j].Name })
		return tables, nil
	}
	var out []*catalog.Table
	for _, name := range x.Objects {
		t, ok := s.lookupTable(name)
		if !ok {
			if _, isIndex := s.cat.Index(s.relKey(name)); isIndex {
				return nil, pgerror.Errorf(pgerror.WrongObjectType, "%q is an index", name)
			}
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
		}
		out = append(out, t)
	}
	return out, nil
}

// grantSchema runs GRANT | REVOKE ... ON SCHEMA public. The schema belongs
// to the bootstrap superuser (pg_database_owner): other roles, which all
// hold USAGE, get PostgreSQL's warning and change nothing.
func (s *Session) grantSchema(x *sql.Grant, grantees []string, res *backend.Result) error {
	priv := schemaCreate | schemaUsage
	if len(x.Privileges) > 0 {
		priv = 0
		for _, name := range x.Privileges {
			p, ok := schemaPrivileges[name]
			if !ok {
				return pgerror.Errorf(pgerror.InvalidGrantOperation, "invalid privilege type %s for schema", strings.ToUpper(name))
			}
			priv |= p
		}
	}
	var user []string
	for _, name := range x.Objects {
		sc, ok := s.cat.LookupSchema(name)
		switch {
		case !ok:
			return pgerror.Errorf(pgerror.InvalidSchemaName, "schema %q does not exist", name)
		case !sc.BuiltIn:
			user = append(user, name)
		case name != "public":
			return pgerror.NotSupported("GRANT and REVOKE on schema " + name)
		}
	}
	if len(user) > 0 { // schema_priv.go
		var p catalog.SchemaPriv
		if priv&schemaCreate != 0 {
			p |= catalog.SchemaCreate
		}
		if priv&schemaUsage != 0 {
			p |= catalog.SchemaUsage
		}
		for _, name := range user {
			if err := s.grantUserSchema(name, p, x.Revoke, grantees, res); err != nil {
				return err
			}
		}
		if len(user) == len(x.Objects) {
			return nil
		}
	}
	if !s.cat.IsSuperuser(s.user()) {
		for _, name := range x.Objects {
			if name == "public" {
				res.Notices = append(res.Notices, grantWarning(x.Revoke, name))
			}
		}
		return nil
	}
	if priv&schemaCreate == 0 {
		return nil
	}
	for _, g := range grantees {
		if err := s.cat.SetSchemaCreateIn(s.ddlTxn(), g, !x.Revoke); err != nil {
			return err
		}
	}
	return nil
}

// grantWarning is PostgreSQL's warning when a role without grant options
// grants or revokes on object.
func grantWarning(revoke bool, object string) backend.Notice {
	if revoke {
		return backend.Notice{Severity: "WARNING", Code: string(pgerror.PrivilegeNotRevoked),
			Message: "no privileges could be revoked for \"" + object + "\""}
	}
	return backend.Notice{Severity: "WARNING", Code: string(pgerror.PrivilegeNotGranted),
		Message: "no privileges were granted for \"" + object + "\""}
}
