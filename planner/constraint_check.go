package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// bindCheck binds a CHECK constraint of t.
func bindCheck(t *catalog.Table, tc sql.TableConstraint) (*catalog.Constraint, error) {
	return nil, pgerror.NotSupported("CHECK constraints")
}
