package planner

import (
	"math"
	"strings"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// overloads lists the functions with more than one signature (PostgreSQL
// docs 9.3, Table 9.5): round, trunc, ceil, ceiling and floor take
// double precision or numeric, round and trunc also (numeric, integer).
// bindOverloaded picks one as PostgreSQL's func_select_candidate would for
// these: an exact match of the typed arguments first, else the first in
// list order the arguments convert to implicitly, so that integers and
// untyped literals take the double precision form (float8 is the
// preferred numeric type) and round(float8, int) does not exist (42883;
// float8 to numeric is not an implicit cast).
var overloads = map[string][]funcDef{}

func init() {
	f8 := func(fn func(float64) float64) funcDef {
		return funcDef{args: []types.Type{types.Float8}, ret: types.Float8, strict: true,
			fn: func(_ *env, a []any) (any, error) { return fn(a[0].(float64)), nil }}
	}
	num := func(fn func(types.Decimal) types.Decimal) funcDef {
		return funcDef{args: []types.Type{types.Numeric}, ret: types.Numeric, strict: true,
			fn: func(_ *env, a []any) (any, error) {
				n, _ := types.AsNumeric(a[0])
				return fn(n), nil
			}}
	}
	numScale := func(fn func(types.Decimal, int64) types.Decimal) funcDef {
		return funcDef{args: []types.Type{types.Numeric, types.Int4}, ret: types.Numeric, strict: true,
			fn: func(_ *env, a []any) (any, error) {
				n, _ := types.AsNumeric(a[0])
				s, _ := a[1].(int64)
				return fn(n, s), nil
			}}
	}
	round := func(n types.Decimal) types.Decimal { return types.RoundNumeric(n, 0) }
	trunc := func(n types.Decimal) types.Decimal { return truncNumeric(n, 0) }
	overloads["round"] = []funcDef{f8(math.RoundToEven), num(round), numScale(types.RoundNumeric)}
	overloads["trunc"] = []funcDef{f8(math.Trunc), num(trunc), numScale(truncNumeric)}
	overloads["ceil"] = []funcDef{f8(math.Ceil), num(ceilNumeric)}
	overloads["ceiling"] = overloads["ceil"]
	overloads["floor"] = []funcDef{f8(math.Floor), num(floorNumeric)}
}

// bindOverloaded binds a call of a function of overloads; ok is false for
// other names. Errors: 42883 (noFunction) when no signature fits.
func (b *binder) bindOverloaded(f *sql.FuncCall) (e expr, ok bool, err error) {
	defs, ok := overloads[f.Name]
	if !ok {
		return nil, false, nil
	}
	if f.Star {
		return nil, true, b.noFunction(f)
	}
	// Typed arguments are bound once here; untyped ones ($n, '...', NULL)
	// once the signature gives them a type.
	args := make([]expr, len(f.Args))
	for i, a := range f.Args {
		if b.untyped(a) {
			continue
		}
		if args[i], err = b.bind(a, types.Unknown); err != nil {
			return nil, true, err
		}
	}
	def, found := pickOverload(defs, args)
	if !found {
		return nil, true, b.noFunction(f)
	}
	for i, a := range f.Args {
		if args[i] == nil {
			if args[i], err = b.bind(a, def.args[i]); err != nil {
				return nil, true, err
			}
		}
		if args[i], err = coerce(args[i], def.args[i], a.Pos()); err != nil {
			return nil, true, err
		}
	}
	return &funcExpr{name: f.Name, args: args, t: def.ret, strict: def.strict, fn: def.fn}, true, nil
}

// pickOverload returns the signature for args (nil: untyped, fits any).
func pickOverload(defs []funcDef, args []expr) (funcDef, bool) {
	for _, exact := range []bool{true, false} {
		for _, d := range defs {
			if len(d.args) == len(args) && argsFit(d.args, args, exact) {
				return d, true
			}
		}
	}
	return funcDef{}, false
}

func argsFit(want []types.Type, args []expr, exact bool) bool {
	for i, a := range args {
		if a == nil {
			continue
		}
		from, to := a.Type().Kind, want[i].Kind
		if from == to || from == types.KindUnknown {
			continue
		}
		if exact || !implicitNumeric(from, to) && !implicitString(from, to) {
			return false
		}
	}
	return true
}

// implicitNumeric reports whether PostgreSQL casts a number of kind from
// to kind to implicitly (pg_cast castcontext 'i'): integers widen and
// become float or numeric, numeric and real become double precision.
func implicitNumeric(from, to types.Kind) bool {
	rank := map[types.Kind]int{types.KindInt2: 1, types.KindInt4: 2, types.KindInt8: 3,
		types.KindNumeric: 4, types.KindFloat4: 5, types.KindFloat8: 6}
	rf, okF := rank[from]
	rt, okT := rank[to]
	return okF && okT && rf < rt
}

// implicitString reports whether PostgreSQL casts a string of kind from
// to kind to implicitly: varchar and character(n) become text (the
// latter losing its trailing spaces), for octet_length and bit_length.
func implicitString(from, to types.Kind) bool {
	return to == types.KindText && (from == types.KindVarchar || from == types.KindBpchar)
}

// truncNumeric is trunc(numeric, int): digits after scale places dropped
// (toward zero), the result with scale max(scale, 0) as PostgreSQL's
// numeric_trunc; a negative scale zeroes digits left of the point.
func truncNumeric(n types.Decimal, scale int64) types.Decimal {
	s := string(types.AppendNumericText(nil, n))
	if s == "NaN" || strings.Contains(s, "Infinity") {
		return n
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	ip, fp, _ := strings.Cut(s, ".")
	switch {
	case scale >= 0:
		fp = (fp + strings.Repeat("0", int(min(scale, 2000))))[:min(scale, 2000)]
	case int(-scale) >= len(ip):
		ip, fp = "0", ""
	default:
		ip, fp = ip[:len(ip)+int(scale)]+strings.Repeat("0", int(-scale)), ""
	}
	out := ip
	if fp != "" {
		out += "." + fp
	}
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	r, err := types.ParseNumeric(out)
	if err != nil {
		return n
	}
	return r
}

// ceilNumeric and floorNumeric round toward +/- infinity to scale 0.
func ceilNumeric(n types.Decimal) types.Decimal  { return stepNumeric(n, 1) }
func floorNumeric(n types.Decimal) types.Decimal { return stepNumeric(n, -1) }

// stepNumeric truncates n and moves one toward dir when that dropped a
// fraction on dir's side of zero.
func stepNumeric(n types.Decimal, dir int64) types.Decimal {
	t := truncNumeric(n, 0)
	c := types.CmpNumeric(n, t)
	if c == 0 || int64(c) != dir {
		return t
	}
	r, err := types.NumericArith("+", t, types.NumericFromInt64(dir))
	if err != nil {
		return t
	}
	return r
}
