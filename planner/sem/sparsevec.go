package sem

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Sparsevec is pgvector's sparsevec without dimensions, the type its
// functions take.
var Sparsevec = types.SparsevecOf(types.NoTypmod)

// sparsevecFuncs are pgvector 0.8's functions of sparsevec (sparsevec.c):
// distances by a merge of the sorted indices, summed in float32 in index
// order and finished in float8, as pgvector's. An argument may arrive as
// a vector (the implicit cast vector -> sparsevec): SparseArg converts it.
var sparsevecFuncs = []Func{
	sparseDistanceFunc("l2_distance", SparseL2Distance),
	sparseDistanceFunc("inner_product", SparseInnerProduct),
	sparseDistanceFunc("cosine_distance", SparseCosineDistance),
	sparseDistanceFunc("l1_distance", SparseL1Distance),
	{Name: "l2_norm", Args: []types.Type{Sparsevec}, Ret: types.Float8, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) {
			v, err := SparseArg(a[0])
			if err != nil {
				return nil, err
			}
			return SparseNorm(v), nil
		}},
	{Name: "l2_normalize", Args: []types.Type{Sparsevec}, Ret: Sparsevec, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) {
			v, err := SparseArg(a[0])
			if err != nil {
				return nil, err
			}
			return SparseNormalize(v), nil
		}},
}

// sparsevecOperators are pgvector's distance operators on two sparsevecs.
func sparsevecOperators() []Func {
	var ops []Func
	for _, op := range []string{"<->", "<#>", "<=>", "<+>"} {
		ops = append(ops, sparseDistanceFunc(op, SparseDistances[op]))
	}
	return ops
}

// SparseDistances maps each distance operator to its sparsevec function;
// <#> is the negative inner product.
var SparseDistances = map[string]func(a, b types.SparseVec) float64{
	"<->": SparseL2Distance,
	"<#>": func(a, b types.SparseVec) float64 { return -SparseInnerProduct(a, b) },
	"<=>": SparseCosineDistance,
	"<+>": SparseL1Distance,
}

// sparseDistanceFunc is a distance of two sparsevecs of equal dimensions
// (22000 `different sparsevec dimensions 3 and 4`).
func sparseDistanceFunc(name string, dist func(a, b types.SparseVec) float64) Func {
	return Func{Name: name, Args: []types.Type{Sparsevec, Sparsevec}, Ret: types.Float8, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return SparseDistance(dist, a[0], a[1]) }}
}

// SparseDistance applies dist to two non-NULL operands (sparsevecs, or
// vectors converted as the implicit cast does) after the dimension check.
func SparseDistance(dist func(a, b types.SparseVec) float64, l, r any) (any, error) {
	x, err := SparseArg(l)
	if err != nil {
		return nil, err
	}
	y, err := SparseArg(r)
	if err != nil {
		return nil, err
	}
	if x.Dim != y.Dim {
		return nil, pgerror.Errorf(pgerror.DataException, "different sparsevec dimensions %d and %d", x.Dim, y.Dim)
	}
	return dist(x, y), nil
}

// SparseArg is a sparsevec argument: a SparseVec as is, a vector or a
// halfvec converted (vector_to_sparsevec, halfvec_to_sparsevec: at most
// 16000 dimensions, so never more non-zeros than allowed).
func SparseArg(v any) (types.SparseVec, error) {
	switch x := v.(type) {
	case types.SparseVec:
		return x, nil
	case types.HalfVec:
		return types.VectorToSparse(types.HalfvecFloats(x))
	}
	return types.VectorToSparse(v.(types.Vector))
}

// sparseMerge calls both(i, j) for each index set in a and b, onlyA(i)
// and onlyB(j) for the others, in ascending index order.
func sparseMerge(a, b types.SparseVec, both func(i, j int), onlyA func(i int), onlyB func(j int)) {
	i, j := 0, 0
	for i < len(a.Indices) && j < len(b.Indices) {
		switch {
		case a.Indices[i] == b.Indices[j]:
			both(i, j)
			i, j = i+1, j+1
		case a.Indices[i] < b.Indices[j]:
			onlyA(i)
			i++
		default:
			onlyB(j)
			j++
		}
	}
	for ; i < len(a.Indices); i++ {
		onlyA(i)
	}
	for ; j < len(b.Indices); j++ {
		onlyB(j)
	}
}

// SparseL2Squared is Σ(a-b)² in float32, summed in index order.
func SparseL2Squared(a, b types.SparseVec) float32 {
	var s float32
	sparseMerge(a, b,
		func(i, j int) { d := a.Values[i] - b.Values[j]; s += d * d },
		func(i int) { s += a.Values[i] * a.Values[i] },
		func(j int) { s += b.Values[j] * b.Values[j] })
	return s
}

// SparseL2Distance is the Euclidean distance.
func SparseL2Distance(a, b types.SparseVec) float64 {
	return math.Sqrt(float64(SparseL2Squared(a, b)))
}

// SparseInnerProduct is Σa·b over the shared indices, in float32.
func SparseInnerProduct(a, b types.SparseVec) float64 { return float64(sparseDot(a, b)) }

func sparseDot(a, b types.SparseVec) float32 {
	var s float32
	sparseMerge(a, b, func(i, j int) { s += a.Values[i] * b.Values[j] }, func(int) {}, func(int) {})
	return s
}

// SparseCosineDistance is 1 - cos(a, b) clamped to [0, 2]; NaN when
// either is zero (pgvector: the similarity over sqrt(|a|²·|b|²)).
func SparseCosineDistance(a, b types.SparseVec) float64 {
	var na, nb float32
	for _, x := range a.Values {
		na += x * x
	}
	for _, x := range b.Values {
		nb += x * x
	}
	sim := float64(sparseDot(a, b)) / math.Sqrt(float64(na)*float64(nb))
	if math.IsNaN(sim) {
		return math.NaN()
	}
	return 1 - math.Max(-1, math.Min(1, sim))
}

// SparseL1Distance is Σ|a-b| in float32, summed in index order.
func SparseL1Distance(a, b types.SparseVec) float64 {
	var s float32
	sparseMerge(a, b,
		func(i, j int) { s += float32(math.Abs(float64(a.Values[i] - b.Values[j]))) },
		func(i int) { s += float32(math.Abs(float64(a.Values[i]))) },
		func(j int) { s += float32(math.Abs(float64(b.Values[j]))) })
	return float64(s)
}

// SparseNorm is the Euclidean norm, summed in float64.
func SparseNorm(v types.SparseVec) float64 {
	var s float64
	for _, x := range v.Values {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

// SparseNormalize is v over its norm (float4 values; a value that becomes
// zero is dropped); a zero vector stays zero.
func SparseNormalize(v types.SparseVec) types.SparseVec {
	n := SparseNorm(v)
	out := types.SparseVec{Dim: v.Dim}
	if n == 0 {
		return out
	}
	for k, x := range v.Values {
		if y := float32(float64(x) / n); y != 0 {
			out.Indices = append(out.Indices, v.Indices[k])
			out.Values = append(out.Values, y)
		}
	}
	return out
}
