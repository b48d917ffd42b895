package types

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Date and timestamp values (PostgreSQL docs 8.5, datatype/timestamp.h):
// a date is days since 2000-01-01 held as int64 (int32 on the wire), a
// timestamp or timestamptz microseconds since 2000-01-01 00:00:00 (UTC for
// timestamptz). Infinity and -infinity are the extreme values of the wire
// type. A timestamptz prints, and an input without an offset reads, in
// the session's TimeZone (Style; datetime_zone.go).
const (
	DateNegInfinity       = math.MinInt32
	DateInfinity          = math.MaxInt32
	TimestampNegInfinity  = math.MinInt64
	TimestampInfinity     = math.MaxInt64
	usecPerDay            = 86400 * 1000000
	usecPerSec            = 1000000
	minDate               = -2451545             // 4714-11-24 BC (Julian day 0)
	endDate               = 2147483494 - 2451545 // DATE_END_JULIAN - POSTGRES_EPOCH_JDATE
	minTimestamp          = -211813488000000000  // MIN_TIMESTAMP
	endTimestamp          = 9223371331200000000  // END_TIMESTAMP
	unixEpochDays         = 10957                // 1970-01-01 is day -10957
	maxTimestampPrecision = 6
)

// ValidDate reports whether d is a finite date PostgreSQL can store or
// one of the infinities.
func ValidDate(d int64) bool {
	return d == DateNegInfinity || d == DateInfinity || (d >= minDate && d < endDate)
}

// ValidTimestamp reports whether us is a finite timestamp in PostgreSQL's
// range (4714-11-24 BC to 294276 AD) or one of the infinities.
func ValidTimestamp(us int64) bool {
	return us == TimestampNegInfinity || us == TimestampInfinity || (us >= minTimestamp && us < endTimestamp)
}

// daysFromCivil counts days from 2000-01-01 to the proleptic Gregorian
// date y-m-d (year 0 is 1 BC); Hinnant's days_from_civil algorithm.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468 - unixEpochDays
}

// civilFromDays is the inverse of daysFromCivil.
func civilFromDays(days int64) (y, m, d int64) {
	z := days + unixEpochDays + 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = mp + 3
	if m > 12 {
		m -= 12
	}
	y = yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func daysInMonth(y, m int64) int64 {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// appendYMD prints a date as ISO "YYYY-MM-DD" and reports whether it is BC.
func appendYMD(buf []byte, days int64) ([]byte, bool) {
	y, m, d := civilFromDays(days)
	bc := y <= 0
	if bc {
		y = 1 - y
	}
	buf = appendPadded(buf, y, 4)
	buf = append(buf, '-')
	buf = appendPadded(buf, m, 2)
	buf = append(buf, '-')
	return appendPadded(buf, d, 2), bc
}

func appendPadded(buf []byte, v int64, width int) []byte {
	s := strconv.FormatInt(v, 10)
	for i := len(s); i < width; i++ {
		buf = append(buf, '0')
	}
	return append(buf, s...)
}

// AppendDate is date_out with DateStyle ISO: "2024-01-02", "0044-03-15
// BC", "infinity", "-infinity".
func AppendDate(buf []byte, days int64) []byte {
	switch days {
	case DateInfinity:
		return append(buf, "infinity"...)
	case DateNegInfinity:
		return append(buf, "-infinity"...)
	}
	buf, bc := appendYMD(buf, days)
	if bc {
		buf = append(buf, " BC"...)
	}
	return buf
}

// AppendTimestamp is timestamp_out (tz false) or timestamptz_out in UTC
// (tz true) with DateStyle ISO: "2024-01-02 03:04:05.123456", fractional
// seconds without trailing zeros, "+00" for timestamptz, " BC" last.
func AppendTimestamp(buf []byte, us int64, tz bool) []byte {
	if tz {
		return AppendTimestamptz(buf, us, nil)
	}
	return appendTimestamp(buf, us, 0, false)
}

// AppendTimestamptz is timestamptz_out in the style's TimeZone with
// DateStyle ISO: the wall-clock time then its offset ("-05", "+05:30").
func AppendTimestamptz(buf []byte, us int64, st *Style) []byte {
	if us == TimestampInfinity || us == TimestampNegInfinity {
		return appendTimestamp(buf, us, 0, false)
	}
	off, _ := ZoneOffset(us, st.zone())
	return appendTimestamp(buf, us+off*usecPerSec, off, true)
}

// appendTimestamp prints the wall-clock time us, then off when tz.
func appendTimestamp(buf []byte, us, off int64, tz bool) []byte {
	switch us {
	case TimestampInfinity:
		return append(buf, "infinity"...)
	case TimestampNegInfinity:
		return append(buf, "-infinity"...)
	}
	days := floorDiv(us, usecPerDay)
	rem := us - days*usecPerDay
	buf, bc := appendYMD(buf, days)
	buf = append(buf, ' ')
	secs := rem / usecPerSec
	buf = appendPadded(buf, secs/3600, 2)
	buf = append(buf, ':')
	buf = appendPadded(buf, secs/60%60, 2)
	buf = append(buf, ':')
	buf = appendPadded(buf, secs%60, 2)
	if frac := rem % usecPerSec; frac != 0 {
		f := strconv.FormatInt(frac+usecPerSec, 10)[1:]
		buf = append(append(buf, '.'), strings.TrimRight(f, "0")...)
	}
	if tz {
		buf = appendOffset(buf, off)
	}
	if bc {
		buf = append(buf, " BC"...)
	}
	return buf
}

// dtFields is a parsed date/time literal.
type dtFields struct {
	y, mo, d       int64
	h, mi, s       int64
	usec           int64
	offset         int64          // seconds east of UTC
	loc            *time.Location // a zone named in the input, else nil
	hasTime, hasTZ bool
	special        int // 0, +1 infinity, -1 -infinity
}

// ParseDate is date_in for ISO input: "2024-01-02" (a time part, if any, is
// ignored), "infinity", "-infinity", "epoch", with an optional " BC".
// Errors: 22007 `invalid input syntax for type date: "x"`, 22008
// `date/time field value out of range: "x"` or `date out of range: "x"`.
func ParseDate(s string) (int64, error) {
	f, err := parseDateTime(s, "date")
	if err != nil {
		return 0, err
	}
	switch f.special {
	case 1:
		return DateInfinity, nil
	case -1:
		return DateNegInfinity, nil
	}
	days := daysFromCivil(f.y, f.mo, f.d)
	if !ValidDate(days) || days == DateInfinity || days == DateNegInfinity {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "date out of range: \"%s\"", s)
	}
	return days, nil
}

// ParseTimestamp is timestamp_in (tz false: a zone in the input is
// ignored) or timestamptz_in with TimeZone UTC (tz true: an offset such
// as "+02", "-05:30", "Z" or "UTC" converts to UTC) for ISO 8601 input:
// "2024-01-02 03:04:05.123456", "2024-01-02T03:04:05Z", "2024-01-02",
// "infinity", "-infinity", "epoch", optional " BC". Fractional seconds
// round to microseconds. Errors: 22007 `invalid input syntax for type
// timestamp: "x"`, 22008 `date/time field value out of range: "x"` or
// `timestamp out of range: "x"`.
func ParseTimestamp(s string, tz bool) (int64, error) { return parseTimestamp(s, tz, nil) }

// ParseTimestamptz is timestamptz_in in the style's TimeZone: a wall-clock
// time without an offset or zone name reads in that zone.
func ParseTimestamptz(s string, st *Style) (int64, error) { return parseTimestamp(s, true, st) }

func parseTimestamp(s string, tz bool, st *Style) (int64, error) {
	name := "timestamp"
	if tz {
		name = "timestamp with time zone"
	}
	f, err := parseDateTime(s, name)
	if err != nil {
		return 0, err
	}
	switch f.special {
	case 1:
		return TimestampInfinity, nil
	case -1:
		return TimestampNegInfinity, nil
	}
	days := daysFromCivil(f.y, f.mo, f.d)
	if days < minTimestamp/usecPerDay-1 || days > endTimestamp/usecPerDay+1 {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "timestamp out of range: \"%s\"", s)
	}
	us := days*usecPerDay + ((f.h*60+f.mi)*60+f.s)*usecPerSec + f.usec
	switch {
	case !tz:
	case f.loc != nil:
		us = FromWall(us, f.loc)
	case f.hasTZ:
		us -= f.offset * usecPerSec
	default:
		us = FromWall(us, st.zone())
	}
	if us < minTimestamp || us >= endTimestamp {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "timestamp out of range: \"%s\"", s)
	}
	return us, nil
}

// parseDateTime splits an ISO date/time literal into fields.
func parseDateTime(s, name string) (dtFields, error) {
	var f dtFields
	t := strings.ToLower(strings.TrimSpace(s))
	bad := func() (dtFields, error) {
		return f, pgerror.Errorf(pgerror.InvalidDatetimeFormat, "invalid input syntax for type %s: \"%s\"", name, s)
	}
	overflow := func() (dtFields, error) {
		return f, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "date/time field value out of range: \"%s\"", s)
	}
	switch t {
	case "infinity", "+infinity":
		f.special = 1
		return f, nil
	case "-infinity":
		f.special = -1
		return f, nil
	case "epoch":
		f.y, f.mo, f.d = 1970, 1, 1
		return f, nil
	}
	bc := false
	if rest, ok := strings.CutSuffix(t, " bc"); ok {
		t, bc = strings.TrimSpace(rest), true
	} else if rest, ok := strings.CutSuffix(t, " ad"); ok {
		t = strings.TrimSpace(rest)
	}
	p := dtScanner{s: t}
	y, ny := p.digits()
	if ny < 4 || ny > 7 || !p.eat('-') {
		return bad()
	}
	mo, nm := p.digits()
	if nm < 1 || nm > 2 || !p.eat('-') {
		return bad()
	}
	d, nd := p.digits()
	if nd < 1 || nd > 2 {
		return bad()
	}
	f.y, f.mo, f.d = y, mo, d
	if p.more() {
		if !p.eat('t') && !p.spaces() {
			return bad()
		}
		p.spaces()
	}
	if p.more() && p.peekDigit() {
		if !p.clock(&f) {
			return bad()
		}
		f.hasTime = true
	}
	if p.more() {
		p.spaces()
		if !p.zone(&f) || p.more() {
			return bad()
		}
	}
	if bc {
		if f.y == 0 {
			return overflow()
		}
		f.y = 1 - f.y
	} else if f.y == 0 {
		return overflow()
	}
	if f.mo < 1 || f.mo > 12 || f.d < 1 || f.d > daysInMonth(f.y, f.mo) ||
		f.h > 24 || f.mi > 59 || f.s > 60 || (f.h == 24 && (f.mi != 0 || f.s != 0 || f.usec != 0)) {
		return overflow()
	}
	if f.offset > 15*3600+59*60+59 || f.offset < -(15*3600+59*60+59) {
		return f, pgerror.Errorf(pgerror.InvalidTimeZoneDisplacement, "time zone displacement out of range: \"%s\"", s)
	}
	return f, nil
}

// dtScanner walks a lower-cased date/time literal.
type dtScanner struct {
	s string
	i int
}

func (p *dtScanner) more() bool { return p.i < len(p.s) }

func (p *dtScanner) peekDigit() bool { return p.more() && isDigit(p.s[p.i]) }

func (p *dtScanner) eat(c byte) bool {
	if p.more() && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *dtScanner) spaces() bool {
	start := p.i
	for p.more() && p.s[p.i] == ' ' {
		p.i++
	}
	return p.i > start
}

// digits reads up to 9 decimal digits; n is how many.
func (p *dtScanner) digits() (v int64, n int) {
	for p.peekDigit() && n < 10 {
		v = v*10 + int64(p.s[p.i]-'0')
		p.i++
		n++
	}
	return v, n
}

// clock reads HH:MM[:SS[.frac]].
func (p *dtScanner) clock(f *dtFields) bool {
	var n int
	if f.h, n = p.digits(); n < 1 || n > 2 || !p.eat(':') {
		return false
	}
	if f.mi, n = p.digits(); n != 2 {
		return false
	}
	if !p.eat(':') {
		return true
	}
	if f.s, n = p.digits(); n != 2 {
		return false
	}
	if !p.eat('.') {
		return true
	}
	start := p.i
	for p.peekDigit() {
		p.i++
	}
	frac, err := strconv.ParseFloat("0."+p.s[start:p.i], 64)
	if err != nil {
		return false
	}
	f.usec = int64(math.RoundToEven(frac * usecPerSec))
	return true
}

// zone reads "z", "utc", "gmt", or ±HH[[:]MM[[:]SS]].
func (p *dtScanner) zone(f *dtFields) bool {
	rest := p.s[p.i:]
	switch rest {
	case "z", "utc", "gmt", "zulu":
		p.i = len(p.s)
		f.hasTZ = true
		return true
	}
	if strings.ContainsAny(rest, "abcdefghijklmnopqrstuvwxyz") {
		loc, _, ok := LoadZone(rest)
		if ok {
			p.i, f.loc, f.hasTZ = len(p.s), loc, true
		}
		return ok
	}
	sign := int64(1)
	switch {
	case p.eat('+'):
	case p.eat('-'):
		sign = -1
	default:
		return false
	}
	start := p.i
	v, n := p.digits()
	var h, m, sec int64
	switch {
	case n == 1 || n == 2:
		h = v
		if p.eat(':') {
			if m, n = p.digits(); n != 2 {
				return false
			}
			if p.eat(':') {
				if sec, n = p.digits(); n != 2 {
					return false
				}
			}
		}
	case n == 4:
		h, m = v/100, v%100
	case n == 6:
		h, m, sec = v/10000, v/100%100, v%100
	default:
		_ = start
		return false
	}
	if m > 59 || sec > 59 {
		return false
	}
	f.offset = sign * (h*3600 + m*60 + sec)
	f.hasTZ = true
	return true
}

// RoundTimestamp is roundTimestamp for the planner: CURRENT_TIMESTAMP(p)
// and LOCALTIMESTAMP(p) round the clock to precision p (0..6).
func RoundTimestamp(us int64, precision int32) int64 { return roundTimestamp(us, precision) }

// roundTimestamp applies timestamp(p): rounds to 10^-p seconds, half away
// from zero (AdjustTimestampForTypmod).
func roundTimestamp(us int64, typmod int32) int64 {
	if typmod < 0 || typmod >= maxTimestampPrecision || us == TimestampInfinity || us == TimestampNegInfinity {
		return us
	}
	scale := int64(math.Pow10(int(maxTimestampPrecision - typmod)))
	if us >= 0 {
		return (us + scale/2) / scale * scale
	}
	return -((-us + scale/2) / scale * scale)
}

// timestampTypmodIn is anytimestamp_typmodin: one precision 0..6 (a
// larger one is reduced to 6, as PostgreSQL does with a warning).
func timestampTypmodIn(k Kind, mods []int32) (Type, error) {
	if len(mods) != 1 {
		return Unknown, invalidTypmod()
	}
	name := "TIMESTAMP"
	switch k {
	case KindTimestamptz:
		name = "TIMESTAMP WITH TIME ZONE"
	case KindTime:
		name = "TIME"
	}
	if mods[0] < 0 {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "TIMESTAMP(%d)%s precision must not be negative", mods[0], strings.TrimPrefix(name, "TIMESTAMP"))
	}
	return Type{k, min(mods[0], maxTimestampPrecision)}, nil
}
