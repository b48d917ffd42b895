package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// tableOIDColumn is the system column tableoid of table t (PostgreSQL
// docs 5.5): the OID of the table a row comes from, the same for every
// row of a table, so a constant of type oid. psql's \dd and \dL read it
// (pgc.tableoid) to join pg_description. ok is false for another name,
// for a relation that is no table (a subquery, a function), and when the
// table has a column of that name, which then wins. Other system columns
// (ctid, xmin, xmax, cmin, cmax) are not served.
func tableOIDColumn(c *sql.ColumnRef, t *catalog.Table) (expr, bool) {
	if c.Name != "tableoid" || t == nil || t.ColumnIndex(c.Name) >= 0 {
		return nil, false
	}
	return &constExpr{t: types.OIDType, v: int64(t.OID)}, true
}
