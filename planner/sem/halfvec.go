package sem

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/distance"
	"github.com/vecgres/vecgres/vecindex/fp16"
)

// Halfvec is pgvector's halfvec without dimensions, the type its
// functions take.
var Halfvec = types.HalfvecOf(types.NoTypmod)

// halfvecFuncs are pgvector's functions of halfvec (pgvector 0.8,
// halfvec.c): distances summed in float32 over the halves widened
// exactly (the fp16 kernels of vecindex/distance), the final step in
// float8, as pgvector's HalfvecL2SquaredDistance and friends. An argument
// may arrive as a vector (the implicit cast vector -> halfvec): halfArg
// rounds it, with the cast's errors. binary_quantize(halfvec) waits for
// the bit type.
var halfvecFuncs = []Func{
	halfDistanceFunc("l2_distance", HalfL2Distance),
	halfDistanceFunc("inner_product", HalfInnerProduct),
	halfDistanceFunc("cosine_distance", HalfCosineDistance),
	halfDistanceFunc("l1_distance", HalfL1Distance),
	{Name: "vector_dims", Args: []types.Type{Halfvec}, Ret: types.Int4, Strict: true, Schema: "public",
		Fn: halfUnary(func(v types.HalfVec) (any, error) { return int64(len(v)), nil })},
	{Name: "l2_norm", Args: []types.Type{Halfvec}, Ret: types.Float8, Strict: true, Schema: "public",
		Fn: halfUnary(func(v types.HalfVec) (any, error) { return HalfNorm(v), nil })},
	{Name: "l2_normalize", Args: []types.Type{Halfvec}, Ret: Halfvec, Strict: true, Schema: "public",
		Fn: halfUnary(func(v types.HalfVec) (any, error) { return HalfNormalize(v) })},
	{Name: "subvector", Args: []types.Type{Halfvec, types.Int4, types.Int4}, Ret: Halfvec, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) {
			v, err := halfArg(a[0])
			if err != nil {
				return nil, err
			}
			return HalfSubvector(v, a[1].(int64), a[2].(int64))
		}},
}

// halfvecOperators are pgvector's operators on two halfvecs: + - *
// (22000 for different dimensions), || and the distances.
func halfvecOperators() []Func {
	ops := []Func{{Name: "||", Args: []types.Type{Halfvec, Halfvec}, Ret: Halfvec, Strict: true, Schema: "public",
		Fn: halfBinary(HalfConcat)}}
	for _, op := range []string{"+", "-", "*"} {
		ops = append(ops, Func{Name: op, Args: []types.Type{Halfvec, Halfvec}, Ret: Halfvec, Strict: true, Schema: "public",
			Fn: halfBinary(func(a, b types.HalfVec) (any, error) { return HalfArith(op, a, b) })})
	}
	for _, op := range []string{"<->", "<#>", "<=>", "<+>"} {
		ops = append(ops, halfDistanceFunc(op, HalfDistances[op]))
	}
	return ops
}

// HalfDistances maps each distance operator to its halfvec function; <#>
// is the negative inner product.
var HalfDistances = map[string]func(a, b types.HalfVec) float64{
	"<->": HalfL2Distance,
	"<#>": func(a, b types.HalfVec) float64 { return -HalfInnerProduct(a, b) },
	"<=>": HalfCosineDistance,
	"<+>": HalfL1Distance,
}

// halfArg is a halfvec argument: a HalfVec as is, a vector rounded to
// halves (pgvector's vector_to_halfvec: 22003 beyond ±65504).
func halfArg(v any) (types.HalfVec, error) {
	if h, ok := v.(types.HalfVec); ok {
		return h, nil
	}
	h, err := types.Cast(v, Vector, Halfvec, false)
	if err != nil {
		return nil, err
	}
	return h.(types.HalfVec), nil
}

func halfUnary(fn func(v types.HalfVec) (any, error)) Impl {
	return func(_ Context, a []any) (any, error) {
		v, err := halfArg(a[0])
		if err != nil {
			return nil, err
		}
		return fn(v)
	}
}

func halfBinary(fn func(a, b types.HalfVec) (any, error)) Impl {
	return func(_ Context, a []any) (any, error) {
		x, err := halfArg(a[0])
		if err != nil {
			return nil, err
		}
		y, err := halfArg(a[1])
		if err != nil {
			return nil, err
		}
		return fn(x, y)
	}
}

// HalfDistance evaluates dist on two halfvec operands (either may be a
// vector, rounded as the implicit cast does) after CheckSameHalfDims.
func HalfDistance(dist func(a, b types.HalfVec) float64, l, r any) (float64, error) {
	x, err := halfArg(l)
	if err != nil {
		return 0, err
	}
	y, err := halfArg(r)
	if err != nil {
		return 0, err
	}
	if err := CheckSameHalfDims(x, y); err != nil {
		return 0, err
	}
	return dist(x, y), nil
}

// halfDistanceFunc is a distance function of two halfvecs of equal
// dimensions.
func halfDistanceFunc(name string, dist func(a, b types.HalfVec) float64) Func {
	return Func{Name: name, Args: []types.Type{Halfvec, Halfvec}, Ret: types.Float8, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return HalfDistance(dist, a[0], a[1]) }}
}

// CheckSameHalfDims is 22000 `different halfvec dimensions 3 and 2`.
func CheckSameHalfDims(a, b types.HalfVec) error {
	if len(a) != len(b) {
		return pgerror.Errorf(pgerror.DataException, "different halfvec dimensions %d and %d", len(a), len(b))
	}
	return nil
}

// HalfL2Distance is the Euclidean distance of halfvecs of equal length.
func HalfL2Distance(a, b types.HalfVec) float64 {
	return math.Sqrt(float64(distance.L2SquaredHalf(a, b)))
}

// HalfInnerProduct is the dot product of halfvecs of equal length.
func HalfInnerProduct(a, b types.HalfVec) float64 { return float64(distance.DotHalf(a, b)) }

// HalfCosineDistance is 1 - cos(a, b), clamped to [0, 2]; NaN when either
// is a zero vector.
func HalfCosineDistance(a, b types.HalfVec) float64 {
	dot, na, nb := distance.CosinePartsHalf(a, b)
	sim := float64(dot) / math.Sqrt(float64(na)*float64(nb))
	if math.IsNaN(sim) {
		return math.NaN()
	}
	return 1 - math.Max(-1, math.Min(1, sim))
}

// HalfL1Distance is the taxicab distance of halfvecs of equal length.
func HalfL1Distance(a, b types.HalfVec) float64 { return float64(distance.L1Half(a, b)) }

// HalfNorm is a's Euclidean norm, summed in float64 (halfvec_l2_norm).
func HalfNorm(a types.HalfVec) float64 {
	var s float64
	for _, h := range a {
		x := float64(fp16.ToFloat32(h))
		s += x * x
	}
	return math.Sqrt(s)
}

// HalfNormalize is halfvec_l2_normalize: each element divided by the
// float64 norm, narrowed to float4 and rounded to a half; all zeros for
// a zero vector; 22003 `value out of range: overflow` if a half overflows.
func HalfNormalize(a types.HalfVec) (types.HalfVec, error) {
	n := HalfNorm(a)
	out := make(types.HalfVec, len(a))
	if n > 0 {
		for i, h := range a {
			out[i] = fp16.FromFloat32(float32(float64(fp16.ToFloat32(h)) / n))
			if fp16.IsInf(out[i]) {
				return nil, errOverflow()
			}
		}
	}
	return out, nil
}

func errOverflow() error {
	return pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
}

// HalfArith applies + - * element-wise (halfvec_add, halfvec_sub,
// halfvec_mul): computed in float32 and rounded to a half; an infinite
// result is 22003 `value out of range: overflow`, a zero product of
// non-zero halves 22003 `value out of range: underflow`.
func HalfArith(op string, a, b types.HalfVec) (types.HalfVec, error) {
	if err := CheckSameHalfDims(a, b); err != nil {
		return nil, err
	}
	out := make(types.HalfVec, len(a))
	for i := range a {
		x, y := fp16.ToFloat32(a[i]), fp16.ToFloat32(b[i])
		var r float32
		switch op {
		case "+":
			r = x + y
		case "-":
			r = x - y
		default:
			r = x * y
		}
		out[i] = fp16.FromFloat32(r)
		if fp16.IsInf(out[i]) {
			return nil, errOverflow()
		}
		if op == "*" && out[i]&0x7fff == 0 && x != 0 && y != 0 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
		}
	}
	return out, nil
}

// HalfConcat is halfvec_concat: 54000 past 16000 dimensions.
func HalfConcat(a, b types.HalfVec) (any, error) {
	if len(a)+len(b) > MaxVectorDims {
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "halfvec cannot have more than %d dimensions", MaxVectorDims)
	}
	out := make(types.HalfVec, 0, len(a)+len(b))
	return append(append(out, a...), b...), nil
}

// HalfSubvector is halfvec_subvector, with Subvector's clipping and
// errors naming halfvec.
func HalfSubvector(v types.HalfVec, start, count int64) (types.HalfVec, error) {
	lo, hi, ok := subvectorBounds(int64(len(v)), start, count)
	if !ok {
		return nil, pgerror.New(pgerror.DataException, "halfvec must have at least 1 dimension")
	}
	return append(types.HalfVec(nil), v[lo:hi]...), nil
}

// subvectorBounds is pgvector's subvector clipping: the 0-based slice
// bounds of elements start .. start+count-1 (1-based) within dim
// elements; false when nothing is left or count < 1.
func subvectorBounds(dim, start, count int64) (int64, int64, bool) {
	if count < 1 {
		return 0, 0, false
	}
	end := start + count
	if start > dim-count {
		end = dim + 1
	}
	if start < 1 {
		start = 1
	} else if start > dim {
		return 0, 0, false
	}
	if end-start < 1 {
		return 0, 0, false
	}
	return start - 1, end - 1, true
}

// compareHalfvecs is halfvec_cmp for the comparison operators: element
// values, then lengths. A vector operand (implicit cast) is rounded to
// halves first; one that overflows compares by its rounding to ±Inf.
func compareHalfvecs(a, b any) int { return types.Compare(halfOrRound(a), halfOrRound(b)) }

func halfOrRound(v any) types.HalfVec {
	if h, ok := v.(types.HalfVec); ok {
		return h
	}
	f := v.(types.Vector)
	out := make(types.HalfVec, len(f))
	for i, x := range f {
		out[i] = fp16.FromFloat32(x)
	}
	return out
}

// halfvecAggregate is pgvector's sum or avg of halfvecs (accumulated by
// the planner, planner/aggregate_vector.go).
func halfvecAggregate(name string) Func {
	f := aggregate(name, Halfvec, Halfvec)
	f.Schema = "public"
	return f
}
