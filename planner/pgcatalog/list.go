package pgcatalog

import (
	"regexp"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/wire/backend"
)

// caseLabels is the number of constants in psql's CASE c.relkind WHEN 'r'
// THEN 'table' ... END (nine kinds, two constants each), which comes before
// the relkind list in every relation-listing query.
const caseLabels = 18

// listRelations answers \d, \dt, \dv, \dm, \ds (with or without a name
// pattern): Schema, Name, Type, Owner of the relations whose relkind is in
// the query's list, sorted by schema and name. The owner of an index or a
// sequence is its table's.
func listRelations(env Env, c consts) [][]any {
	var rows [][]any
	for _, r := range matching(env, c) {
		rows = append(rows, []any{r.schema, r.name, kindName(r.kind), r.table.Owner})
	}
	return rows
}

// listIndexes answers \di: listRelations's columns and the index's table.
func listIndexes(env Env, c consts) [][]any {
	var rows [][]any
	for _, r := range matching(env, c) {
		rows = append(rows, []any{r.schema, r.name, kindName(r.kind), r.table.Owner, baseName(env.Cat, r.table)})
	}
	return rows
}

// matching returns the relations, sorted by name, whose kind is in the
// query's relkind list and whose name matches its pattern, if any.
func matching(env Env, c consts) []relation { return matchingFrom(env, c, caseLabels) }

// matchingFrom is matching for a query whose relkind list starts at
// constant from.
func matchingFrom(env Env, c consts, from int) []relation {
	kinds := c.relkinds(from)
	re := namePattern(c.pattern())
	var out []relation
	for _, r := range relations(env.Cat) {
		if strings.IndexByte(kinds, r.kind) >= 0 && (re == nil || re.MatchString(r.name)) && env.visible(r) {
			out = append(out, r)
		}
	}
	return out
}

// visible applies env.Visible to r.
func (env Env) visible(r relation) bool { return env.Visible == nil || env.Visible(r.key()) }

// matchNothing is a pattern no name matches.
var matchNothing = regexp.MustCompile(`$.^`)

// namePattern compiles a psql name pattern ('^(item.*)$'); nil when the
// query has none. psql builds POSIX regular expressions from its patterns
// with only the features RE2 shares (., *, ?, |, [], escapes); one RE2 does
// not take matches nothing.
func namePattern(p string) *regexp.Regexp {
	if p == "" {
		return nil
	}
	re, err := regexp.Compile(p)
	if err != nil {
		return matchNothing
	}
	return re
}

// listSchemas answers \dn: public, owned by pg_database_owner as in
// PostgreSQL 15, and the user schemas, sorted.
func listSchemas(env Env, _ consts) [][]any {
	var rows [][]any
	for _, s := range env.Cat.Schemas() {
		if !s.BuiltIn || s.Name == catalog.PublicSchema {
			rows = append(rows, []any{s.Name, s.Owner})
		}
	}
	return rows
}

var (
	relationListCols = textCols("Schema", "Name", "Type", "Owner")
	indexListCols    = textCols("Schema", "Name", "Type", "Owner", "Table")
	schemaListCols   = textCols("Name", "Owner")
)

// describeRelations answers the first query of \d name: oid, nspname,
// relname of the tables whose name matches the pattern. Indexes and
// sequences are left out, since the queries psql sends to describe them
// are not served: psql says it did not find them.
func describeRelations(env Env, c consts) [][]any {
	re := namePattern(c.pattern())
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if (r.kind == kindTable || r.kind == kindView) && re != nil && re.MatchString(r.name) && env.visible(r) {
			rows = append(rows, []any{int64(r.oid), r.schema, r.name})
		}
	}
	return rows
}

var describeRelationCols = []backend.Column{oidCol("oid"), textCol("nspname"), textCol("relname")}
