package sem

import (
	"time"

	"github.com/vecgres/vecgres/sql/types"
)

// PostgresEpochMicros is 2000-01-01 00:00:00 UTC in Unix microseconds:
// the origin of timestamp values (sql/types).
const PostgresEpochMicros = 946684800000000

// clockFuncs are the current date and time functions (PostgreSQL docs
// 9.9.5): now(), transaction_timestamp() and CURRENT_TIMESTAMP are the
// start of the transaction, fixed until it ends; statement_timestamp()
// the start of the running statement; clock_timestamp() the time of the
// call. CURRENT_TIMESTAMP(p) and LOCALTIMESTAMP(p) round to p fractional
// digits (p above 6 is 6). CURRENT_DATE is the transaction start's date
// and LOCALTIMESTAMP its timestamp without time zone, both in the session
// TimeZone. CURRENT_TIME and LOCALTIME are absent.
var clockFuncs = []Func{
	xactClock("now"), xactClock("transaction_timestamp"), xactClock("current_timestamp"),
	{Name: "current_timestamp", Args: []types.Type{types.Int4}, Ret: types.Timestamptz, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return roundClock(c.TransactionTimestamp(), a[0]), nil }},
	{Name: "statement_timestamp", Ret: types.Timestamptz, Volatility: Stable,
		Fn: func(c Context, _ []any) (any, error) { return c.StatementTimestamp(), nil }},
	{Name: "clock_timestamp", Ret: types.Timestamptz, Volatility: Volatile,
		Fn: func(Context, []any) (any, error) { return ClockMicros(time.Now()), nil }},
	{Name: "current_date", Ret: types.Date, Volatility: Stable,
		Fn: func(c Context, _ []any) (any, error) { return floorDay(localClock(c)), nil }},
	{Name: "localtimestamp", Ret: types.Timestamp, Volatility: Stable,
		Fn: func(c Context, _ []any) (any, error) { return localClock(c), nil }},
	{Name: "localtimestamp", Args: []types.Type{types.Int4}, Ret: types.Timestamp, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return roundClock(localClock(c), a[0]), nil }},
}

// localClock is the transaction's start as wall-clock time in the
// session's TimeZone.
func localClock(c Context) int64 { return types.ToWall(c.TransactionTimestamp(), sessionZone(c)) }

// xactClock is a function returning the transaction's start.
func xactClock(name string) Func {
	return Func{Name: name, Ret: types.Timestamptz, Volatility: Stable,
		Fn: func(c Context, _ []any) (any, error) { return c.TransactionTimestamp(), nil }}
}

// ClockMicros is t as a timestamptz value: microseconds since 2000-01-01
// 00:00:00 UTC.
func ClockMicros(t time.Time) int64 { return t.UnixMicro() - PostgresEpochMicros }

// roundClock rounds a timestamp to the precision p (an int64 0..6 from
// the grammar's typmod; larger is 6).
func roundClock(us int64, p any) int64 {
	return types.RoundTimestamp(us, int32(min(p.(int64), 6)))
}

// floorDay is the date (days since 2000-01-01) of a timestamp.
func floorDay(us int64) int64 {
	const day = 86400_000_000
	d := us / day
	if us%day < 0 {
		d--
	}
	return d
}
