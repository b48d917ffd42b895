package pgcatalog

import (
	"slices"
	"strings"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// pgvector's operators and casts as its catalog rows describe them
// (sql/vector.sql of pgvector 0.8): the function behind each operator
// (oprcode), its commutator and negator, and the function behind each
// cast (castfunc), which planner/sem registers under pgvector's names.

// vectorTypePrefix is the prefix of pgvector's function names for each
// of its types (vector_add, halfvec_lt, ...).
var vectorTypePrefix = map[types.OID]string{types.OIDVector: "vector", types.OIDHalfvec: "halfvec", types.OIDSparsevec: "sparsevec"}

// operatorSuffix names the function behind each pgvector operator,
// after the type's prefix.
var operatorSuffix = map[string]string{"+": "_add", "-": "_sub", "*": "_mul", "||": "_concat", "<#>": "_negative_inner_product",
	"<": "_lt", "<=": "_le", "=": "_eq", "<>": "_ne", ">=": "_ge", ">": "_gt"}

// operatorFunction is the function each type-independent pgvector
// operator calls.
var operatorFunction = map[string]string{"<->": "l2_distance", "<=>": "cosine_distance", "<+>": "l1_distance",
	"<~>": "hamming_distance", "<%>": "jaccard_distance"}

// commutators and negators of pgvector's operators (pg_operator's
// oprcom, oprnegate); the distances, + and * are their own commutators.
var (
	commutators = map[string]string{"<->": "<->", "<#>": "<#>", "<=>": "<=>", "<+>": "<+>", "<~>": "<~>", "<%>": "<%>",
		"+": "+", "*": "*", "<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "=", "<>": "<>"}
	negators = map[string]string{"<": ">=", ">=": "<", ">": "<=", "<=": ">", "=": "<>", "<>": "="}
)

// operatorCode is oprcode of operator f (a pgvector operator, public):
// its function's name as regproc prints it, schema-qualified when the
// name has several signatures; "-" for other operators.
func operatorCode(f *sem.Func) string {
	if f.Schema != "public" || len(f.Args) != 2 {
		return "-"
	}
	name := operatorFunction[f.Name]
	if prefix, ok := vectorTypePrefix[sem.TypeOID(f.Args[0])]; ok && name == "" && operatorSuffix[f.Name] != "" {
		name = prefix + operatorSuffix[f.Name]
	}
	switch {
	case name == "":
		return "-"
	case len(sem.Builtins.Lookup(name)) > 1:
		return "public." + name
	}
	return name
}

// operatorCodeReg is oprcode of operator f as a regproc: its function's
// OID and name (operatorCode); 0 and "-" for none.
func operatorCodeReg(f *sem.Func) types.Reg {
	name := operatorCode(f)
	bare := strings.TrimPrefix(name, "public.")
	for i, p := range sem.Builtins.All() {
		if p.Schema == "public" && p.Name == bare && slices.Equal(p.Args, f.Args) {
			return regproc(int64(oidProcBase+i), name)
		}
	}
	return regproc(0, "-")
}

// operatorLinks returns the OIDs of pgvector operator f's commutator and
// negator among the operators (oids: each operator's OID by name and
// argument types); 0 for none, and for every other operator.
func operatorLinks(f *sem.Func, oids map[opKey]int64) (com, neg int64) {
	if f.Schema != "public" || len(f.Args) != 2 {
		return 0, 0
	}
	l, r := sem.TypeOID(f.Args[0]), sem.TypeOID(f.Args[1])
	if c, ok := commutators[f.Name]; ok {
		com = oids[opKey{c, r, l}]
	}
	if n, ok := negators[f.Name]; ok {
		neg = oids[opKey{n, l, r}]
	}
	return com, neg
}

// opKey identifies an operator by name and argument types.
type opKey struct {
	name        string
	left, right types.OID
}

// pgvectorCast is one of pgvector's casts: source, target, context (i
// implicit, a assignment) and the function it calls, whose arguments are
// the source, the typmod and whether the cast is explicit.
type pgvectorCast struct {
	from, to types.OID
	context  string
	fn       string
}

// pgvectorCasts are pgvector 0.8's casts: the typmod coercions of its
// types to themselves, the conversions between them and to real[], and
// from integer[], real[], double precision[] and numeric[].
var pgvectorCasts = func() []pgvectorCast {
	cs := []pgvectorCast{
		{types.OIDVector, types.OIDVector, "i", "vector"},
		{types.OIDHalfvec, types.OIDHalfvec, "i", "halfvec"},
		{types.OIDSparsevec, types.OIDSparsevec, "i", "sparsevec"},
		{types.OIDVector, types.OIDFloat4Arr, "i", "vector_to_float4"},
		{types.OIDHalfvec, types.OIDFloat4Arr, "a", "halfvec_to_float4"},
		{types.OIDVector, types.OIDHalfvec, "i", "vector_to_halfvec"},
		{types.OIDVector, types.OIDSparsevec, "i", "vector_to_sparsevec"},
		{types.OIDHalfvec, types.OIDVector, "a", "halfvec_to_vector"},
		{types.OIDHalfvec, types.OIDSparsevec, "i", "halfvec_to_sparsevec"},
		{types.OIDSparsevec, types.OIDVector, "a", "sparsevec_to_vector"},
		{types.OIDSparsevec, types.OIDHalfvec, "a", "sparsevec_to_halfvec"},
	}
	for _, arr := range []types.OID{types.OIDInt4Array, types.OIDFloat4Arr, types.OIDFloat8Arr, types.OIDNumericArr} {
		for _, to := range []types.OID{types.OIDVector, types.OIDHalfvec, types.OIDSparsevec} {
			cs = append(cs, pgvectorCast{arr, to, "a", "array_to_" + vectorTypePrefix[to]})
		}
	}
	return cs
}()

// castFunction is the pg_proc OID of cast c's function: the registry
// entry of that name taking (source, integer, boolean); 0 if none.
func castFunction(c pgvectorCast) int64 {
	for i, f := range sem.Builtins.All() {
		if f.Name == c.fn && len(f.Args) == 3 && sem.TypeOID(f.Args[0]) == c.from {
			return int64(oidProcBase + i)
		}
	}
	return 0
}
