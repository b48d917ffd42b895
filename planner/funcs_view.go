package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// sem.ViewContext: pg_get_viewdef, read under the catalog latch.

func (e *env) ViewDefinition(oid uint32, pretty bool) (string, bool) {
	defer e.sess.catalogRead()()
	t, ok := e.sess.cat.TableByOID(oid)
	if !ok || !t.IsView() {
		return "", false
	}
	return e.sess.viewText(t, pretty), true
}

func (e *env) ViewDefinitionOf(name string, pretty bool) (any, error) {
	defer e.sess.catalogRead()()
	parts, ok := splitIdentifiers(name)
	if !ok || len(parts) > 2 {
		return nil, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	key := e.sess.relKey(parts[0])
	if len(parts) == 2 {
		key = catalog.QualifiedName(parts[0], parts[1])
	}
	t, ok := e.sess.cat.Table(key)
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation \"%s\" does not exist", name)
	}
	if !t.IsView() {
		return nil, nil
	}
	return e.sess.viewText(t, pretty), nil
}

// viewText is view t's pg_get_viewdef text: the one made when the view
// was defined; made again from its query when the session's search_path
// does not show schema public (pg_dump empties it), so that the
// relations it reads are schema-qualified as PostgreSQL prints them for
// that search_path. Latch held.
func (s *Session) viewText(t *catalog.Table, pretty bool) string {
	if !s.onSearchPath("public") {
		if q, err := viewQuery(t); err == nil { // view.go
			names := make([]string, len(t.Columns))
			for i, c := range t.Columns {
				names[i] = c.Name
			}
			return viewDefinitionQualified(s, t, q, pretty, names) // viewdef.go
		}
	}
	if pretty {
		return t.View.Pretty
	}
	return t.View.Definition
}
