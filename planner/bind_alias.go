package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// checkQualifier checks the table qualifier of a column reference to b's
// FROM (or UPDATE/DELETE target) table as PostgreSQL's errorMissingRTE
// does: a table with an alias answers only to the alias (42P01 `invalid
// reference to FROM-clause entry for table "items"` with the hint
// `Perhaps you meant to reference the table alias "i".`); any other
// qualifier is 42P01 `missing FROM-clause entry for table "x"`. Both are
// positioned at the reference.
func (b *binder) checkQualifier(c *sql.ColumnRef) error {
	if c.Schema != "" {
		return b.checkSchemaQualifier(c)
	}
	switch {
	case c.Table == "" || c.Table == b.alias:
		return nil
	case b.alias == "" && c.Table == b.table.Name:
		return nil
	case c.Table == b.table.Name && b.viewCols == nil: // a simple view's table is not in FROM (view_simple.go)
		return pgerror.Errorf(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", c.Table).
			WithHint("Perhaps you meant to reference the table alias \"" + b.alias + "\".").WithPosition(c.P + 1)
	}
	return pgerror.Errorf(pgerror.UndefinedTable, "missing FROM-clause entry for table %q", c.Table).WithPosition(c.P + 1)
}

// errNoColumn is 42703 for a column reference naming no column, worded as
// PostgreSQL's errorMissingColumn: `column "nosuch" does not exist`, or
// `column i.nosuch does not exist` (unquoted) when qualified.
func errNoColumn(c *sql.ColumnRef) error {
	if c.Table != "" {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column %s.%s does not exist", c.Table, c.Name).WithPosition(c.P + 1)
	}
	return pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", c.Name).WithPosition(c.P + 1)
}

// checkSchemaQualifier checks schema.table.col: table must be the FROM
// table's own name (no alias) in that schema — public for a user table,
// pg_catalog for a catalog view — else 42P01 `invalid reference to
// FROM-clause entry` with PostgreSQL's hint when table names the FROM
// entry, `missing FROM-clause entry` otherwise.
func (b *binder) checkSchemaQualifier(c *sql.ColumnRef) error {
	switch {
	case b.alias == "" && c.Table == b.table.Name && c.Schema == b.schemaOf(b.table):
		return nil
	case c.Table == b.alias || b.alias == "" && c.Table == b.table.Name:
		return pgerror.Errorf(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", c.Table).
			WithHint("There is an entry for table \"" + c.Table + "\", but it cannot be referenced from this part of the query.").WithPosition(c.P + 1)
	case c.Table == b.table.Name:
		return pgerror.Errorf(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", c.Table).
			WithHint("Perhaps you meant to reference the table alias \"" + b.alias + "\".").WithPosition(c.P + 1)
	}
	return pgerror.Errorf(pgerror.UndefinedTable, "missing FROM-clause entry for table %q", c.Table).WithPosition(c.P + 1)
}

// schemaOf is the schema table t is in: public for a table of the
// catalog, pg_catalog for a catalog view, "" for the rows of a function
// or subquery in FROM.
func (b *binder) schemaOf(t *catalog.Table) string {
	if u, ok := b.s.cat.Table(t.Name); ok && u == t {
		schema, _ := b.s.cat.SplitName(t.Name)
		return schema
	}
	if t.OID != 0 {
		return "pg_catalog"
	}
	return ""
}
