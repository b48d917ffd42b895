package pgcatalog

// pgvectorFunc is one function of pgvector that vecgres serves, as
// pg_get_function_result and pg_get_function_arguments show it; kind is
// psql's "Type" column ("func", "agg").
type pgvectorFunc struct{ name, result, args, kind string }

// pgvectorFuncs are the functions \df lists, sorted by name and
// arguments as psql's ORDER BY 1, 2, 4: pgvector's SQL-callable vector
// functions and aggregates that vecgres implements (planner/funcs*.go,
// planner/aggregate_vector.go). pgvector's overloads for halfvec and
// sparsevec and its internal support functions (vector_in, hnswhandler...)
// are not listed, since vecgres has no such objects.
var pgvectorFuncs = []pgvectorFunc{
	{"avg", "vector", "vector", "agg"},
	{"cosine_distance", "double precision", "vector, vector", "func"},
	{"inner_product", "double precision", "vector, vector", "func"},
	{"l1_distance", "double precision", "vector, vector", "func"},
	{"l2_distance", "double precision", "vector, vector", "func"},
	{"l2_normalize", "vector", "vector", "func"},
	{"subvector", "vector", "vector, integer, integer", "func"},
	{"sum", "vector", "vector", "agg"},
	{"vector_dims", "integer", "vector", "func"},
	{"vector_norm", "double precision", "vector", "func"},
}

// listFunctions answers \df: Schema, Name, Result data type, Argument
// data types, Type of the functions outside pg_catalog.
func listFunctions(Env, consts) [][]any {
	rows := make([][]any, len(pgvectorFuncs))
	for i, f := range pgvectorFuncs {
		rows[i] = []any{"public", f.name, f.result, f.args, f.kind}
	}
	return rows
}

var functionListCols = textCols("Schema", "Name", "Result data type", "Argument data types", "Type")

// listTypes answers \dT: the types outside pg_catalog, which in vecgres
// is pgvector's vector (halfvec and sparsevec are not served). pgvector
// gives its types no comment.
func listTypes(Env, consts) [][]any {
	return [][]any{{"public", "vector", nil}}
}

var typeListCols = textCols("Schema", "Name", "Description")

// listTypesVerbose answers \dT+: vector is variable-length ("var"), no
// enum elements, owned by the session user, without privileges set.
func listTypesVerbose(env Env, _ consts) [][]any {
	return [][]any{{"public", "vector", "vector", "var", "", env.User, nil, nil}}
}

var typeListVerboseCols = textCols("Schema", "Name", "Internal name", "Size", "Elements", "Owner", "Access privileges", "Description")
