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

// ViewOID is the OID of the served view named name ("pg_class",
// "pg_catalog.pg_class", "information_schema.tables"), as regclass reads
// it; false for other names.
func ViewOID(name string) (uint32, bool) {
	v, _, _, ok := lookupView(name)
	return v.oid, ok
}

// ViewName is regclass's output for a served view's OID: the bare name of
// a pg_catalog view (pg_catalog is on the search path), the qualified
// name of an information_schema one; false for other OIDs.
func ViewName(oid uint32) (string, bool) {
	for _, schema := range []string{schemaPgCatalog, schemaInfo} {
		for name, v := range viewSchemas[schema] {
			if v.oid != oid {
				continue
			}
			if schema == schemaInfo {
				return schema + "." + name, true
			}
			return name, true
		}
	}
	return "", false
}
