package catalog

import "github.com/vecgres/vecgres/sql/pgerror"

// SetColumnIdentity makes column name of t an identity column of kind
// ident ('a' ALWAYS, 'd' BY DEFAULT) or, with 0, no identity column
// (ALTER TABLE ... ALTER COLUMN ... ADD/SET GENERATED, DROP IDENTITY).
// The caller creates or drops the column's sequence. Errors: 42703.
func (c *Catalog) SetColumnIdentity(t *Table, name string, ident byte) error {
	col := t.ColumnIndex(name)
	if col < 0 {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", name, t.Name)
	}
	nt := c.proposal(t)
	nt.Columns[col].Identity = ident
	return c.alter(t, nt)
}
