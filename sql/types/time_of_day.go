package types

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// A time (time without time zone) is int64 microseconds since midnight,
// 0 to 24:00:00 inclusive (PostgreSQL's TimeADT); on the wire an int64.

// ParseTime is time_in: hh:mm[:ss[.frac]], optionally after a date
// (which is ignored, as is a zone), "allballs" for midnight, with am/pm.
// Errors: 22007 `invalid input syntax for type time: "x"`, 22008
// `date/time field value out of range: "x"`.
func ParseTime(s string, typmod int32) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "allballs" {
		return 0, nil
	}
	bad := pgerror.Errorf(pgerror.InvalidDatetimeFormat, "invalid input syntax for type time: \"%s\"", s)
	if i := strings.IndexByte(t, ' '); i > 0 && strings.Count(t[:i], "-") == 2 { // a date first
		t = strings.TrimSpace(t[i+1:])
	}
	if _, rest, ok := strings.Cut(t, "t"); ok && strings.Count(t, "-") >= 2 {
		t = rest
	}
	pm, am := strings.HasSuffix(t, "pm"), strings.HasSuffix(t, "am")
	if pm || am {
		t = strings.TrimSpace(t[:len(t)-2])
	}
	p := dtScanner{s: t}
	var f dtFields
	if !p.peekDigit() || !p.clock(&f) {
		return 0, bad
	}
	if p.more() {
		p.spaces()
		if !p.zone(&f) || p.more() {
			return 0, bad
		}
	}
	if (pm || am) && f.h > 12 {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "date/time field value out of range: \"%s\"", s)
	}
	switch {
	case pm && f.h != 12:
		f.h += 12
	case am && f.h == 12:
		f.h = 0
	}
	us := ((f.h*60+f.mi)*60+f.s)*usecPerSec + f.usec
	if f.h > 24 || f.mi > 59 || f.s > 60 || us > usecPerDay {
		return 0, pgerror.Errorf(pgerror.DatetimeFieldOverflow, "date/time field value out of range: \"%s\"", s)
	}
	return roundTime(us, typmod), nil
}

// roundTime is AdjustTimeForTypmod: round to 10^-p seconds.
func roundTime(us int64, typmod int32) int64 {
	return roundTimestamp(us, typmod)
}

// AppendTime is time_out: "04:05:06", "04:05:06.5".
func AppendTime(buf []byte, us int64) []byte {
	secs := us / usecPerSec
	buf = appendPadded(buf, secs/3600, 2)
	buf = appendPadded(append(buf, ':'), secs/60%60, 2)
	return appendSeconds(append(buf, ':'), secs%60, us%usecPerSec, true)
}

// castTime converts to and from time: the time of day of a timestamp
// (v is already the wall-clock time of a timestamptz), an interval's
// time modulo a day, a time as an interval. ok is false for other pairs.
func castTime(v int64, from, to Type, _ *Style) (any, bool, error) {
	switch {
	case to.Kind != KindTime:
		return nil, false, nil
	case from.Kind == KindTimestamp || from.Kind == KindTimestamptz:
		if v == TimestampInfinity || v == TimestampNegInfinity {
			return nil, true, pgerror.New(pgerror.DatetimeFieldOverflow, "time out of range")
		}
		return roundTime(v-floorDiv(v, usecPerDay)*usecPerDay, to.Typmod), true, nil
	}
	return nil, false, nil
}

// castInterval converts between interval and time (interval_time,
// time_interval), and applies an interval's typmod.
func castInterval(d any, from, to Type) (any, bool, error) {
	switch {
	case from.Kind == KindInterval && to.Kind == KindInterval:
		iv, _ := d.(Interval)
		return adjustInterval(iv, to.Typmod), true, nil
	case from.Kind == KindInterval && to.Kind == KindTime:
		iv, _ := d.(Interval)
		us := iv.Micros % usecPerDay
		if us < 0 {
			us += usecPerDay
		}
		return roundTime(us, to.Typmod), true, nil
	case from.Kind == KindTime && to.Kind == KindInterval:
		us, _ := d.(int64)
		return adjustInterval(Interval{Micros: us}, to.Typmod), true, nil
	case from.Kind == KindTime && to.Kind == KindTime:
		us, _ := d.(int64)
		return roundTime(us, to.Typmod), true, nil
	}
	return nil, false, nil
}
