package pgcatalog

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/wire/backend"
)

// The queries of \d table after the first, each with the table's OID as a
// constant. The column lists follow psql 15's describeOneTableDetails;
// psql reads the values by position.

// tableInfo answers "SELECT c.relchecks, c.relkind, c.relhasindex, ...
// WHERE c.oid = 'N'": one row for a table, none for another OID. verbose
// (\d+) puts the reloptions text in column 10, plain \d an empty string:
// the same value, since vecgres tables have no options.
func tableInfo(env Env, c consts) [][]any {
	t, ok := tableByOID(env.Cat, c.oid())
	if !ok {
		return nil
	}
	hasIndex := t.PKeyName != "" || len(t.Indexes) > 0 || len(t.Uniques()) > 0
	if t.IsView() { // views_user.go
		return [][]any{{int64(0), "v", false, true, false, false, false, false, false, "", int64(0), "", "p", "n", nil}}
	}
	return [][]any{{
		checkCount(t), "r", hasIndex, false, hasTriggers(env.Cat, t), false, false, false, false,
		"", int64(0), "", "p", "d", "heap",
	}}
}

var tableInfoCols = []backend.Column{
	int2Col("relchecks"), textCol("relkind"), boolCol("relhasindex"), boolCol("relhasrules"),
	boolCol("relhastriggers"), boolCol("relrowsecurity"), boolCol("relforcerowsecurity"),
	boolCol("relhasoids"), boolCol("relispartition"), textCol("reloptions"), oidCol("reltablespace"),
	textCol("reloftype"), textCol("relpersistence"), textCol("relreplident"), textCol("amname"),
}

// tableColumns answers the pg_attribute query of \d: name, format_type,
// default expression, NOT NULL, collation (always NULL: columns use their
// type's), identity and generated (” for none).
func tableColumns(env Env, c consts) [][]any {
	return columnRows(env, c, false)
}

// tableColumnsVerbose answers \d+'s pg_attribute query: tableColumns and
// storage, compression (”), statistics target and description (NULL).
func tableColumnsVerbose(env Env, c consts) [][]any {
	return columnRows(env, c, true)
}

func columnRows(env Env, c consts, verbose bool) [][]any {
	t, ok := tableByOID(env.Cat, c.oid())
	if !ok {
		return nil
	}
	rows := make([][]any, len(t.Columns))
	for i, col := range t.Columns {
		var def any
		if d := DefaultExpr(t, i); d != "" {
			def = d
		}
		row := []any{col.Name, col.Type.Name(), def, col.NotNull, nil, "", ""}
		if verbose {
			row = append(row, storage(col.Type), "", nil, nil)
		}
		rows[i] = row
	}
	return rows
}

var (
	tableColumnCols = []backend.Column{
		textCol("attname"), textCol("format_type"), textCol("pg_get_expr"), boolCol("attnotnull"),
		textCol("attcollation"), textCol("attidentity"), textCol("attgenerated"),
	}
	tableColumnVerboseCols = append(append([]backend.Column(nil), tableColumnCols...),
		textCol("attstorage"), textCol("attcompression"), int2Col("attstattarget"), textCol("col_description"))
)

// tableIndexRows answers \d's pg_index query: one row per index, the
// primary key first, then by name: name, indisprimary, indisunique,
// indisclustered, indisvalid, pg_get_indexdef, constraint definition,
// contype, condeferrable, condeferred (NULL for an index without a
// constraint), indisreplident, reltablespace.
func tableIndexRows(env Env, c consts) [][]any {
	t, ok := tableByOID(env.Cat, c.oid())
	if !ok {
		return nil
	}
	var rows [][]any
	for _, ix := range sortedIndexes(env.Cat, t) {
		if isPrimary(ix) {
			rows = append(rows, []any{bareName(env.Cat, ix.Name), true, true, false, true, IndexDef(ix),
				constraintDef(t), "p", false, false, false, int64(0)})
			continue
		}
		if ix.Key != nil && !ix.Key.IndexOnly {
			rows = append(rows, []any{bareName(env.Cat, ix.Name), false, true, false, true, IndexDef(ix),
				pgConstraint{ix.Key}.def(env.Cat, t, true), "u", false, false, false, int64(0)})
			continue
		}
		if ix.Key != nil {
			rows = append(rows, []any{bareName(env.Cat, ix.Name), false, true, false, true, IndexDef(ix),
				nil, nil, nil, nil, false, int64(0)})
			continue
		}
		rows = append(rows, []any{bareName(env.Cat, ix.Name), false, false, false, true, IndexDef(ix),
			nil, nil, nil, nil, false, int64(0)})
	}
	return rows
}

// sortedIndexes orders a table's indexes as psql's query does: ORDER BY
// i.indisprimary DESC, c2.relname.
func sortedIndexes(cat *catalog.Catalog, t *catalog.Table) []*catalog.Index {
	all := tableIndexes(cat, t)
	var out []*catalog.Index
	if len(all) > 0 && isPrimary(all[0]) {
		out, all = append(out, all[0]), all[1:]
	}
	rest := append([]*catalog.Index(nil), all...)
	for i := 1; i < len(rest); i++ {
		for j := i; j > 0 && rest[j].Name < rest[j-1].Name; j-- {
			rest[j], rest[j-1] = rest[j-1], rest[j]
		}
	}
	return append(out, rest...)
}

var tableIndexCols = []backend.Column{
	textCol("relname"), boolCol("indisprimary"), boolCol("indisunique"), boolCol("indisclustered"),
	boolCol("indisvalid"), textCol("pg_get_indexdef"), textCol("pg_get_constraintdef"), textCol("contype"),
	boolCol("condeferrable"), boolCol("condeferred"), boolCol("indisreplident"), oidCol("reltablespace"),
}

// none answers the queries for objects vecgres does not have (row-level
// security policies, extended statistics, publications, inheritance and
// partitions): no rows.
func none(Env, consts) [][]any { return nil }

var (
	policyCols      = textCols("polname", "polpermissive", "array_to_string", "pg_get_expr", "pg_get_expr", "cmd")
	statisticsCols  = textCols("oid", "stxrelid", "nsp", "stxname", "columns", "ndist_enabled", "deps_enabled", "mcv_enabled", "stxstattarget")
	publicationCols = textCols("pubname", "?column?", "?column?")
	parentCols      = textCols("oid")
	childCols       = textCols("oid", "relkind", "inhdetachpending", "pg_get_expr")
)
