package planner

import (
	"slices"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Name resolution through search_path (PostgreSQL docs §5.9.3). The sql
// package gives relation names as written: "t" unqualified, "s.t"
// qualified ("public.t" is already "t"). The catalog names a relation
// "s.t" in a user schema and "t" in public (catalog/schema.go). relKey
// maps a written name to the catalog name of the relation it denotes;
// createKey to the catalog name a new relation gets. Lookups of tables
// go through lookupTable, the one function a caller with names of its own
// (a CTE's) calls after trying them.

// searchPath returns the schemas of search_path that exist, in order,
// "$user" standing for the session user; implicit puts pg_catalog first
// unless the path names it (current_schemas(true)). Latch held.
//
// The path is kept (pathCache) until search_path, the session user or
// the catalog's version (schemas, roles, grants) changes: each statement
// that names a table resolves it, and most run with the path unchanged.
// Callers do not change the slice.
func (s *Session) searchPath(implicit bool) []string {
	raw, _ := s.settings.get("search_path")
	c := &s.paths[0]
	if implicit {
		c = &s.paths[1]
	}
	user, version := s.startup["user"], s.cat.Version()
	if c.valid && c.raw == raw && c.user == user && c.version == version {
		return c.path
	}
	path := s.resolvePath(raw, implicit)
	*c = pathCache{valid: true, raw: raw, user: user, version: version, path: slices.Clip(path)}
	return path
}

// pathCache is a search path searchPath resolved, and what it resolved it
// from.
type pathCache struct {
	valid     bool
	raw, user string
	version   uint64 // catalog.Version
	path      []string
}

// resolvePath is searchPath's path for the setting raw.
func (s *Session) resolvePath(raw string, implicit bool) []string {
	var out []string
	hasCatalog := false
	for _, name := range splitIdentList(raw) {
		if name == "$user" {
			name = s.startup["user"]
		}
		name = s.tempAlias(name) // temp.go
		if _, ok := s.cat.LookupSchema(name); !ok || s.cat.SchemaPrivileges(name, s.user())&catalog.SchemaUsage == 0 {
			continue // PostgreSQL leaves out schemas without USAGE too
		}
		if name == "pg_catalog" {
			hasCatalog = true
		}
		out = append(out, name)
	}
	if implicit && !hasCatalog {
		out = append([]string{"pg_catalog"}, out...)
	}
	return out
}

// splitIdentList splits a setting's list of identifiers as PostgreSQL's
// SplitIdentifierString: commas between items, spaces around them,
// "double quoted" names kept as written ("" is a quote), others
// lower-cased.
func splitIdentList(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; {
		var name string
		if s[0] == '"' {
			var b strings.Builder
			i := 1
			for ; i < len(s); i++ {
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						b.WriteByte('"')
						i++
						continue
					}
					break
				}
				b.WriteByte(s[i])
			}
			name, s = b.String(), s[min(i+1, len(s)):]
		} else {
			end := strings.IndexByte(s, ',')
			if end < 0 {
				end = len(s)
			}
			name, s = strings.ToLower(strings.TrimSpace(s[:end])), s[end:]
		}
		out = append(out, name)
		s = strings.TrimSpace(s)
		s = strings.TrimSpace(strings.TrimPrefix(s, ","))
	}
	return out
}

// splitWritten splits a written name into its schema and base: "s.t" is
// qualified when s is a schema, anything else is unqualified. Latch held.
func (s *Session) splitWritten(name string) (schema, base string, qualified bool) {
	if sc, b, ok := strings.Cut(name, "."); ok {
		sc = s.tempAlias(sc) // temp.go
		if _, known := s.cat.LookupSchema(sc); known {
			return sc, b, true
		}
	}
	return "", name, false
}

// relKey returns the catalog name of the relation (table or index) name
// denotes: a qualified name's own, an unqualified name's in the first
// schema of the search path holding it, or name itself when none does
// (the lookup then fails with name as written; "pg_catalog.name" when a
// public relation has the name but the path leaves public out). Latch
// held.
func (s *Session) relKey(name string) string {
	schema, base, qualified := s.splitWritten(name)
	if qualified {
		return catalog.QualifiedName(schema, base)
	}
	for _, sc := range s.relPath() { // temp.go
		if k := catalog.QualifiedName(sc, base); s.cat.RelationExists(k) {
			return k
		}
	}
	if s.cat.RelationExists(name) { // in public, which the path leaves out
		return "pg_catalog." + name
	}
	return name
}

// visibleName is how regclass prints the relation with catalog name key:
// bare when search_path finds it by that name, else qualified. Latch held.
func (s *Session) visibleName(key string) string {
	schema, base := s.cat.SplitName(key)
	for _, sc := range s.relPath() { // temp.go
		k := catalog.QualifiedName(sc, base)
		if k == key {
			return base
		}
		if s.cat.RelationExists(k) {
			break
		}
		if _, seq := pgcatalog.SequenceOID(s.cat, k); seq {
			break
		}
	}
	return schema + "." + base
}

// errNoObject is DROP's error for a name that denotes no kind ("table",
// "index"): 3F000 `schema "x" does not exist` for a dotted name whose
// schema is unknown, else 42P01 (42704 for an index) naming the
// relation without its schema, as PostgreSQL. Latch held.
func (s *Session) errNoObject(kind, name string) *pgerror.Error {
	if sc, _, ok := strings.Cut(name, "."); ok {
		if _, known := s.cat.LookupSchema(sc); !known {
			return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", sc)
		}
	}
	_, base, _ := s.splitWritten(name)
	code := pgerror.UndefinedTable
	if kind == "index" {
		code = pgerror.UndefinedObject
	}
	return pgerror.Errorf(code, "%s \"%s\" does not exist", kind, base)
}

// lookupTable is the table name denotes (relKey). Latch held.
func (s *Session) lookupTable(name string) (*catalog.Table, bool) {
	t, ok := s.cat.Table(s.relKey(name))
	if ok && s.otherTemp(t) { // temp.go
		return nil, false
	}
	return t, ok
}

// createKey returns the catalog name a relation created as name gets:
// in its schema when qualified, else in the first existing schema of the
// search path. pos is the name's byte offset for the error (-1: none).
// Latch held. Errors: 3F000 for an unknown schema, or when
// the search path names no existing schema.
func (s *Session) createKey(name string, pos int) (string, error) {
	if sc, b, ok := strings.Cut(name, "."); ok {
		if sc == "pg_temp" || s.isTempSchema(sc) { // temp.go: CREATE TABLE's newTableKey takes those
			return "", atOffset(pgerror.NotSupported("temporary relations other than tables"), pos)
		}
		if _, known := s.cat.LookupSchema(sc); !known {
			return "", atOffset(pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", sc), pos)
		}
		return catalog.QualifiedName(sc, b), nil
	}
	path := slices.DeleteFunc(slices.Clone(s.searchPath(false)), s.isTempSchema)
	if len(path) == 0 {
		return "", atOffset(pgerror.New(pgerror.InvalidSchemaName, "no schema has been selected to create in"), pos)
	}
	return catalog.QualifiedName(path[0], name), nil
}

// relKeys is relKey of each name, for the relation locks a statement
// takes before binding (dml_lock.go); it takes the latch shared unless
// held. Nil stays nil.
func (s *Session) relKeys(names []string) []string {
	if len(names) == 0 {
		return names
	}
	defer s.catalogRead()()
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = s.relKey(n)
	}
	return out
}

// bareRel is t's name without its schema, as PostgreSQL's messages name
// relations. Latch held.
func bareRel(cat *catalog.Catalog, t *catalog.Table) string {
	_, base := cat.SplitName(t.Name)
	return base
}
