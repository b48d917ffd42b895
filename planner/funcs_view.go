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
	return viewText(t, pretty), true
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
	return viewText(t, pretty), nil
}

// viewText is view t's pg_get_viewdef text.
func viewText(t *catalog.Table, pretty bool) string {
	if pretty {
		return t.View.Pretty
	}
	return t.View.Definition
}
