package planner

import "github.com/vecgres/vecgres/planner/pgcatalog"

// sem.CatalogContext: pg_get_indexdef(oid, col, pretty),
// pg_get_serial_sequence, pg_get_userbyid and pg_table_is_visible, read
// under the catalog latch.

func (e *env) IndexDefinition(oid uint32, col int, pretty bool) (string, bool) {
	defer e.sess.catalogRead()()
	return pgcatalog.IndexDefColumn(e.sess.cat, oid, col, pretty)
}

func (e *env) SerialSequence(table, column string) (any, error) {
	defer e.sess.catalogRead()()
	return pgcatalog.SerialSequence(e.sess.cat, table, column)
}

func (e *env) RoleName(oid uint32) string {
	defer e.sess.catalogRead()()
	return pgcatalog.RoleName(e.sess.cat, oid)
}

func (e *env) RelationName(oid uint32) (string, bool) {
	defer e.sess.catalogRead()()
	return relationName(e.sess.cat, int64(oid))
}
