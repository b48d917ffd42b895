package types

import (
	"math"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// The arithmetic of dates, timestamps and intervals (PostgreSQL's
// timestamp.c, date.c). A timestamptz's calendar parts are those of its
// wall-clock time in the session's zone (loc); a timestamp's loc is nil.

func errTimestampRange() error {
	return pgerror.New(pgerror.DatetimeFieldOverflow, "timestamp out of range")
}

func errIntervalRange() error {
	return pgerror.New(pgerror.DatetimeFieldOverflow, "interval out of range")
}

// TimestampPlusInterval is timestamp_pl_interval (loc nil) or
// timestamptz_pl_interval in loc: months first on the calendar (a day past
// the month's end becomes its last day), then days (wall-clock days in
// loc), then the microseconds. Infinities stay. Error: 22008 `timestamp
// out of range`.
func TimestampPlusInterval(us int64, iv Interval, loc *time.Location) (int64, error) {
	if us == TimestampInfinity || us == TimestampNegInfinity {
		return us, nil
	}
	if iv.Months != 0 || iv.Days != 0 {
		wall := us
		if loc != nil {
			wall = ToWall(us, loc)
		}
		days := floorDiv(wall, usecPerDay)
		tod := wall - days*usecPerDay
		if iv.Months != 0 {
			y, m, d := civilFromDays(days)
			m += int64(iv.Months) - 1
			y += floorDiv(m, 12)
			m = m - floorDiv(m, 12)*12 + 1
			d = min(d, daysInMonth(y, m))
			days = daysFromCivil(y, m, d)
		}
		days += int64(iv.Days)
		if days < minTimestamp/usecPerDay-1 || days > endTimestamp/usecPerDay+1 {
			return 0, errTimestampRange()
		}
		wall = days*usecPerDay + tod
		us = wall
		if loc != nil {
			us = FromWall(wall, loc)
		}
	}
	r := us + iv.Micros
	if (iv.Micros > 0 && r < us) || (iv.Micros < 0 && r > us) || r < minTimestamp || r >= endTimestamp {
		return 0, errTimestampRange()
	}
	return r, nil
}

// NegateInterval is interval_um. Error: 22008 `interval out of range`.
func NegateInterval(iv Interval) (Interval, error) {
	if iv.Months == math.MinInt32 || iv.Days == math.MinInt32 || iv.Micros == math.MinInt64 {
		return Interval{}, errIntervalRange()
	}
	return Interval{-iv.Months, -iv.Days, -iv.Micros}, nil
}

// AddIntervals is interval_pl: field by field. Error: 22008 `interval
// out of range`.
func AddIntervals(a, b Interval) (Interval, error) {
	m, d, us := int64(a.Months)+int64(b.Months), int64(a.Days)+int64(b.Days), a.Micros+b.Micros
	if m != int64(int32(m)) || d != int64(int32(d)) || (b.Micros > 0 && us < a.Micros) || (b.Micros < 0 && us > a.Micros) {
		return Interval{}, errIntervalRange()
	}
	return Interval{int32(m), int32(d), us}, nil
}

// TimestampDiff is timestamp_mi: the microseconds between two timestamps
// as days and time (justify_hours). Error: 22008 `cannot subtract
// infinite timestamps`, `interval out of range`.
func TimestampDiff(a, b int64) (Interval, error) {
	if a == TimestampInfinity || a == TimestampNegInfinity || b == TimestampInfinity || b == TimestampNegInfinity {
		return Interval{}, pgerror.New(pgerror.DatetimeFieldOverflow, "cannot subtract infinite timestamps")
	}
	d := a - b
	if (b < 0 && d < a) || (b > 0 && d > a) {
		return Interval{}, errIntervalRange()
	}
	return JustifyHours(Interval{Micros: d}), nil
}

// JustifyHours is justify_hours: whole days of the time move to days,
// days and time then share a sign.
func JustifyHours(iv Interval) Interval {
	whole := iv.Micros / usecPerDay
	iv.Micros -= whole * usecPerDay
	iv.Days += int32(whole)
	switch {
	case iv.Days > 0 && iv.Micros < 0:
		iv.Micros += usecPerDay
		iv.Days--
	case iv.Days < 0 && iv.Micros > 0:
		iv.Micros -= usecPerDay
		iv.Days++
	}
	return iv
}

// JustifyDays is justify_days: 30-day groups of days move to months,
// months and days then share a sign.
func JustifyDays(iv Interval) Interval {
	whole := iv.Days / daysPerMonth
	iv.Days -= whole * daysPerMonth
	iv.Months += whole
	switch {
	case iv.Months > 0 && iv.Days < 0:
		iv.Days += daysPerMonth
		iv.Months--
	case iv.Months < 0 && iv.Days > 0:
		iv.Days -= daysPerMonth
		iv.Months++
	}
	return iv
}

// JustifyInterval is justify_interval: justify_days of justify_hours'
// carry, with one sign across months, days and time.
func JustifyInterval(iv Interval) Interval {
	whole := iv.Micros / usecPerDay
	iv.Micros -= whole * usecPerDay
	iv.Days += int32(whole)
	whole32 := iv.Days / daysPerMonth
	iv.Days -= whole32 * daysPerMonth
	iv.Months += whole32
	if iv.Months > 0 && (iv.Days < 0 || (iv.Days == 0 && iv.Micros < 0)) {
		iv.Days += daysPerMonth
		iv.Months--
	} else if iv.Months < 0 && (iv.Days > 0 || (iv.Days == 0 && iv.Micros > 0)) {
		iv.Days -= daysPerMonth
		iv.Months++
	}
	switch {
	case iv.Days > 0 && iv.Micros < 0:
		iv.Micros += usecPerDay
		iv.Days--
	case iv.Days < 0 && iv.Micros > 0:
		iv.Micros -= usecPerDay
		iv.Days++
	}
	return iv
}

// tsRound is TSROUND: to microsecond precision.
func tsRound(f float64) float64 { return math.RoundToEven(f*1e6) / 1e6 }

// ScaleInterval is interval_mul (div false) and interval_div (div true)
// by f: fractional months spill into days, fractional days into time.
// Errors: 22012 `division by zero`, 22008 `interval out of range`.
func ScaleInterval(iv Interval, f float64, div bool) (Interval, error) {
	if div {
		if f == 0 {
			return Interval{}, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		f = 1 / f
	}
	m := float64(iv.Months) * f
	d := float64(iv.Days) * f
	if math.IsNaN(m) || m > math.MaxInt32 || m < math.MinInt32 || math.IsNaN(d) || d > math.MaxInt32 || d < math.MinInt32 {
		return Interval{}, errIntervalRange()
	}
	out := Interval{Months: int32(m), Days: int32(d)}
	monthRem := tsRound((m - float64(out.Months)) * daysPerMonth)
	secRem := tsRound((d - float64(out.Days) + monthRem - float64(int64(monthRem))) * 86400)
	if math.Abs(secRem) >= 86400 {
		out.Days += int32(secRem / 86400)
		secRem -= float64(int64(secRem/86400)) * 86400
	}
	out.Days += int32(monthRem)
	t := math.RoundToEven(float64(iv.Micros)*f + secRem*usecPerSec)
	if math.IsNaN(t) || t >= 9.2233720368547758e18 || t < -9.2233720368547758e18 {
		return Interval{}, errIntervalRange()
	}
	out.Micros = int64(t)
	return out, nil
}

// DatePlusDays is date_pli: Error 22008 `date out of range`.
func DatePlusDays(days, n int64) (int64, error) {
	if days == DateInfinity || days == DateNegInfinity {
		return days, nil
	}
	r := days + n
	if r < minDate || r >= endDate {
		return 0, pgerror.New(pgerror.DatetimeFieldOverflow, "date out of range")
	}
	return r, nil
}

// Age is timestamp_age of two wall-clock times: the symbolic difference
// in years, months, days and time, borrowing month lengths from the
// earlier operand's calendar as PostgreSQL does.
func Age(a, b int64) (Interval, error) {
	if a == TimestampInfinity || a == TimestampNegInfinity || b == TimestampInfinity || b == TimestampNegInfinity {
		return Interval{}, pgerror.New(pgerror.DatetimeFieldOverflow, "cannot subtract infinite timestamps")
	}
	t1, t2 := splitTimestamp(a), splitTimestamp(b)
	var d [7]int64 // year, mon, day, hour, min, sec, usec
	for i := range d {
		d[i] = t1[i] - t2[i]
	}
	neg := a < b
	if neg {
		for i := range d {
			d[i] = -d[i]
		}
	}
	for ; d[6] < 0; d[5]-- {
		d[6] += usecPerSec
	}
	for ; d[5] < 0; d[4]-- {
		d[5] += 60
	}
	for ; d[4] < 0; d[3]-- {
		d[4] += 60
	}
	for ; d[3] < 0; d[2]-- {
		d[3] += 24
	}
	for d[2] < 0 {
		src := t2
		if neg {
			src = t1
		}
		d[2] += daysInMonth(src[0], src[1])
		d[1]--
	}
	for ; d[1] < 0; d[0]-- {
		d[1] += 12
	}
	if neg {
		for i := range d {
			d[i] = -d[i]
		}
	}
	m := d[0]*12 + d[1]
	if m != int64(int32(m)) {
		return Interval{}, errIntervalRange()
	}
	return Interval{Months: int32(m), Days: int32(d[2]), Micros: ((d[3]*60+d[4])*60+d[5])*usecPerSec + d[6]}, nil
}

// splitTimestamp is timestamp2tm: year (astronomical), month, day, hour,
// minute, second, microsecond.
func splitTimestamp(us int64) [7]int64 {
	days := floorDiv(us, usecPerDay)
	tod := us - days*usecPerDay
	y, m, d := civilFromDays(days)
	return [7]int64{y, m, d, tod / usecPerHour, tod / usecPerMinute % 60, tod / usecPerSec % 60, tod % usecPerSec}
}

// MakeTimestamp is make_timestamp: a wall-clock time from its fields,
// seconds fractional. Errors: 22008 `date field value out of range:
// y-m-d`, `time field value out of range: h:m:s`.
func MakeTimestamp(y, m, d, h, mi int64, sec float64) (int64, error) {
	days, err := MakeDate(y, m, d)
	if err != nil {
		return 0, err
	}
	if h < 0 || h > 24 || mi < 0 || mi > 59 || sec < 0 || sec > 60 || math.IsNaN(sec) ||
		(h == 24 && (mi != 0 || sec != 0)) {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "time field value out of range: %d:%02d:%02s", h, mi, formatSec(sec))
	}
	us := days*usecPerDay + (h*60+mi)*60*usecPerSec + int64(math.RoundToEven(sec*usecPerSec))
	if us < minTimestamp || us >= endTimestamp {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "timestamp out of range: \"%d-%02d-%02d %d:%02d:%02s\"", y, m, d, h, mi, formatSec(sec))
	}
	return us, nil
}

func formatSec(sec float64) string {
	b := AppendFloat8(nil, sec)
	return string(b)
}

// MakeDate is make_date: a negative year is BC. Error: 22008 `date field
// value out of range: y-m-d`.
func MakeDate(y, m, d int64) (int64, error) {
	bad := pgerror.Errorf(pgerror.DatetimeFieldOverflow, "date field value out of range: %d-%02d-%02d", y, m, d)
	if y == 0 || m < 1 || m > 12 || d < 1 {
		return 0, bad
	}
	ay := y
	if y < 0 {
		ay = y + 1
	}
	if d > daysInMonth(ay, m) {
		return 0, bad
	}
	days := daysFromCivil(ay, m, d)
	if days < minDate || days >= endDate {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "date out of range: %d-%02d-%02d", y, m, d)
	}
	return days, nil
}
