package sem

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/distance"
)

// pgvectorProcs are pgvector 0.8's named C functions (sql/vector.sql)
// that vecgres otherwise serves only through an operator, a cast or an
// aggregate, callable by name as in pgvector: the functions behind its
// operators (vector_add is +, vector_lt is <, vector_cmp the B-tree
// order), its opclasses' support distances (vector_l2_squared_distance,
// vector_negative_inner_product, vector_spherical_distance), its casts
// with their typmod and explicit arguments (vector(v, 3, true),
// vector_to_float4, array_to_vector, ...) and the transition functions of
// avg and sum (vector_accum, vector_avg, vector_combine). Each computes
// what its operator, cast or aggregate computes, with the same errors.
// The type input/output functions (vector_in, vector_recv, ...) take
// cstring and internal, which vecgres has no values of.
var pgvectorProcs = func() []Func {
	var fs []Func
	for _, k := range []struct {
		prefix string
		t      types.Type
		cmp    CompareFunc
	}{{"vector", Vector, types.Compare}, {"halfvec", Halfvec, compareHalfvecs}, {"sparsevec", Sparsevec, types.Compare}} {
		fs = append(fs, comparisonProcs(k.prefix, k.t, k.cmp)...)
	}
	fs = append(fs, arithProcs()...)
	fs = append(fs, distanceProcs()...)
	fs = append(fs, castProcs()...)
	fs = append(fs, accumProcs("vector", Vector)...)
	fs = append(fs, accumProcs("halfvec", Halfvec)...)
	return fs
}()

// float8Array and float4Array are double precision[] and real[].
var (
	float8Array = types.Type{Kind: types.KindFloat8Array, Typmod: types.NoTypmod}
	float4Array = types.Type{Kind: types.KindFloat4Array, Typmod: types.NoTypmod}
)

// comparisonProcs are prefix_lt ... prefix_ne (the comparison operators)
// and prefix_cmp (-1, 0 or 1: the B-tree support function).
func comparisonProcs(prefix string, t types.Type, cmp CompareFunc) []Func {
	var fs []Func
	for _, c := range []struct{ name, op string }{{"lt", "<"}, {"le", "<="}, {"eq", "="}, {"ne", "<>"}, {"ge", ">="}, {"gt", ">"}} {
		f := comparison(c.op, t, t, cmp)
		f.Name, f.Schema = prefix+"_"+c.name, "public"
		fs = append(fs, f)
	}
	return append(fs, Func{Name: prefix + "_cmp", Args: []types.Type{t, t}, Ret: types.Int4, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return int64(max(-1, min(1, cmp(a[0], a[1])))), nil }})
}

// arithProcs are vector_add, _sub, _mul, _concat and halfvec's: + - * ||.
func arithProcs() []Func {
	names := map[string]string{"+": "add", "-": "sub", "*": "mul"}
	var fs []Func
	for _, op := range []string{"+", "-", "*"} {
		fs = append(fs, Func{Name: "vector_" + names[op], Args: []types.Type{Vector, Vector}, Ret: Vector, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) {
				return VectorArith(op, a[0].(types.Vector), a[1].(types.Vector))
			}},
			Func{Name: "halfvec_" + names[op], Args: []types.Type{Halfvec, Halfvec}, Ret: Halfvec, Strict: true, Schema: "public",
				Fn: halfBinary(func(a, b types.HalfVec) (any, error) { return HalfArith(op, a, b) })})
	}
	return append(fs,
		Func{Name: "vector_concat", Args: []types.Type{Vector, Vector}, Ret: Vector, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) { return VectorConcat(a[0].(types.Vector), a[1].(types.Vector)) }},
		Func{Name: "halfvec_concat", Args: []types.Type{Halfvec, Halfvec}, Ret: Halfvec, Strict: true, Schema: "public",
			Fn: halfBinary(HalfConcat)})
}

// distanceProcs are the opclasses' support distances: the squared L2
// distance (the L2 opclasses' distance), the negative inner product (<#>)
// and, for vector and halfvec, the spherical distance acos(a·b)/π of the
// IVFFlat cosine opclass (a·b clamped to [-1, 1]).
func distanceProcs() []Func {
	spherical := func(dot float64) float64 { return math.Acos(math.Max(-1, math.Min(1, dot))) / math.Pi }
	return []Func{
		distanceFunc("vector_l2_squared_distance", func(a, b types.Vector) float64 { return float64(distance.L2Squared(a, b)) }),
		distanceFunc("vector_negative_inner_product", Distances["<#>"]),
		distanceFunc("vector_spherical_distance", func(a, b types.Vector) float64 { return spherical(InnerProduct(a, b)) }),
		halfDistanceFunc("halfvec_l2_squared_distance", func(a, b types.HalfVec) float64 { return float64(distance.L2SquaredHalf(a, b)) }),
		halfDistanceFunc("halfvec_negative_inner_product", HalfDistances["<#>"]),
		halfDistanceFunc("halfvec_spherical_distance", func(a, b types.HalfVec) float64 { return spherical(HalfInnerProduct(a, b)) }),
		sparseDistanceFunc("sparsevec_l2_squared_distance", func(a, b types.SparseVec) float64 { return float64(SparseL2Squared(a, b)) }),
		sparseDistanceFunc("sparsevec_negative_inner_product", SparseDistances["<#>"]),
	}
}

// castProcs are the functions behind pgvector's casts, with its
// signature (value, typmod, explicit): the typmod coercions vector(),
// halfvec(), sparsevec(), the conversions between the three and to
// real[], and array_to_* from integer[], real[], double precision[] and
// numeric[]. Each is the cast to the target with that typmod (-1: none).
func castProcs() []Func {
	targets := []struct {
		name string
		of   func(int32) types.Type
	}{{"vector", types.VectorOf}, {"halfvec", types.HalfvecOf}, {"sparsevec", types.SparsevecOf}}
	sources := map[string]types.Type{"vector": Vector, "halfvec": Halfvec, "sparsevec": Sparsevec}
	var fs []Func
	for _, to := range targets {
		fs = append(fs, castProc(to.name, sources[to.name], to.of))
		for _, from := range []string{"vector", "halfvec", "sparsevec"} {
			if from != to.name {
				fs = append(fs, castProc(from+"_to_"+to.name, sources[from], to.of))
			}
		}
		for _, k := range []types.Kind{types.KindInt4Array, types.KindFloat4Array, types.KindFloat8Array, types.KindNumericArray} {
			fs = append(fs, castProc("array_to_"+to.name, types.Type{Kind: k, Typmod: types.NoTypmod}, to.of))
		}
	}
	toReal := func(int32) types.Type { return float4Array }
	return append(fs, castProc("vector_to_float4", Vector, toReal), castProc("halfvec_to_float4", Halfvec, toReal))
}

// castProc is name(value from, typmod integer, explicit boolean): value
// cast to the type of(typmod).
func castProc(name string, from types.Type, of func(int32) types.Type) Func {
	to := of(types.NoTypmod)
	return Func{Name: name, Args: []types.Type{from, types.Int4, types.Bool}, Ret: to, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) {
			typmod := a[1].(int64)
			if typmod < math.MinInt32 || typmod > math.MaxInt32 {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid type modifier")
			}
			return types.Cast(a[0], from, of(int32(typmod)), a[2].(bool))
		}}
}

// accumProcs are avg's and sum's transition functions over t (vector or
// halfvec) as pgvector declares them: prefix_accum(state, v) adds v to
// the state double precision[] {count, sum_1, ..., sum_n} (initially
// {0}), prefix_combine adds two states, prefix_avg(state) is the sums
// divided by the count as a t (NULL for a count of 0). Sums are float8,
// as pgvector's. Errors: 22000 "expected n dimensions, not m" for a
// vector or state of other dimensions than the state.
func accumProcs(prefix string, t types.Type) []Func {
	return []Func{
		{Name: prefix + "_accum", Args: []types.Type{float8Array, t}, Ret: float8Array, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) {
				st, err := accumState(a[0])
				if err != nil {
					return nil, err
				}
				v, err := types.Cast(a[1], t, Vector, false)
				if err != nil {
					return nil, err
				}
				return accumAdd(st, accumOf(v.(types.Vector)))
			}},
		{Name: prefix + "_combine", Args: []types.Type{float8Array, float8Array}, Ret: float8Array, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) {
				x, err := accumState(a[0])
				if err != nil {
					return nil, err
				}
				y, err := accumState(a[1])
				if err != nil {
					return nil, err
				}
				return accumAdd(x, y)
			}},
		{Name: prefix + "_avg", Args: []types.Type{float8Array}, Ret: t, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) {
				st, err := accumState(a[0])
				if err != nil || st[0] == 0 {
					return nil, err
				}
				v := make(types.Vector, len(st)-1)
				for i := range v {
					v[i] = float32(st[i+1] / st[0])
				}
				return types.Cast(v, Vector, t, false)
			}},
	}
}

// accumOf is the state of one vector: {1, v...}.
func accumOf(v types.Vector) []float64 {
	st := make([]float64, len(v)+1)
	st[0] = 1
	for i, x := range v {
		st[i+1] = float64(x)
	}
	return st
}

// accumAdd adds states x and y (a state of count 0 adds nothing) and
// returns the sum as a double precision[].
func accumAdd(x, y []float64) (types.Array, error) {
	switch {
	case y[0] == 0:
		y = x
	case x[0] != 0:
		if len(x) != len(y) {
			return nil, pgerror.Errorf(pgerror.DataException, "expected %d dimensions, not %d", len(x)-1, len(y)-1)
		}
		sum := make([]float64, len(x))
		for i := range x {
			sum[i] = x[i] + y[i]
		}
		y = sum
	}
	out := make(types.Array, len(y))
	for i, f := range y {
		out[i] = f
	}
	return out, nil
}

// accumState reads a state array: at least the count, no NULL element.
// Errors: 22000 otherwise.
func accumState(d any) ([]float64, error) {
	var st []float64
	switch a := d.(type) {
	case []float64:
		st = a
	case types.Array:
		for _, e := range a {
			f, ok := e.(float64)
			if !ok {
				return nil, pgerror.New(pgerror.DataException, "array must not contain nulls")
			}
			st = append(st, f)
		}
	}
	if len(st) == 0 {
		return nil, pgerror.New(pgerror.DataException, "expected state array with at least 1 element")
	}
	return st, nil
}
