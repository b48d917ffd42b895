package pgcatalog

// pg_tables and pg_indexes, the system views tools and pgvector users query
// (PostgreSQL docs chapter 54, "System Views"): one row per table and per
// index of schema public, computed from the catalog.

var tablesCols = cols("schemaname", tName, "tablename", tName, "tableowner", tName, "tablespace", tName,
	"hasindexes", tBool, "hasrules", tBool, "hastriggers", tBool, "rowsecurity", tBool)

func tablesRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind == kindTable {
			hasIndexes := len(tableIndexes(env.Cat, r.table)) > 0
			rows = append(rows, []any{r.schema, r.name, r.table.Owner, nil, hasIndexes, false, false, false})
		}
	}
	return rows
}

var indexesCols = cols("schemaname", tName, "tablename", tName, "indexname", tName, "tablespace", tName,
	"indexdef", tText)

func indexesRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind == kindIndex {
			rows = append(rows, []any{r.schema, baseName(env.Cat, r.table), r.name, nil, IndexDef(r.index)})
		}
	}
	return rows
}
