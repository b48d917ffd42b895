package sem

import (
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// The operators and functions of dates, times, timestamps and intervals
// (PostgreSQL docs 9.9, Tables 9.31 and 9.32): + and - among them,
// interval * and / by a number, extract and date_part, date_trunc, age,
// justify_*, make_date, make_time, make_timestamp, make_timestamptz,
// make_interval, and generate_series over timestamps. A timestamptz's
// calendar (months and days added, fields extracted, units truncated)
// is its wall-clock time in the session's TimeZone (Context.Style).

var (
	interval = types.IntervalType
	ts       = types.Timestamp
	tstz     = types.Timestamptz
)

// sessionZone is the session's TimeZone.
func sessionZone(c Context) *time.Location {
	if st := c.Style(); st != nil && st.Zone != nil {
		return st.Zone
	}
	return time.UTC
}

// op is an immutable strict operator or function entry.
func op(name string, args []types.Type, ret types.Type, fn func(Context, []any) (any, error)) Func {
	return Func{Name: name, Args: args, Ret: ret, Strict: true, Volatility: Immutable, Fn: fn}
}

// stableOp is op for entries that read the session's TimeZone.
func stableOp(name string, args []types.Type, ret types.Type, fn func(Context, []any) (any, error)) Func {
	f := op(name, args, ret, fn)
	f.Volatility = Stable
	return f
}

func iv(v any) types.Interval { x, _ := v.(types.Interval); return x }
func i64(v any) int64         { x, _ := v.(int64); return x }

// dateTimeOperators are + and - among date, time, timestamp,
// timestamptz and interval, unary - of interval, and interval * and /
// by double precision.
func dateTimeOperators() []Func {
	plusIv := func(c Context, us int64, v types.Interval, neg, zone bool) (any, error) {
		if neg {
			var err error
			if v, err = types.NegateInterval(v); err != nil {
				return nil, err
			}
		}
		var loc *time.Location
		if zone {
			loc = sessionZone(c)
		}
		return types.TimestampPlusInterval(us, v, loc)
	}
	dateTS := func(d int64) int64 { us, _ := types.DateToTimestamp(d); return us }
	return []Func{
		op("+", []types.Type{types.Date, types.Int4}, types.Date, func(_ Context, a []any) (any, error) { return types.DatePlusDays(i64(a[0]), i64(a[1])) }),
		op("+", []types.Type{types.Int4, types.Date}, types.Date, func(_ Context, a []any) (any, error) { return types.DatePlusDays(i64(a[1]), i64(a[0])) }),
		op("-", []types.Type{types.Date, types.Int4}, types.Date, func(_ Context, a []any) (any, error) { return types.DatePlusDays(i64(a[0]), -i64(a[1])) }),
		op("-", []types.Type{types.Date, types.Date}, types.Int4, dateMinusDate),
		op("+", []types.Type{types.Date, interval}, ts, func(c Context, a []any) (any, error) { return plusIv(c, dateTS(i64(a[0])), iv(a[1]), false, false) }),
		op("+", []types.Type{interval, types.Date}, ts, func(c Context, a []any) (any, error) { return plusIv(c, dateTS(i64(a[1])), iv(a[0]), false, false) }),
		op("-", []types.Type{types.Date, interval}, ts, func(c Context, a []any) (any, error) { return plusIv(c, dateTS(i64(a[0])), iv(a[1]), true, false) }),
		op("+", []types.Type{types.Date, types.Time}, ts, func(_ Context, a []any) (any, error) { return dateTS(i64(a[0])) + i64(a[1]), nil }),
		op("+", []types.Type{types.Time, types.Date}, ts, func(_ Context, a []any) (any, error) { return dateTS(i64(a[1])) + i64(a[0]), nil }),
		op("+", []types.Type{ts, interval}, ts, func(c Context, a []any) (any, error) { return plusIv(c, i64(a[0]), iv(a[1]), false, false) }),
		op("+", []types.Type{interval, ts}, ts, func(c Context, a []any) (any, error) { return plusIv(c, i64(a[1]), iv(a[0]), false, false) }),
		op("-", []types.Type{ts, interval}, ts, func(c Context, a []any) (any, error) { return plusIv(c, i64(a[0]), iv(a[1]), true, false) }),
		stableOp("+", []types.Type{tstz, interval}, tstz, func(c Context, a []any) (any, error) { return plusIv(c, i64(a[0]), iv(a[1]), false, true) }),
		stableOp("+", []types.Type{interval, tstz}, tstz, func(c Context, a []any) (any, error) { return plusIv(c, i64(a[1]), iv(a[0]), false, true) }),
		stableOp("-", []types.Type{tstz, interval}, tstz, func(c Context, a []any) (any, error) { return plusIv(c, i64(a[0]), iv(a[1]), true, true) }),
		op("-", []types.Type{ts, ts}, interval, func(_ Context, a []any) (any, error) { return types.TimestampDiff(i64(a[0]), i64(a[1])) }),
		op("-", []types.Type{tstz, tstz}, interval, func(_ Context, a []any) (any, error) { return types.TimestampDiff(i64(a[0]), i64(a[1])) }),
		op("+", []types.Type{types.Time, interval}, types.Time, func(_ Context, a []any) (any, error) { return timePlus(i64(a[0]), iv(a[1]).Micros), nil }),
		op("+", []types.Type{interval, types.Time}, types.Time, func(_ Context, a []any) (any, error) { return timePlus(i64(a[1]), iv(a[0]).Micros), nil }),
		op("-", []types.Type{types.Time, interval}, types.Time, func(_ Context, a []any) (any, error) { return timePlus(i64(a[0]), -iv(a[1]).Micros), nil }),
		op("-", []types.Type{types.Time, types.Time}, interval, func(_ Context, a []any) (any, error) { return types.Interval{Micros: i64(a[0]) - i64(a[1])}, nil }),
		op("+", []types.Type{interval, interval}, interval, func(_ Context, a []any) (any, error) { return types.AddIntervals(iv(a[0]), iv(a[1])) }),
		op("-", []types.Type{interval, interval}, interval, func(_ Context, a []any) (any, error) {
			n, err := types.NegateInterval(iv(a[1]))
			if err != nil {
				return nil, err
			}
			return types.AddIntervals(iv(a[0]), n)
		}),
		op("-", []types.Type{interval}, interval, func(_ Context, a []any) (any, error) { return types.NegateInterval(iv(a[0])) }),
		op("+", []types.Type{interval}, interval, func(_ Context, a []any) (any, error) { return a[0], nil }),
		op("*", []types.Type{interval, types.Float8}, interval, func(_ Context, a []any) (any, error) { return types.ScaleInterval(iv(a[0]), ToFloat(a[1]), false) }),
		op("*", []types.Type{types.Float8, interval}, interval, func(_ Context, a []any) (any, error) { return types.ScaleInterval(iv(a[1]), ToFloat(a[0]), false) }),
		op("/", []types.Type{interval, types.Float8}, interval, func(_ Context, a []any) (any, error) { return types.ScaleInterval(iv(a[0]), ToFloat(a[1]), true) }),
	}
}

// dateMinusDate is date_mi: the days between two dates. Error: 22008
// `cannot subtract infinite dates`.
func dateMinusDate(_ Context, a []any) (any, error) {
	x, y := i64(a[0]), i64(a[1])
	if x == types.DateInfinity || x == types.DateNegInfinity || y == types.DateInfinity || y == types.DateNegInfinity {
		return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "cannot subtract infinite dates")
	}
	return x - y, nil
}

// timePlus is time_pl_interval: the time of day wraps around midnight.
func timePlus(t, us int64) int64 {
	const day = 86400_000_000
	r := (t + us%day) % day
	if r < 0 {
		r += day
	}
	return r
}
