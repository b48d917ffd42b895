package pgcatalog

import "strings"

// Schemas whose relations are served as views, as FROM names spell them.
const (
	schemaPgCatalog = "pg_catalog"
	schemaInfo      = "information_schema"
)

// viewSchemas maps a schema name to the views served in it.
var viewSchemas = map[string]map[string]view{
	schemaPgCatalog: views,
	schemaInfo:      infoViews,
}

// lookupView resolves a FROM name to a served view: "pg_catalog.x" and
// "information_schema.x" by their schema, an unqualified "x" among
// pg_catalog's views only (pg_catalog is always on PostgreSQL's
// search_path, information_schema is not). qualified reports whether the
// name carried its schema. This is the one place that splits a
// schema-qualified name; when table references carry their schema apart,
// only this function changes.
func lookupView(name string) (v view, base string, qualified, ok bool) {
	schema, base, qualified := strings.Cut(name, ".")
	if !qualified {
		schema, base = schemaPgCatalog, name
	}
	in, known := viewSchemas[schema]
	if !known {
		return view{}, "", false, false
	}
	v, ok = in[base]
	return v, base, qualified, ok
}
