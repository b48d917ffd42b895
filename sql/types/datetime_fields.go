package types

import (
	"strconv"
	"strings"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// unitAliases maps the spellings of date/time units (datetime.c's
// deltatktbl and datetktbl) to one name.
var unitAliases = map[string]string{
	"microsecond": "microseconds", "microseconds": "microseconds", "us": "microseconds", "usec": "microseconds", "usecs": "microseconds", "useconds": "microseconds",
	"millisecond": "milliseconds", "milliseconds": "milliseconds", "ms": "milliseconds", "msec": "milliseconds", "msecs": "milliseconds", "mseconds": "milliseconds",
	"second": "second", "seconds": "second", "s": "second", "sec": "second", "secs": "second",
	"minute": "minute", "minutes": "minute", "m": "minute", "min": "minute", "mins": "minute",
	"hour": "hour", "hours": "hour", "h": "hour", "hr": "hour", "hrs": "hour",
	"day": "day", "days": "day", "d": "day",
	"week": "week", "weeks": "week", "w": "week",
	"month": "month", "months": "month", "mon": "month", "mons": "month",
	"quarter": "quarter", "qtr": "quarter",
	"year": "year", "years": "year", "y": "year", "yr": "year", "yrs": "year",
	"decade": "decade", "decades": "decade", "dec": "decade", "decs": "decade",
	"century": "century", "centuries": "century", "c": "century", "cent": "century",
	"millennium": "millennium", "millennia": "millennium", "mil": "millennium", "mils": "millennium",
	"epoch": "epoch", "dow": "dow", "isodow": "isodow", "doy": "doy", "isoyear": "isoyear", "julian": "julian", "j": "julian",
	"timezone": "timezone", "timezone_h": "timezone_hour", "timezone_hour": "timezone_hour", "timezone_m": "timezone_minute", "timezone_minute": "timezone_minute",
}

// unitName is the canonical unit of a spelling; "" when unknown.
func unitName(s string) string { return unitAliases[strings.ToLower(strings.TrimSpace(s))] }

// Fixed is a decimal result of extract: V scaled by 10^-Scale.
type Fixed struct {
	V     int64
	Scale int
}

// Numeric is f as a numeric with its scale ("6.500000").
func (f Fixed) Numeric() Decimal {
	s := strconv.FormatInt(f.V, 10)
	if f.Scale > 0 {
		neg := strings.HasPrefix(s, "-")
		s = strings.TrimPrefix(s, "-")
		for len(s) <= f.Scale {
			s = "0" + s
		}
		s = s[:len(s)-f.Scale] + "." + s[len(s)-f.Scale:]
		if neg {
			s = "-" + s
		}
	}
	d, _ := ParseNumeric(s)
	return d
}

// Float is f as a double (date_part).
func (f Fixed) Float() float64 {
	v := float64(f.V)
	for i := 0; i < f.Scale; i++ {
		v /= 10
	}
	return v
}

func unitError(unit, typ string, known bool) error {
	if known {
		return pgerror.Errorf(pgerror.FeatureNotSupported, "unit \"%s\" not supported for type %s", unit, typ)
	}
	return pgerror.Errorf(pgerror.InvalidParameterValue, "unit \"%s\" not recognized for type %s", unit, typ)
}

// yearFields are the year-derived fields of an astronomical year.
func yearField(unit string, y int64) int64 {
	switch unit {
	case "year":
		if y > 0 {
			return y
		}
		return y - 1
	case "decade":
		if y >= 0 {
			return y / 10
		}
		return -((8 - (y - 1)) / 10)
	case "century":
		if y > 0 {
			return (y + 99) / 100
		}
		return -((99 - (y - 1)) / 100)
	}
	if y > 0 { // millennium
		return (y + 999) / 1000
	}
	return -((999 - (y - 1)) / 1000)
}

// ExtractTimestamp is extract(unit from timestamp) of the wall-clock time
// wall; off is the zone offset (seconds east) and instant the real time
// for timestamptz (tz true). Errors: 22023 unknown unit, 0A000 a unit the
// type lacks.
func ExtractTimestamp(unit string, wall, instant, off int64, tz bool) (Fixed, error) {
	typ := "timestamp without time zone"
	if tz {
		typ = "timestamp with time zone"
	}
	u := unitName(unit)
	if wall == TimestampInfinity || wall == TimestampNegInfinity {
		return Fixed{}, pgerror.New(pgerror.FeatureNotSupported, "infinite timestamps are not supported by extract")
	}
	p := splitTimestamp(wall)
	y, mo, d := p[0], p[1], p[2]
	secUs := p[5]*usecPerSec + p[6]
	switch u {
	case "microseconds":
		return Fixed{secUs, 0}, nil
	case "milliseconds":
		return Fixed{secUs, 3}, nil
	case "second":
		return Fixed{secUs, 6}, nil
	case "minute":
		return Fixed{p[4], 0}, nil
	case "hour":
		return Fixed{p[3], 0}, nil
	case "day":
		return Fixed{d, 0}, nil
	case "month":
		return Fixed{mo, 0}, nil
	case "quarter":
		return Fixed{(mo-1)/3 + 1, 0}, nil
	case "year", "decade", "century", "millennium":
		return Fixed{yearField(u, y), 0}, nil
	case "epoch":
		return Fixed{instant + unixEpochDays*usecPerDay, 6}, nil
	case "doy":
		return Fixed{floorDiv(wall, usecPerDay) - daysFromCivil(y, 1, 1) + 1, 0}, nil
	case "dow", "isodow":
		dow := (floorDiv(wall, usecPerDay)%7 + 7 + 6) % 7 // 2000-01-01 was a Saturday
		if u == "isodow" && dow == 0 {
			dow = 7
		}
		return Fixed{dow, 0}, nil
	case "week", "isoyear":
		iy, w := time.Date(int(y), time.Month(mo), int(d), 0, 0, 0, 0, time.UTC).ISOWeek()
		if u == "week" {
			return Fixed{int64(w), 0}, nil
		}
		if iy <= 0 {
			iy--
		}
		return Fixed{int64(iy), 0}, nil
	case "julian":
		days := floorDiv(wall, usecPerDay) + 2451545
		return Fixed{days*usecPerDay + (wall - floorDiv(wall, usecPerDay)*usecPerDay), 6}.perDay(), nil
	case "timezone", "timezone_hour", "timezone_minute":
		if !tz {
			return Fixed{}, unitError(unit, typ, true)
		}
		switch u {
		case "timezone":
			return Fixed{off, 0}, nil
		case "timezone_hour":
			return Fixed{off / 3600, 0}, nil
		}
		return Fixed{off / 60 % 60, 0}, nil
	}
	return Fixed{}, unitError(unit, typ, u != "")
}

// perDay turns microseconds into days (julian): kept as microseconds
// over a day, rounded to 6 digits as a float.
func (f Fixed) perDay() Fixed {
	v := float64(f.V) / usecPerDay
	return Fixed{int64(v * 1e6), 6}
}

// ExtractDate is extract(unit from date): calendar units and epoch;
// time units are 0A000.
func ExtractDate(unit string, days int64) (Fixed, error) {
	u := unitName(unit)
	switch u {
	case "microseconds", "milliseconds", "second", "minute", "hour", "timezone", "timezone_hour", "timezone_minute":
		return Fixed{}, unitError(unit, "date", true)
	case "":
		return Fixed{}, unitError(unit, "date", false)
	}
	if days == DateInfinity || days == DateNegInfinity {
		return Fixed{}, pgerror.New(pgerror.FeatureNotSupported, "infinite dates are not supported by extract")
	}
	f, err := ExtractTimestamp(unit, days*usecPerDay, days*usecPerDay, 0, false)
	if u == "epoch" {
		f = Fixed{f.V / usecPerSec, 0}
	}
	return f, err
}

// ExtractInterval is extract(unit from interval).
func ExtractInterval(unit string, iv Interval) (Fixed, error) {
	u := unitName(unit)
	p := splitInterval(iv)
	secUs := p.sec*usecPerSec + p.usec
	switch u {
	case "microseconds":
		return Fixed{secUs, 0}, nil
	case "milliseconds":
		return Fixed{secUs, 3}, nil
	case "second":
		return Fixed{secUs, 6}, nil
	case "minute":
		return Fixed{p.min, 0}, nil
	case "hour":
		return Fixed{p.hour, 0}, nil
	case "day":
		return Fixed{p.day, 0}, nil
	case "month":
		return Fixed{p.mon, 0}, nil
	case "quarter":
		return Fixed{p.mon/3 + 1, 0}, nil
	case "year":
		return Fixed{p.year, 0}, nil
	case "decade":
		return Fixed{p.year / 10, 0}, nil
	case "century":
		return Fixed{p.year / 100, 0}, nil
	case "millennium":
		return Fixed{p.year / 1000, 0}, nil
	case "epoch":
		m := int64(iv.Months)
		secs := (1461*(m/12) + 120*(m%12) + 4*int64(iv.Days)) * (86400 / 4)
		return Fixed{secs*usecPerSec + iv.Micros, 6}, nil
	}
	return Fixed{}, unitError(unit, "interval", u != "")
}

// TruncTimestamp is date_trunc(unit, wall-clock time); redo reports
// whether the zone offset is to be found again (units of a day and up).
// Errors: 22023 `timestamp units "x" not recognized`, 0A000 `... not
// supported`.
func TruncTimestamp(unit string, wall int64, typ string) (int64, bool, error) {
	if wall == TimestampInfinity || wall == TimestampNegInfinity {
		return wall, false, nil
	}
	u := unitName(unit)
	days := floorDiv(wall, usecPerDay)
	tod := wall - days*usecPerDay
	y, m, d := civilFromDays(days)
	trunc := func(scale int64) int64 { return days*usecPerDay + tod/scale*scale }
	switch u {
	case "microseconds":
		return wall, false, nil
	case "milliseconds":
		return trunc(1000), false, nil
	case "second":
		return trunc(usecPerSec), false, nil
	case "minute":
		return trunc(usecPerMinute), false, nil
	case "hour":
		return trunc(usecPerHour), false, nil
	case "day":
		return days * usecPerDay, true, nil
	case "week":
		dow := (days%7 + 7 + 5) % 7 // days since Monday; 2000-01-01 was a Saturday
		return (days - dow) * usecPerDay, true, nil
	case "month":
		return daysFromCivil(y, m, 1) * usecPerDay, true, nil
	case "quarter":
		return daysFromCivil(y, (m-1)/3*3+1, 1) * usecPerDay, true, nil
	case "year", "decade", "century", "millennium":
		return daysFromCivil(truncYear(u, y), 1, 1) * usecPerDay, true, nil
	}
	_ = d
	return 0, false, pgerror.Errorf(pgerror.InvalidParameterValue, "unit \"%s\" not recognized for type %s", strings.ToLower(unit), typ)
}

// truncYear is date_trunc's year for year, decade, century, millennium.
func truncYear(u string, y int64) int64 {
	switch u {
	case "decade":
		if y > 0 {
			return y / 10 * 10
		}
		return -((8 - (y - 1)) / 10 * 10) + 1
	case "century":
		if y > 0 {
			return (y+99)/100*100 - 99
		}
		return -((99-(y-1))/100*100 - 1)
	case "millennium":
		if y > 0 {
			return (y+999)/1000*1000 - 999
		}
		return -((999-(y-1))/1000*1000 - 1)
	}
	return y
}

// TruncInterval is date_trunc(unit, interval).
func TruncInterval(unit string, iv Interval) (Interval, error) {
	u := unitName(unit)
	p := splitInterval(iv)
	out := Interval{}
	switch u {
	case "millennium", "century", "decade", "year":
		div := map[string]int64{"millennium": 1000, "century": 100, "decade": 10, "year": 1}[u]
		out.Months = int32(p.year / div * div * 12)
		return out, nil
	case "quarter":
		out.Months = int32(p.year*12 + p.mon/3*3)
	case "month":
		out.Months = iv.Months
	case "day":
		out.Months, out.Days = iv.Months, iv.Days
	case "hour", "minute", "second", "milliseconds", "microseconds":
		scale := map[string]int64{"hour": usecPerHour, "minute": usecPerMinute, "second": usecPerSec, "milliseconds": 1000, "microseconds": 1}[u]
		out = Interval{iv.Months, iv.Days, iv.Micros / scale * scale}
	case "week":
		return Interval{}, pgerror.Errorf(pgerror.FeatureNotSupported, "unit \"%s\" not supported for type interval", strings.ToLower(unit)).
			WithDetail("Months usually have fractional weeks.")
	default:
		return Interval{}, pgerror.Errorf(pgerror.InvalidParameterValue, "unit \"%s\" not recognized for type interval", strings.ToLower(unit))
	}
	return out, nil
}
