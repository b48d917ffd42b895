package pgcatalog

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/wire/backend"
)

// The verbose relation lists of psql 15 (\dt+, \di+, \d+, \ds+, \dv+,
// \dm+; describe.c listTables with verbose set) add Persistence, Access
// method (not for \ds+ and \dv+), Size and Description to the columns of
// the plain lists. Their queries carry six more constants before the
// relkind list than the plain ones: the labels of CASE c.relpersistence
// (three kinds, two constants each) and obj_description's 'pg_class'.
const verboseLabels = caseLabels + 6 + 1

// sequenceBytes is pg_table_size of a sequence in PostgreSQL: one 8 kB page.
const sequenceBytes = 8192

// verboseCols returns the columns of a verbose list: plain, then the
// verbose ones (Access method when withAM).
func verboseCols(plain []backend.Column, withAM bool) []backend.Column {
	out := append([]backend.Column{}, plain...)
	out = append(out, textCol("Persistence"))
	if withAM {
		out = append(out, textCol("Access method"))
	}
	return append(out, textCol("Size"), textCol("Description"))
}

var (
	relationListVerboseCols = verboseCols(relationListCols, true)
	relationListVerboseNoAM = verboseCols(relationListCols, false)
	indexListVerboseCols    = verboseCols(indexListCols, true)
)

// listRelationsVerbose answers \dt+, \d+, \dm+ (withAM) and \ds+, \dv+:
// listRelations's columns, then every relation permanent (vecgres has no
// temporary or unlogged tables), its access method, its size as
// pg_size_pretty(pg_table_size(oid)) prints it, and no description
// (vecgres keeps no comments).
func listRelationsVerbose(withAM bool) func(Env, consts) [][]any {
	return func(env Env, c consts) [][]any {
		var rows [][]any
		for _, r := range matchingFrom(env, c, verboseLabels) {
			row := []any{r.schema, r.name, kindName(r.kind), r.table.Owner, "permanent"}
			if withAM {
				row = append(row, accessMethod(r))
			}
			rows = append(rows, append(row, sem.SizePretty(relationBytes(env, r)), nil))
		}
		return rows
	}
}

// listIndexesVerbose answers \di+: listIndexes's columns, then as
// listRelationsVerbose.
func listIndexesVerbose(env Env, c consts) [][]any {
	var rows [][]any
	for _, r := range matchingFrom(env, c, verboseLabels) {
		rows = append(rows, []any{r.schema, r.name, kindName(r.kind), r.table.Owner, baseName(env.Cat, r.table),
			"permanent", accessMethod(r), sem.SizePretty(relationBytes(env, r)), nil})
	}
	return rows
}

// accessMethod is pg_am.amname of r's pg_class.relam: heap for a table,
// the index's method, NULL for a sequence.
func accessMethod(r relation) any {
	switch r.kind {
	case kindTable:
		return "heap"
	case kindIndex:
		return string(r.index.Method)
	}
	return nil
}

// relationBytes is what pg_table_size reports for r in vecgres (the
// memory of the table's rows or of the index, as pg_relation_size), and
// one page for a sequence.
func relationBytes(env Env, r relation) int64 {
	switch r.kind {
	case kindTable:
		return env.Cat.TableBytes(r.table)
	case kindIndex:
		return r.index.Bytes()
	}
	return sequenceBytes
}
