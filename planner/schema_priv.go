package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Privileges on schemas (PostgreSQL 15): creating a relation needs CREATE
// on its schema. In public that is the superuser's, or a grantee's
// (catalog.CanCreateInSchema); in a user schema its owner's and
// superusers'. pg_catalog takes no new relation (42501).

// checkCreateIn returns 42501 `permission denied for schema s` (at the
// name's offset pos) unless the session's role may create the relation
// with catalog name key. Latch held.
func (s *Session) checkCreateIn(key string, pos int) error {
	schema, _ := s.cat.SplitName(key)
	if s.canCreateIn(schema, s.user()) {
		return nil
	}
	return atOffset(pgerror.New(pgerror.InsufficientPrivilege, "permission denied for schema "+schema), pos)
}

// canCreateIn reports whether role holds CREATE on schema. Latch held.
func (s *Session) canCreateIn(schema, role string) bool {
	return s.cat.SchemaPrivileges(schema, role)&catalog.SchemaCreate != 0
}

// checkUsage returns 42501 `permission denied for schema s` unless the
// session's role holds USAGE on t's schema. Latch held.
func (s *Session) checkUsage(t *catalog.Table) error {
	schema, _ := s.cat.SplitName(t.Name)
	if s.cat.SchemaPrivileges(schema, s.privRole())&catalog.SchemaUsage != 0 {
		return nil
	}
	return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for schema "+schema)
}

// checkUsageAt is checkUsage with the error at byte offset pos of the
// table's name (-1: none), where PostgreSQL reports it. Latch held.
func (s *Session) checkUsageAt(t *catalog.Table, pos int) error {
	if err := s.checkUsage(t); err != nil {
		return atOffset(err.(*pgerror.Error), pos)
	}
	return nil
}

// grantUserSchema runs GRANT | REVOKE priv ON SCHEMA name for a user
// schema: its owner and superusers change the grants; another role gets
// PostgreSQL's warning and changes nothing, or 42501 when it holds no
// privilege on the schema at all. Latch held exclusively.
func (s *Session) grantUserSchema(name string, priv catalog.SchemaPriv, revoke bool, grantees []string, res *backend.Result) error {
	sc, _ := s.cat.LookupSchema(name)
	if sc.Owner != s.user() && !s.cat.IsSuperuser(s.user()) {
		if s.cat.SchemaPrivileges(name, s.user()) == 0 {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for schema "+name)
		}
		res.Notices = append(res.Notices, grantWarning(revoke, name))
		return nil
	}
	for _, g := range grantees {
		if err := s.cat.GrantSchema(s.ddlTxn(), name, g, priv, !revoke); err != nil {
			return err
		}
	}
	return nil
}
