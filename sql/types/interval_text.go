package types

import (
	"math"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// intervalUnit is one unit word of interval input: the microseconds or
// days or months one of it is, and the field mask it sets (a unit given
// twice is a syntax error, as DecodeInterval's fmask).
type intervalUnit struct {
	usec   int64 // microseconds in one (second and below, minute, hour)
	days   int64 // days in one (day, week)
	months int64 // months in one (month, year, decade, century, millennium)
	mask   int
}

// intervalUnits are PostgreSQL's deltatktbl spellings (datetime.c).
var intervalUnits = func() map[string]intervalUnit {
	m := map[string]intervalUnit{}
	add := func(u intervalUnit, names ...string) {
		for _, n := range names {
			m[n] = u
		}
	}
	add(intervalUnit{usec: 1, mask: 1 << 0}, "microsecond", "microseconds", "microsecon", "us", "usec", "usecs", "useconds")
	add(intervalUnit{usec: 1000, mask: 1 << 1}, "millisecond", "milliseconds", "millisecon", "ms", "msec", "msecs", "mseconds")
	add(intervalUnit{usec: usecPerSec, mask: 1 << 2}, "second", "seconds", "s", "sec", "secs")
	add(intervalUnit{usec: usecPerMinute, mask: 1 << 3}, "minute", "minutes", "m", "min", "mins")
	add(intervalUnit{usec: usecPerHour, mask: 1 << 4}, "hour", "hours", "h", "hr", "hrs")
	add(intervalUnit{days: 1, mask: 1 << 5}, "day", "days", "d")
	add(intervalUnit{days: 7, mask: 1 << 6}, "week", "weeks", "w")
	add(intervalUnit{months: 1, mask: 1 << 7}, "month", "months", "mon", "mons")
	add(intervalUnit{months: 12, mask: 1 << 8}, "year", "years", "y", "yr", "yrs")
	add(intervalUnit{months: 120, mask: 1 << 9}, "decade", "decades", "dec", "decs")
	add(intervalUnit{months: 1200, mask: 1 << 10}, "century", "centuries", "c", "cent")
	add(intervalUnit{months: 12000, mask: 1 << 11}, "millennium", "millennia", "mil", "mils")
	return m
}()

// clockMask is the fields an hh:mm:ss field sets.
const clockMask = 1<<2 | 1<<3 | 1<<4

// intervalAcc accumulates an interval's fields while it is read, in 64
// bits so that overflow is seen before the value is made.
type intervalAcc struct {
	months, days, usec int64
	mask               int
}

// ParseInterval is interval_in with IntervalStyle postgres: numbers with
// unit words ("1 year 2 mons 3 days", "1.5 hours", "-2 weeks", "3
// days ago", "@ 1 minute"), an hh:mm[:ss[.frac]] clock, a bare number
// (seconds, or the typmod's last field: INTERVAL '2' DAY), ISO 8601
// designators (P1Y2M3DT4H5M6.5S), "infinity" is not an interval in
// PostgreSQL 15. Fractions cascade to smaller units (1.5 months is 1
// month 15 days). Then the typmod's range and precision apply. Errors:
// 22007 `invalid input syntax for type interval: "x"`, 22015 `interval
// field value out of range: "x"` (a field past 32 or 64 bits).
func ParseInterval(s string, typmod int32) (Interval, error) {
	bad := func() (Interval, error) {
		return Interval{}, pgerror.Errorf(pgerror.InvalidDatetimeFormat, "invalid input syntax for type interval: \"%s\"", s)
	}
	t := strings.ToLower(strings.TrimSpace(s))
	var acc intervalAcc
	var ok, overflow bool
	if strings.HasPrefix(t, "p") {
		ok, overflow = acc.iso8601(t[1:])
	} else {
		ok, overflow = acc.postgres(t, intervalRange(typmod))
	}
	if overflow {
		return Interval{}, pgerror.Errorf(pgerror.IntervalFieldOverflow, "interval field value out of range: \"%s\"", s)
	}
	if !ok {
		return bad()
	}
	iv, ok := acc.interval()
	if !ok {
		return Interval{}, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "interval out of range")
	}
	return adjustInterval(iv, typmod), nil
}

// interval makes the value; false when a field passes its width.
func (a *intervalAcc) interval() (Interval, bool) {
	if a.months != int64(int32(a.months)) || a.days != int64(int32(a.days)) {
		return Interval{}, false
	}
	return Interval{Months: int32(a.months), Days: int32(a.days), Micros: a.usec}, true
}

// add adds n (whole part w, fraction f of the same sign) of unit u, the
// fraction cascading as AdjustFractYears, AdjustFractDays and
// AdjustFractMicroseconds do. false on overflow.
func (a *intervalAcc) add(w int64, f float64, u intervalUnit) bool {
	switch {
	case u.months >= 12:
		a.months += w * u.months
		a.months += int64(math.Round(f * float64(u.months)))
	case u.months == 1:
		a.months += w
		a.fractDays(f * daysPerMonth)
	case u.days > 0:
		a.days += w * u.days
		if u.days == 1 {
			a.usec += fractUsec(f, usecPerDay)
		} else {
			a.fractDays(f * float64(u.days))
		}
	default:
		a.usec += w*u.usec + fractUsec(f, u.usec)
	}
	return math.Abs(float64(a.usec)) < 9.2e18 && math.Abs(float64(a.months)) < 1e12 && math.Abs(float64(a.days)) < 1e12
}

// fractDays adds f days: whole days, then the rest as microseconds.
func (a *intervalAcc) fractDays(f float64) {
	d := int64(f)
	a.days += d
	a.usec += fractUsec(f-float64(d), usecPerDay)
}

// fractUsec is AdjustFractMicroseconds: f of scale microseconds,
// rounded past one half away from zero.
func fractUsec(f float64, scale int64) int64 {
	if f == 0 {
		return 0
	}
	f *= float64(scale)
	us := int64(f)
	f -= float64(us)
	switch {
	case f > 0.5:
		us++
	case f < -0.5:
		us--
	}
	return us
}

// postgres reads the postgres-style input; ok false for bad syntax,
// overflow true for a field out of range.
func (a *intervalAcc) postgres(t string, rng int32) (ok, overflow bool) {
	t = strings.TrimPrefix(t, "@")
	fields := splitIntervalFields(t)
	ago := false
	if n := len(fields); n > 0 && fields[n-1] == "ago" {
		ago, fields = true, fields[:n-1]
	}
	if len(fields) == 0 {
		return false, false
	}
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if strings.Contains(f, ":") {
			if a.mask&clockMask != 0 || !a.clock(f, rng) {
				return false, false
			}
			a.mask |= clockMask
			continue
		}
		w, fr, good, big := readSignedNumber(f)
		if big {
			return false, true
		}
		if !good {
			return false, false
		}
		u, named := intervalUnit{}, false
		if i+1 < len(fields) {
			u, named = intervalUnits[fields[i+1]]
			if !named {
				return false, false
			}
			i++
		} else {
			u = bareUnit(rng)
		}
		if a.mask&u.mask != 0 {
			return false, false
		}
		a.mask |= u.mask
		if !a.add(w, fr, u) {
			return false, true
		}
	}
	if ago {
		a.months, a.days, a.usec = -a.months, -a.days, -a.usec
	}
	return true, false
}

// bareUnit is the unit of a number without one: the range's last field,
// seconds when the interval has no range (DecodeInterval's typmod rule).
func bareUnit(rng int32) intervalUnit {
	switch rng {
	case ivYear:
		return intervalUnits["year"]
	case ivMonth, ivYear | ivMonth:
		return intervalUnits["month"]
	case ivDay:
		return intervalUnits["day"]
	case ivHour, ivDay | ivHour:
		return intervalUnits["hour"]
	case ivMinute, ivHour | ivMinute, ivDay | ivHour | ivMinute:
		return intervalUnits["minute"]
	}
	return intervalUnits["second"]
}

// splitIntervalFields splits at spaces and where digits meet letters
// ("1day" is "1" "day"), as ParseDateTime's field rules.
func splitIntervalFields(t string) []string {
	var out []string
	for _, w := range strings.Fields(t) {
		start := 0
		for i := 1; i < len(w); i++ {
			if isDigit(w[i-1]) && isLetter(w[i]) || w[i-1] == '.' && isLetter(w[i]) {
				out = append(out, w[start:i])
				start = i
			}
		}
		out = append(out, w[start:])
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }

// readSignedNumber reads [+-]digits[.digits]: its whole part and its
// fraction, both with the sign. big is true for a whole part past int64.
func readSignedNumber(f string) (w int64, frac float64, ok, big bool) {
	body := strings.TrimLeft(f, "+-")
	if len(f)-len(body) > 1 || body == "" || body == "." {
		return 0, 0, false, false
	}
	neg := f[0] == '-'
	ip, fp, hasDot := strings.Cut(body, ".")
	if !allDigits(ip) || !allDigits(fp) || (ip == "" && fp == "") || (hasDot && fp == "" && ip == "") {
		return 0, 0, false, false
	}
	if ip != "" {
		v, err := strconv.ParseInt(ip, 10, 64)
		if err != nil {
			return 0, 0, false, true
		}
		w = v
	}
	if fp != "" {
		frac, _ = strconv.ParseFloat("0."+fp, 64)
	}
	if neg {
		w, frac = -w, -frac
	}
	return w, frac, true, false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// clock reads [+-]h:mm[:ss[.frac]] (mm:ss[.frac] under MINUTE TO SECOND).
func (a *intervalAcc) clock(f string, rng int32) bool {
	neg := strings.HasPrefix(f, "-")
	f = strings.TrimLeft(f, "+-")
	parts := strings.Split(f, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	if len(parts) == 2 && rng == ivMinute|ivSecond || strings.Contains(parts[1], ".") {
		parts = append([]string{"0"}, parts...)
		if len(parts) > 3 {
			return false
		}
	}
	if len(parts) == 2 {
		parts = append(parts, "0")
	}
	var us int64
	for i, unit := range []int64{usecPerHour, usecPerMinute} {
		if !allDigits(parts[i]) || parts[i] == "" {
			return false
		}
		v, err := strconv.ParseInt(parts[i], 10, 64)
		if err != nil || (i == 1 && v > 59) {
			return false
		}
		us += v * unit
	}
	sec, err := strconv.ParseFloat(parts[2], 64)
	if err != nil || strings.ContainsAny(parts[2], "+-eEn") || sec >= 60 {
		return false
	}
	us += int64(math.Round(sec * usecPerSec))
	if neg {
		us = -us
	}
	a.usec += us
	return true
}

// iso8601 reads the designators after "P": nY nM nW nD, then after "T"
// nH nM nS, each number possibly fractional and signed.
func (a *intervalAcc) iso8601(t string) (ok, overflow bool) {
	if t == "" {
		return false, false
	}
	timePart := false
	for t != "" {
		if t[0] == 't' {
			if timePart {
				return false, false
			}
			timePart, t = true, t[1:]
			continue
		}
		i := 0
		for i < len(t) && (isDigit(t[i]) || t[i] == '.' || t[i] == '-' || t[i] == '+') {
			i++
		}
		if i == 0 || i == len(t) {
			return false, false
		}
		w, fr, good, big := readSignedNumber(t[:i])
		if big {
			return false, true
		}
		if !good {
			return false, false
		}
		u, found := isoUnit(t[i], timePart)
		if !found {
			return false, false
		}
		if !a.add(w, fr, u) {
			return false, true
		}
		t = t[i+1:]
	}
	return true, false
}

// isoUnit maps an ISO 8601 designator to its unit (M is months in the
// date part, minutes in the time part).
func isoUnit(c byte, timePart bool) (intervalUnit, bool) {
	names := map[byte]string{'y': "year", 'm': "month", 'w': "week", 'd': "day"}
	if timePart {
		names = map[byte]string{'h': "hour", 'm': "minute", 's': "second"}
	}
	n, ok := names[c]
	return intervalUnits[n], ok
}
