package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// ownerOnly reports whether every command of an ALTER TABLE is OWNER TO
// (the form that applies to views too).
func ownerOnly(cmds []sql.AlterCmd) bool {
	for _, c := range cmds {
		if c.Kind != sql.AlterOwner {
			return false
		}
	}
	return len(cmds) > 0
}

// alterOwner runs ALTER TABLE|VIEW t OWNER TO role: a table's owner is
// the role that created it and does not change in vecgres, so OWNER TO
// that role (what a pg_dump script restored by its owner says) succeeds
// and changes nothing; another existing role is 0A000. Errors: 42704
// for an unknown role.
func alterOwner(s *Session, cat *catalog.Catalog, t *catalog.Table, cmds ...sql.AlterCmd) error {
	for _, c := range cmds {
		role := c.Name
		if c.Current {
			role = s.user()
		}
		if _, ok := cat.Role(role); !ok {
			return pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", role)
		}
		if role != t.Owner {
			return pgerror.NotSupported("ALTER TABLE ... OWNER TO a role other than the owner")
		}
	}
	return nil
}
