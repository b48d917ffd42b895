package sem

import (
	"math"

	"github.com/cockroachdb/apd/v3"
	"github.com/vecgres/vecgres/sql/types"
)

// statsAggregateFuncs are PostgreSQL 15's variance and standard
// deviation aggregates (docs 9.21, Table 9.60): var_samp (variance),
// var_pop, stddev_samp (stddev), stddev_pop; numeric for integer and
// numeric inputs, double precision for float inputs. Accumulating is the
// planner's (planner/aggregate_stats.go); the final values are
// VarianceFloat's and VarianceNumeric's.
var statsAggregateFuncs = func() []Func {
	var fs []Func
	for _, name := range []string{"variance", "var_samp", "var_pop", "stddev", "stddev_samp", "stddev_pop"} {
		for _, t := range []types.Type{types.Int2, types.Int4, types.Int8, types.Numeric} {
			fs = append(fs, aggregate(name, t, types.Numeric))
		}
		fs = append(fs, aggregate(name, types.Float4, types.Float8), aggregate(name, types.Float8, types.Float8))
	}
	return fs
}()

// FloatAccum is float8_accum's state: the count, the sum and the sum of
// squared differences from the running mean (Youngs & Cramer, "Some
// results relevant to choice of sum and sum-of-product algorithms",
// Technometrics 1971, as PostgreSQL 12+ computes it).
type FloatAccum struct{ N, Sx, Sxx float64 }

// Add folds x in (a NaN or infinity makes Sxx NaN, as PostgreSQL's).
func (a *FloatAccum) Add(x float64) {
	prevN := a.N
	a.N++
	a.Sx += x
	if prevN > 0 {
		tmp := x*a.N - a.Sx
		a.Sxx += tmp * tmp / (a.N * prevN)
		if math.IsInf(a.Sx, 0) || math.IsInf(a.Sxx, 0) {
			a.Sxx = math.NaN()
		}
	} else if math.IsNaN(x) || math.IsInf(x, 0) {
		a.Sxx = math.NaN()
	}
}

// VarianceFloat is float8_var_samp / var_pop / stddev_samp / stddev_pop
// of a: NULL (nil) below two inputs for a sample, none for a
// population.
func VarianceFloat(a FloatAccum, sample, stddev bool) any {
	den := a.N
	if sample {
		den = a.N - 1
	}
	if den <= 0 {
		return nil
	}
	v := a.Sxx / den
	if stddev {
		return math.Sqrt(v)
	}
	return v
}

// VarianceNumeric is numeric_stddev_internal: with n inputs summing to
// sumX and their squares to sumX2 (both exact), (n·sumX2 - sumX²) /
// (n·(n-1)) (sample) or / n² (population) at select_div_scale's scale,
// its square root at that scale for stddev; 0 when the numerator is not
// positive; NULL (nil) below two inputs for a sample, none for a
// population; NaN when an input was NaN or infinite (special).
func VarianceNumeric(n int64, sumX, sumX2 types.Decimal, special, sample, stddev bool) (any, error) {
	if n == 0 || sample && n == 1 {
		return nil, nil
	}
	if special {
		return types.ParseNumeric("NaN")
	}
	N := types.NumericFromInt64(n)
	sq, err := types.NumericArith("*", sumX, sumX)
	if err != nil {
		return nil, err
	}
	nx2, err := types.NumericArith("*", N, sumX2)
	if err != nil {
		return nil, err
	}
	num, err := types.NumericArith("-", nx2, sq)
	if err != nil {
		return nil, err
	}
	if num.Sign() <= 0 {
		return types.NumericFromInt64(0), nil
	}
	other := N
	if sample {
		other = types.NumericFromInt64(n - 1)
	}
	den, err := types.NumericArith("*", N, other)
	if err != nil {
		return nil, err
	}
	v, err := types.NumericArith("/", num, den)
	if err != nil || !stddev {
		return v, err
	}
	return sqrtAt(v, v.Scale())
}

// sqrtAt is sqrt_var: the square root of a non-negative n rounded to
// rscale digits.
func sqrtAt(n types.Decimal, rscale int) (types.Decimal, error) {
	x := toNum(n)
	return compute(rscale, x.weight()/2+1, func(ctx *apd.Context, out *apd.Decimal) error {
		_, err := ctx.Sqrt(out, &x.d)
		return err
	})
}
