package sem

import "github.com/vecgres/vecgres/sql/types"

// Operators are the binary operators resolved by signature, in the same
// kind of registry as the functions (Name is the operator's symbol, Args
// its left and right operand types) and by the same resolver: PostgreSQL
// 15's operators (pg_operator) on numbers (docs 9.3, Table 9.4: + - * /
// for every pair of integer types, of float types, and numeric; % for
// each integer type and numeric, none for floats), || of text, and
// pgvector's + - * || and distances <-> <#> <=> <+> of vectors, LIKE and
// ILIKE (like.go), the comparisons = <> < <= > >= (compare.go), the
// jsonb operators (jsonb.go), array containment and overlap (array.go)
// and array || (array_concat.go). A mix of
// kinds resolves through implicit casts and preferred types: integer +
// numeric is numeric, integer or numeric + real is double precision, as
// PostgreSQL's. Operand values are converted to the parameter types
// only where the implicit cast changes them (Func.Converting: character(n)
// to text, date to timestamp); numbers are not (arith.go reads any
// number).
//
// The prefix operators - and + take one operand of a numeric type (not
// oid). The array || entries (array_concat.go) return the array
// operand's type, which the binder gives the node (planner/ops_array.go);
// X op ANY/ALL (array) and IN take the comparison entries' order there.
//
// Operators is filled by init: the array entries' implementations
// resolve their elements' = here.
var Operators *Registry

func init() {
	Operators = NewRegistry(numberOperators(), prefixOperators(), vectorOperators(), halfvecOperators(), stringOperators, likeOperators, regexOperators,
		comparisonOperators(), jsonbOperators, jsonbMoreOperators, jsonOperators, arrayOperators, arrayConcatOperators, powerOperators,
		bitOperators(), bitStringOperators(), sparsevecOperators(), dateTimeOperators())
}

var (
	intKinds   = []types.Type{types.Int2, types.Int4, types.Int8}
	floatKinds = []types.Type{types.Float4, types.Float8}
)

// numberOperators lists + - * / over each pair of integer types (the
// wider type's result) and of float types (double precision unless both
// are real), % over each integer type alone, and all five over numeric.
func numberOperators() []Func {
	var ops []Func
	for _, op := range []string{"+", "-", "*", "/", "%"} {
		for _, l := range intKinds {
			for _, r := range intKinds {
				if op != "%" || l == r {
					ops = append(ops, intOperator(op, l, r))
				}
			}
		}
		for _, l := range floatKinds {
			for _, r := range floatKinds {
				if op != "%" {
					ops = append(ops, floatOperator(op, l, r))
				}
			}
		}
		ops = append(ops, Func{Name: op, Args: []types.Type{types.Numeric, types.Numeric}, Ret: types.Numeric, Strict: true,
			Fn: func(_ Context, a []any) (any, error) { return NumericArith(op, a[0], a[1]) }})
	}
	return ops
}

// prefixOperators are unary - and + on each numeric type (int2um ...
// numeric_uminus, and their unary plus).
func prefixOperators() []Func {
	var ops []Func
	for _, t := range append(append([]types.Type{types.Numeric}, intKinds...), floatKinds...) {
		ops = append(ops,
			Func{Name: "-", Args: []types.Type{t}, Ret: t, Strict: true,
				Fn: func(_ Context, a []any) (any, error) { return Negate(a[0], t) }},
			Func{Name: "+", Args: []types.Type{t}, Ret: t, Strict: true,
				Fn: func(_ Context, a []any) (any, error) { return a[0], nil }})
	}
	return ops
}

func intOperator(op string, l, r types.Type) Func {
	ret := l
	if intRank(r) > intRank(l) {
		ret = r
	}
	return Func{Name: op, Args: []types.Type{l, r}, Ret: ret, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return IntArith(op, a[0].(int64), a[1].(int64), ret) }}
}

func intRank(t types.Type) int {
	switch t.Kind {
	case types.KindInt2:
		return 1
	case types.KindInt4:
		return 2
	}
	return 3
}

func floatOperator(op string, l, r types.Type) Func {
	ret := types.Float8
	if l.Kind == types.KindFloat4 && r.Kind == types.KindFloat4 {
		ret = types.Float4
	}
	return Func{Name: op, Args: []types.Type{l, r}, Ret: ret, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return FloatArith(op, ToFloat(a[0]), ToFloat(a[1]), ret) }}
}

// vectorOperators are pgvector's operators on two vectors: + - * (22000
// for different dimensions), || and the distances (<#> is the negative
// inner product).
func vectorOperators() []Func {
	ops := []Func{{Name: "||", Args: []types.Type{Vector, Vector}, Ret: Vector, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return VectorConcat(a[0].(types.Vector), a[1].(types.Vector)) }}}
	for _, op := range []string{"+", "-", "*"} {
		ops = append(ops, Func{Name: op, Args: []types.Type{Vector, Vector}, Ret: Vector, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) {
				return VectorArith(op, a[0].(types.Vector), a[1].(types.Vector))
			}})
	}
	for _, op := range []string{"<->", "<#>", "<=>", "<+>"} {
		ops = append(ops, distanceFunc(op, Distances[op]))
	}
	return ops
}

// Distances maps each distance operator to its function; <#> is the
// negative inner product (the function inner_product is positive).
var Distances = map[string]func(a, b types.Vector) float64{
	"<->": L2Distance,
	"<#>": func(a, b types.Vector) float64 { return -InnerProduct(a, b) },
	"<=>": CosineDistance,
	"<+>": L1Distance,
}

// stringOperators: || of text (character(n) operands lose their trailing
// spaces first, as PostgreSQL's cast to text).
var stringOperators = []Func{
	{Name: "||", Args: []types.Type{types.Text, types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return a[0].(string) + a[1].(string), nil }},
}
