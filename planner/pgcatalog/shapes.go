package pgcatalog

import (
	"sort"

	"github.com/vecgres/vecgres/catalog"
)

// shapes maps the pg_query fingerprints (pg_query_go v6) of the two
// queries of psql 15's \d table that the planner cannot run yet, because
// they need the reg* types: the extended statistics query
// (stxnamespace::pg_catalog.regnamespace) and the "Referenced by:" query
// (VALUES ('16400'::pg_catalog.regclass), an OID written as regclass
// input). Every other catalog query psql sends runs through the planner.
// testdata/psql15 holds the queries as psql 15 sent them (captured with
// psql -E); the tests check that these two fingerprint to their entries.
var shapes = map[string]*shape{
	"a6ab2b3c0f45ae83": {name: `\d table: statistics`, cols: statisticsCols, rows: none},
	"dc6bb9ab963cedac": {name: `\d table: referenced by`, cols: textCols("conname", "ontable", "condef"), rows: tableReferencedBy},
}

func none(Env, consts) [][]any { return nil }

var statisticsCols = textCols("oid", "stxrelid", "nsp", "stxname", "columns", "ndist_enabled", "deps_enabled",
	"mcv_enabled", "stxstattarget")

// tableReferencedBy answers the "Referenced by" query: the foreign keys
// of every table that reference the table oid, by name.
func tableReferencedBy(env Env, c consts) [][]any {
	oid := c.oid()
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for _, k := range tableConstraints(t) {
			if k.k != nil && k.k.Kind == catalog.ConForeign && k.k.RefTable == oid {
				rows = append(rows, []any{bareName(env.Cat, k.k.Name), QuoteIdent(baseName(env.Cat, t)), k.def(env.Cat, t, true)})
			}
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i][0].(string) < rows[j][0].(string) })
	return rows
}
