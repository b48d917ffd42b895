package sem

import (
	"math"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// dateTimeFuncs are extract and date_part (numeric and double precision
// results), date_trunc, age, justify_*, the make_* constructors and
// isfinite.
func dateTimeFuncs() []Func {
	var fs []Func
	for _, name := range []string{"extract", "date_part"} {
		wrap := func(f types.Fixed, err error) (any, error) {
			if err != nil {
				return nil, err
			}
			if name == "extract" {
				return f.Numeric(), nil
			}
			return f.Float(), nil
		}
		ret := types.Numeric
		if name == "date_part" {
			ret = types.Float8
		}
		fs = append(fs,
			op(name, []types.Type{types.Text, ts}, ret, func(_ Context, a []any) (any, error) {
				return wrap(types.ExtractTimestamp(a[0].(string), i64(a[1]), i64(a[1]), 0, false))
			}),
			stableOp(name, []types.Type{types.Text, tstz}, ret, func(c Context, a []any) (any, error) {
				us := i64(a[1])
				off, _ := types.ZoneOffset(us, sessionZone(c))
				return wrap(types.ExtractTimestamp(a[0].(string), types.ToWall(us, sessionZone(c)), us, off, true))
			}),
			op(name, []types.Type{types.Text, types.Date}, ret, func(_ Context, a []any) (any, error) {
				return wrap(types.ExtractDate(a[0].(string), i64(a[1])))
			}),
			op(name, []types.Type{types.Text, interval}, ret, func(_ Context, a []any) (any, error) {
				return wrap(types.ExtractInterval(a[0].(string), iv(a[1])))
			}),
			op(name, []types.Type{types.Text, types.Time}, ret, func(_ Context, a []any) (any, error) {
				return wrap(types.ExtractInterval(a[0].(string), types.Interval{Micros: i64(a[1])}))
			}),
		)
	}
	fs = append(fs,
		op("date_trunc", []types.Type{types.Text, ts}, ts, func(_ Context, a []any) (any, error) {
			v, _, err := types.TruncTimestamp(a[0].(string), i64(a[1]), "timestamp without time zone")
			return v, err
		}),
		stableOp("date_trunc", []types.Type{types.Text, tstz}, tstz, func(c Context, a []any) (any, error) {
			return truncTZ(a[0].(string), i64(a[1]), sessionZone(c))
		}),
		op("date_trunc", []types.Type{types.Text, tstz, types.Text}, tstz, func(_ Context, a []any) (any, error) {
			loc, _, ok := types.LoadZone(a[2].(string))
			if !ok {
				return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "time zone \"%s\" not recognized", a[2].(string))
			}
			return truncTZ(a[0].(string), i64(a[1]), loc)
		}),
		op("date_trunc", []types.Type{types.Text, interval}, interval, func(_ Context, a []any) (any, error) {
			return types.TruncInterval(a[0].(string), iv(a[1]))
		}),
		op("age", []types.Type{ts, ts}, interval, func(_ Context, a []any) (any, error) { return types.Age(i64(a[0]), i64(a[1])) }),
		stableOp("age", []types.Type{tstz, tstz}, interval, func(c Context, a []any) (any, error) {
			loc := sessionZone(c)
			return types.Age(types.ToWall(i64(a[0]), loc), types.ToWall(i64(a[1]), loc))
		}),
		stableOp("age", []types.Type{ts}, interval, func(c Context, a []any) (any, error) {
			today := floorDay(types.ToWall(c.TransactionTimestamp(), sessionZone(c))) * 86400_000_000
			return types.Age(today, i64(a[0]))
		}),
		stableOp("age", []types.Type{tstz}, interval, func(c Context, a []any) (any, error) {
			loc := sessionZone(c)
			today := floorDay(types.ToWall(c.TransactionTimestamp(), loc)) * 86400_000_000
			return types.Age(today, types.ToWall(i64(a[0]), loc))
		}),
		op("justify_days", []types.Type{interval}, interval, func(_ Context, a []any) (any, error) { return types.JustifyDays(iv(a[0])), nil }),
		op("justify_hours", []types.Type{interval}, interval, func(_ Context, a []any) (any, error) { return types.JustifyHours(iv(a[0])), nil }),
		op("justify_interval", []types.Type{interval}, interval, func(_ Context, a []any) (any, error) { return types.JustifyInterval(iv(a[0])), nil }),
		op("make_date", []types.Type{types.Int4, types.Int4, types.Int4}, types.Date, func(_ Context, a []any) (any, error) {
			return types.MakeDate(i64(a[0]), i64(a[1]), i64(a[2]))
		}),
		op("make_time", []types.Type{types.Int4, types.Int4, types.Float8}, types.Time, func(_ Context, a []any) (any, error) {
			us, err := types.MakeTimestamp(2000, 1, 1, i64(a[0]), i64(a[1]), ToFloat(a[2]))
			return us, err
		}),
		op("make_timestamp", repeatMake(types.Float8), ts, func(_ Context, a []any) (any, error) {
			return types.MakeTimestamp(i64(a[0]), i64(a[1]), i64(a[2]), i64(a[3]), i64(a[4]), ToFloat(a[5]))
		}),
		stableOp("make_timestamptz", repeatMake(types.Float8), tstz, func(c Context, a []any) (any, error) {
			us, err := types.MakeTimestamp(i64(a[0]), i64(a[1]), i64(a[2]), i64(a[3]), i64(a[4]), ToFloat(a[5]))
			if err != nil {
				return nil, err
			}
			return types.FromWall(us, sessionZone(c)), nil
		}),
		stableOp("make_timestamptz", append(repeatMake(types.Float8), types.Text), tstz, func(_ Context, a []any) (any, error) {
			us, err := types.MakeTimestamp(i64(a[0]), i64(a[1]), i64(a[2]), i64(a[3]), i64(a[4]), ToFloat(a[5]))
			if err != nil {
				return nil, err
			}
			loc, _, ok := types.LoadZone(a[6].(string))
			if !ok {
				return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "time zone \"%s\" not recognized", a[6].(string))
			}
			return types.FromWall(us, loc), nil
		}),
		timestampSeries(ts), timestampSeries(tstz),
		op("isfinite", []types.Type{types.Date}, types.Bool, func(_ Context, a []any) (any, error) {
			d := i64(a[0])
			return d != types.DateInfinity && d != types.DateNegInfinity, nil
		}),
		op("isfinite", []types.Type{ts}, types.Bool, isFiniteTS),
		op("isfinite", []types.Type{tstz}, types.Bool, isFiniteTS),
		op("isfinite", []types.Type{interval}, types.Bool, func(Context, []any) (any, error) { return true, nil }),
	)
	return append(fs, makeIntervals()...)
}

func isFiniteTS(_ Context, a []any) (any, error) {
	us := i64(a[0])
	return us != types.TimestampInfinity && us != types.TimestampNegInfinity, nil
}

// repeatMake is make_timestamp's arguments: five integers, then secs.
func repeatMake(secs types.Type) []types.Type {
	return []types.Type{types.Int4, types.Int4, types.Int4, types.Int4, types.Int4, secs}
}

// truncTZ is timestamptz_trunc in loc: units of a day and up find the
// zone offset of the truncated time again, smaller ones keep it.
func truncTZ(unit string, us int64, l *time.Location) (any, error) {

	off, _ := types.ZoneOffset(us, l)
	t, redo, err := types.TruncTimestamp(unit, us+off*1_000_000, "timestamp with time zone")
	switch {
	case err != nil:
		return nil, err
	case t == types.TimestampInfinity || t == types.TimestampNegInfinity:
		return t, nil
	case redo:
		return types.FromWall(t, l), nil
	}
	return t - off*1_000_000, nil
}

// makeIntervals are make_interval(years, months, weeks, days, hours,
// mins, secs) with the first n arguments given, the rest 0 (PostgreSQL's
// defaults; named arguments are not bound). Error: 22008 `interval out
// of range`.
func makeIntervals() []Func {
	all := []types.Type{types.Int4, types.Int4, types.Int4, types.Int4, types.Int4, types.Int4, types.Float8}
	var fs []Func
	for n := 0; n <= len(all); n++ {
		fs = append(fs, op("make_interval", all[:n], interval, func(_ Context, a []any) (any, error) {
			v := make([]any, len(all))
			copy(v, a)
			y, m, w, d, h, mi, s := i64(v[0]), i64(v[1]), i64(v[2]), i64(v[3]), i64(v[4]), i64(v[5]), 0.0
			if v[6] != nil {
				s = ToFloat(v[6])
			}
			months, days := y*12+m, w*7+d
			us := float64(h*3600+mi*60)*1e6 + s*1e6
			if months != int64(int32(months)) || days != int64(int32(days)) || math.IsNaN(us) || math.Abs(us) > 9.2e18 {
				return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "interval out of range")
			}
			return types.Interval{Months: int32(months), Days: int32(days), Micros: int64(math.RoundToEven(us))}, nil
		}))
	}
	return fs
}

// timestampSeries is generate_series(start, stop, step interval) over
// timestamp or timestamptz (in the session's TimeZone): start, start +
// step, ... while not past stop. Error: 22023 `step size cannot equal
// zero`.
func timestampSeries(t types.Type) Func {
	return Func{Name: "generate_series", Args: []types.Type{t, t, interval}, Ret: t, Strict: true, SetReturning: true, Volatility: Stable,
		Rows: func(c Context, a []any, emit func([]any) error) error {
			start, stop, step := i64(a[0]), i64(a[1]), iv(a[2])
			cmp := types.CompareIntervals(step, types.Interval{})
			if cmp == 0 {
				return errZeroStep()
			}
			var loc *time.Location
			if t.Kind == types.KindTimestamptz {
				loc = sessionZone(c)
			}
			for v := start; (cmp > 0 && v <= stop) || (cmp < 0 && v >= stop); {
				if err := emit([]any{v}); err != nil {
					return err
				}
				next, err := types.TimestampPlusInterval(v, step, loc)
				if err != nil {
					return err
				}
				v = next
			}
			return nil
		}}
}

// toCharFuncs are to_char of timestamp and timestamptz (in the session's
// TimeZone, whose abbreviation TZ prints) with a template, and
// to_timestamp(double precision): Unix seconds as timestamptz.
var toCharFuncs = []Func{
	op("to_char", []types.Type{ts, types.Text}, types.Text, func(_ Context, a []any) (any, error) {
		return types.ToChar(i64(a[0]), 0, "", a[1].(string)), nil
	}),
	stableOp("to_char", []types.Type{tstz, types.Text}, types.Text, func(c Context, a []any) (any, error) {
		us := i64(a[0])
		off, abbrev := types.ZoneOffset(us, sessionZone(c))
		return types.ToChar(types.ToWall(us, sessionZone(c)), off, abbrev, a[1].(string)), nil
	}),
	op("to_timestamp", []types.Type{types.Float8}, tstz, func(_ Context, a []any) (any, error) {
		f := ToFloat(a[0])
		switch {
		case math.IsInf(f, 1):
			return int64(types.TimestampInfinity), nil
		case math.IsInf(f, -1):
			return int64(types.TimestampNegInfinity), nil
		case math.IsNaN(f) || f < -210866803200 || f >= 9224318016000:
			return nil, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "timestamp out of range: \"%s\"", types.AppendFloat8(nil, f))
		}
		return int64(math.RoundToEven(f*1e6)) - PostgresEpochMicros, nil
	}),
}
