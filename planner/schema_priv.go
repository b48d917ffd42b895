package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
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
	if schema == catalog.PublicSchema {
		return s.cat.CanCreateInSchema(role)
	}
	sc, ok := s.cat.LookupSchema(schema)
	return ok && (s.cat.IsSuperuser(role) || !sc.BuiltIn && sc.Owner == role)
}
