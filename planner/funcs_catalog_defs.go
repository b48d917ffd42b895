package planner

import (
	"strings"

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

// LookupRelation resolves name as PostgreSQL's to_regclass: parsed as a
// SQL name ([db.][schema.]relation), a relation of public (unqualified:
// or a pg_catalog view), of pg_catalog or of information_schema; a
// schema that does not exist gives false, not an error.
func (e *env) LookupRelation(name string) (string, bool, error) {
	parts, ok := splitIdentifiers(name)
	switch {
	case !ok:
		return "", false, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	case len(parts) > 3:
		return "", false, pgerror.Errorf(pgerror.SyntaxError, "improper relation name (too many dotted names): %s",
			strings.Join(parts, "."))
	case len(parts) == 3 && parts[0] != e.sess.startup["database"]:
		return "", false, pgerror.Errorf(pgerror.FeatureNotSupported, "cross-database references are not implemented: %q",
			strings.Join(parts, "."))
	}
	rel, schema := parts[len(parts)-1], ""
	if len(parts) > 1 {
		schema = parts[len(parts)-2]
	}
	defer e.sess.catalogRead()()
	if schema == "" || schema == "public" {
		if _, ok := publicRelationOID(e.sess.cat, rel); ok {
			return pgcatalog.QuoteIdent(rel), true, nil
		}
	}
	if schema == "" {
		schema = "pg_catalog"
	}
	if oid, ok := pgcatalog.ViewOID(schema + "." + rel); ok {
		n, ok := pgcatalog.ViewName(oid)
		return n, ok, nil
	}
	return "", false, nil
}
