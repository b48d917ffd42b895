package planner

import (
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// sem.CatalogContext: pg_get_indexdef(oid, col, pretty),
// pg_get_serial_sequence, pg_get_userbyid and pg_table_is_visible, read
// under the catalog latch.

func (e *env) IndexDefinition(oid uint32, col int, pretty bool) (string, bool) {
	defer e.sess.catalogRead()()
	return pgcatalog.IndexDefColumn(e.sess.cat, oid, col, pretty)
}

// SerialSequence parses table as a SQL name (splitIdentifiers; 42602 for
// a malformed one) and looks the column's sequence up.
func (e *env) SerialSequence(table, column string) (any, error) {
	parts, ok := splitIdentifiers(table)
	if !ok {
		return nil, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	defer e.sess.catalogRead()()
	return pgcatalog.SerialSequence(e.sess.cat, e.sess.startup["database"], parts, column)
}

func (e *env) RoleName(oid uint32) string {
	defer e.sess.catalogRead()()
	return pgcatalog.RoleName(e.sess.cat, oid)
}

func (e *env) RelationName(oid uint32) (string, bool) {
	defer e.sess.catalogRead()()
	return relationName(e.sess.cat, int64(oid))
}
