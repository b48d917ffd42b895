package sem

import (
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// timezoneFuncs are AT TIME ZONE (PostgreSQL docs 9.9.4), which the
// parser turns into timezone(zone, value): a timestamptz's wall-clock
// time in zone, as timestamp; a timestamp's wall-clock time read in zone,
// as timestamptz. A NULL zone or value gives NULL; infinities stay.
// Errors: 22023 `time zone "x" not recognized`.
var timezoneFuncs = []Func{
	{Name: "timezone", Args: []types.Type{types.Text, types.Timestamptz}, Ret: types.Timestamp, Strict: true, Volatility: Immutable,
		Fn: func(_ Context, a []any) (any, error) { return atZone(a[0].(string), a[1].(int64), types.ToWall) }},
	{Name: "timezone", Args: []types.Type{types.Text, types.Timestamp}, Ret: types.Timestamptz, Strict: true, Volatility: Immutable,
		Fn: func(_ Context, a []any) (any, error) { return atZone(a[0].(string), a[1].(int64), types.FromWall) }},
}

// atZone applies conv (types.ToWall or types.FromWall) to us in zone name.
func atZone(name string, us int64, conv func(int64, *time.Location) int64) (any, error) {
	loc, _, ok := types.LoadZone(name)
	if !ok {
		return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "time zone %q not recognized", name)
	}
	return conv(us, loc), nil
}

// LoadZone is types.LoadZone: a TimeZone setting's zone and its
// canonical name.
func LoadZone(name string) (*time.Location, string, bool) { return types.LoadZone(name) }
