package sem

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // zone names resolve without /usr/share/zoneinfo

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
		Fn: func(_ Context, a []any) (any, error) { return atZone(a[0].(string), a[1].(int64), toWall) }},
	{Name: "timezone", Args: []types.Type{types.Text, types.Timestamp}, Ret: types.Timestamptz, Strict: true, Volatility: Immutable,
		Fn: func(_ Context, a []any) (any, error) { return atZone(a[0].(string), a[1].(int64), fromWall) }},
}

// atZone applies conv (toWall or fromWall) to us in zone name.
func atZone(name string, us int64, conv func(int64, *time.Location) int64) (any, error) {
	loc, _, ok := LoadZone(name)
	if !ok {
		return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "time zone %q not recognized", name)
	}
	if us == types.TimestampInfinity || us == types.TimestampNegInfinity {
		return us, nil
	}
	return conv(us, loc), nil
}

// toWall is the wall-clock time in loc (timestamp microseconds) of the
// instant us (timestamptz microseconds).
func toWall(us int64, loc *time.Location) int64 {
	return us + offsetAt(us/1e6-floorAdj(us), loc)*1e6
}

// fromWall is the instant of wall-clock time us in loc, resolved as
// PostgreSQL's DetermineTimeZoneOffset: a time skipped by a
// spring-forward transition reads with the offset before it, a time a
// fall-back transition repeats with the offset after it.
func fromWall(us int64, loc *time.Location) int64 {
	w := us/1e6 - floorAdj(us) // whole seconds since 2000-01-01
	before, after := offsetAt(w-86400, loc), offsetAt(w+86400, loc)
	if before == after {
		return us - before*1e6
	}
	_, end := time.Unix(w-86400+PostgresEpochMicros/1e6, 0).In(loc).ZoneBounds()
	t := end.Unix() - PostgresEpochMicros/1e6
	bt, at := w-before, w-after
	switch {
	case bt < t && at < t:
		return us - before*1e6
	case bt >= t && at >= t:
		return us - after*1e6
	case bt > at:
		return us - before*1e6
	}
	return us - after*1e6
}

// floorAdj is 1 when us is negative and not a whole second, so that
// us/1e6 - floorAdj(us) rounds toward minus infinity.
func floorAdj(us int64) int64 {
	if us < 0 && us%1e6 != 0 {
		return 1
	}
	return 0
}

// offsetAt is loc's offset east of UTC, in seconds, at instant secs
// (seconds since 2000-01-01 UTC).
func offsetAt(secs int64, loc *time.Location) int64 {
	_, off := time.Unix(secs+PostgresEpochMicros/1e6, 0).In(loc).Zone()
	return int64(off)
}

// posixZone is a POSIX time zone without daylight rules: an optional
// abbreviation (letters, or <...>) and an offset [+-]hh[:mm[:ss]] west of
// UTC ("UTC+3" and "+05:30" are 3 and 5.5 hours west, "<+05>-05" 5 east).
var posixZone = regexp.MustCompile(`^(?:[A-Za-z]{3,}|<[^<>]+>)?([+-]?)(\d{1,3})(?::(\d{2}))?(?::(\d{2}))?$`)

// maxZoneOffset bounds a POSIX offset (pg_tzset_offset: under a week).
const maxZoneOffset = 168 * 3600

// LoadZone resolves a time zone as PostgreSQL's TimeZone setting and
// AT TIME ZONE do: a tz database name (tzdata embedded in the binary;
// "europe/paris" finds Europe/Paris, the name returned), or a POSIX
// zone with a fixed offset, kept as written. ok false for anything else.
// PostgreSQL's zone abbreviations (PST, CEST) are not known, except
// those that are tz database names (EST, UTC, GMT).
func LoadZone(name string) (loc *time.Location, canonical string, ok bool) {
	if m := posixZone.FindStringSubmatch(name); m != nil {
		h, _ := strconv.Atoi(m[2])
		mi, _ := strconv.Atoi(m[3] + "0")
		s, _ := strconv.Atoi(m[4] + "0")
		west := h*3600 + mi/10*60 + s/10
		if west >= maxZoneOffset || mi/10 > 59 || s/10 > 59 {
			return nil, "", false
		}
		if m[1] == "-" {
			west = -west
		}
		return time.FixedZone(name, -west), name, true
	}
	if name == "" || strings.EqualFold(name, "local") || strings.Contains(name, "..") {
		return nil, "", false
	}
	for _, n := range []string{name, titleZone(name), strings.ToUpper(name)} {
		if loc, err := time.LoadLocation(n); err == nil {
			return loc, n, true
		}
	}
	return nil, "", false
}

// titleZone capitalises each word of a zone name: america/new_york is
// America/New_York.
func titleZone(name string) string {
	b := []byte(strings.ToLower(name))
	for i := range b {
		if i == 0 || b[i-1] == '/' || b[i-1] == '_' || b[i-1] == '-' {
			if b[i] >= 'a' && b[i] <= 'z' {
				b[i] -= 'a' - 'A'
			}
		}
	}
	return string(b)
}
