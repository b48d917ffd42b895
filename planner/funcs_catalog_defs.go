package planner

import (
	"strings"

	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// sem.CatalogContext: pg_get_indexdef(oid, col, pretty),
// pg_get_serial_sequence, pg_get_userbyid and pg_table_is_visible, read
// under the catalog latch.

func (e *env) IndexDefinition(oid uint32, col int, pretty bool) (string, bool) {
	defer e.sess.catalogRead()()
	return pgcatalog.IndexDefColumn(e.sess.cat, oid, col, pretty, e.sess.pgEnv().Visible)
}

// SerialSequence parses table as a SQL name (splitIdentifiers; 42602 for
// a malformed one) and looks the column's sequence up.
func (e *env) SerialSequence(table, column string) (any, error) {
	parts, ok := splitIdentifiers(table)
	if !ok {
		return nil, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	defer e.sess.catalogRead()()
	if len(parts) == 1 { // through search_path (schema_resolve.go)
		if key := e.sess.relKey(parts[0]); key != parts[0] && !strings.HasPrefix(key, "pg_catalog.") {
			sc, base := e.sess.cat.SplitName(key)
			parts = []string{sc, base}
		}
	}
	return pgcatalog.SerialSequence(e.sess.cat, e.sess.startup["database"], parts, column)
}

func (e *env) RoleName(oid uint32) string {
	defer e.sess.catalogRead()()
	return pgcatalog.RoleName(e.sess.cat, oid)
}

func (e *env) RelationName(oid uint32) (string, bool) {
	defer e.sess.catalogRead()()
	name, ok := relationName(e.sess.cat, int64(oid))
	if ok && e.sess.cat.RelationExists(name) {
		name = e.sess.visibleName(name) // schema_resolve.go
	}
	return name, ok
}

// LookupRelation resolves name as PostgreSQL's to_regclass: parsed as a
// SQL name ([db.][schema.]relation), a relation found through
// search_path (unqualified: or a pg_catalog view) or in its schema, a
// view of pg_catalog or of information_schema; a schema that does not
// exist gives false, not an error. The value is a regclass (types.Reg).
func (e *env) LookupRelation(name string) (any, bool, error) {
	parts, ok := splitIdentifiers(name)
	switch {
	case !ok:
		return nil, false, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	case len(parts) > 3:
		return nil, false, pgerror.Errorf(pgerror.SyntaxError, "improper relation name (too many dotted names): %s",
			strings.Join(parts, "."))
	case len(parts) == 3 && parts[0] != e.sess.startup["database"]:
		return nil, false, pgerror.Errorf(pgerror.FeatureNotSupported, "cross-database references are not implemented: %q",
			strings.Join(parts, "."))
	}
	rel, schema := parts[len(parts)-1], ""
	if len(parts) > 1 {
		schema = parts[len(parts)-2]
	}
	defer e.sess.catalogRead()()
	written := rel
	if schema != "" {
		if _, ok := e.sess.cat.LookupSchema(schema); !ok {
			return nil, false, nil
		}
		written = schema + "." + rel
	}
	if key := e.sess.relKey(written); !strings.HasPrefix(key, "pg_catalog.") {
		if oid, ok := publicRelationOID(e.sess.cat, key); ok {
			return types.Reg{OID: int64(oid), Name: e.sess.regclassName(int64(oid))}, true, nil // funcs_regclass.go
		}
	}
	if schema == "" {
		schema = "pg_catalog"
	}
	if oid, ok := pgcatalog.ViewOID(schema + "." + rel); ok {
		n, ok := pgcatalog.ViewName(oid)
		return types.Reg{OID: int64(oid), Name: n}, ok, nil
	}
	return nil, false, nil
}
