package pgcatalog

import (
	"cmp"
	"slices"
	"strings"

	"github.com/vecgres/vecgres/planner/sem"
)

// listFunctions answers \df: Schema, Name, Result data type, Argument
// data types, Type ("func", "agg") of the functions outside pg_catalog,
// sorted by name and arguments as psql's ORDER BY 1, 2, 4: the entries of
// planner/sem's registry in schema public, pgvector's SQL-callable
// vector functions and aggregates that vecgres implements. pgvector's
// overloads for halfvec and sparsevec and its internal support functions
// (vector_in, hnswhandler...) are not listed, since vecgres has no such
// objects.
func listFunctions(Env, consts) [][]any {
	var rows [][]any
	for _, f := range sem.Builtins.All() {
		if f.Schema != "public" {
			continue
		}
		args := make([]string, len(f.Args))
		for i, a := range f.Args {
			args[i] = sem.TypeName(a)
		}
		kind := "func"
		if f.Aggregate {
			kind = "agg"
		}
		rows = append(rows, []any{f.Schema, f.Name, sem.TypeName(f.Ret), strings.Join(args, ", "), kind})
	}
	slices.SortFunc(rows, func(a, b []any) int {
		return cmp.Or(strings.Compare(a[1].(string), b[1].(string)), strings.Compare(a[3].(string), b[3].(string)))
	})
	return rows
}

var functionListCols = textCols("Schema", "Name", "Result data type", "Argument data types", "Type")

// listTypes answers \dT: the types outside pg_catalog, which in vecgres
// are pgvector's halfvec, sparsevec and vector, by name. pgvector gives
// its types no comment.
func listTypes(Env, consts) [][]any {
	return [][]any{{"public", "halfvec", nil}, {"public", "sparsevec", nil}, {"public", "vector", nil}}
}

var typeListCols = textCols("Schema", "Name", "Description")

// listTypesVerbose answers \dT+: halfvec, sparsevec and vector are
// variable-length ("var"), no enum elements, owned by the session user,
// without privileges set.
func listTypesVerbose(env Env, _ consts) [][]any {
	return [][]any{{"public", "halfvec", "halfvec", "var", "", env.User, nil, nil},
		{"public", "sparsevec", "sparsevec", "var", "", env.User, nil, nil},
		{"public", "vector", "vector", "var", "", env.User, nil, nil}}
}

var typeListVerboseCols = textCols("Schema", "Name", "Internal name", "Size", "Elements", "Owner", "Access privileges", "Description")
