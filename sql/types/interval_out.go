package types

import (
	"strconv"
	"strings"
)

// intervalParts are the fields interval_out prints (interval2itm): each
// carries the sign of its source (months, days or microseconds), as C's
// truncating division gives.
type intervalParts struct {
	year, mon, day, hour, min, sec, usec int64
}

func splitInterval(iv Interval) intervalParts {
	us := iv.Micros
	return intervalParts{
		year: int64(iv.Months) / monthsPerYear, mon: int64(iv.Months) % monthsPerYear, day: int64(iv.Days),
		hour: us / usecPerHour, min: us / usecPerMinute % 60, sec: us / usecPerSec % 60, usec: us % usecPerSec,
	}
}

// AppendInterval is interval_out in an IntervalStyle (a nil style is
// postgres): "1 year 2 mons -3 days +04:05:06.5", "00:00:00",
// "P1Y2M-3DT4H5M6.5S", "@ 1 year 2 mons 3 days ago".
func AppendInterval(buf []byte, iv Interval, st *Style) []byte {
	p := splitInterval(iv)
	style := IntervalPostgres
	if st != nil {
		style = st.IntervalStyle
	}
	switch style {
	case IntervalISO8601:
		return appendIntervalISO(buf, p)
	case IntervalPostgresVerbose:
		return appendIntervalVerbose(buf, p)
	}
	zero, before := true, false
	buf = appendPostgresPart(buf, p.year, "year", &zero, &before)
	buf = appendPostgresPart(buf, p.mon, "mon", &zero, &before)
	buf = appendPostgresPart(buf, p.day, "day", &zero, &before)
	if zero || p.hour != 0 || p.min != 0 || p.sec != 0 || p.usec != 0 {
		if !zero {
			buf = append(buf, ' ')
		}
		switch {
		case p.hour < 0 || p.min < 0 || p.sec < 0 || p.usec < 0:
			buf = append(buf, '-')
		case before:
			buf = append(buf, '+')
		}
		buf = appendPadded(buf, abs64(p.hour), 2)
		buf = appendPadded(append(buf, ':'), abs64(p.min), 2)
		buf = appendSeconds(append(buf, ':'), abs64(p.sec), abs64(p.usec), true)
	}
	return buf
}

// appendPostgresPart is AddPostgresIntPart: " -1 years", "+3 days" after
// a negative field.
func appendPostgresPart(buf []byte, v int64, unit string, zero, before *bool) []byte {
	if v == 0 {
		return buf
	}
	if !*zero {
		buf = append(buf, ' ')
	}
	if *before && v > 0 {
		buf = append(buf, '+')
	}
	buf = append(strconv.AppendInt(buf, v, 10), ' ')
	buf = append(buf, unit...)
	if v != 1 {
		buf = append(buf, 's')
	}
	*before, *zero = v < 0, false
	return buf
}

// appendSeconds prints seconds (two digits when pad) and a fraction
// without trailing zeros.
func appendSeconds(buf []byte, sec, usec int64, pad bool) []byte {
	if pad {
		buf = appendPadded(buf, sec, 2)
	} else {
		buf = strconv.AppendInt(buf, sec, 10)
	}
	if usec != 0 {
		f := strconv.FormatInt(usec+usecPerSec, 10)[1:]
		buf = append(append(buf, '.'), strings.TrimRight(f, "0")...)
	}
	return buf
}

// appendIntervalISO is IntervalStyle iso_8601: PT0S for zero.
func appendIntervalISO(buf []byte, p intervalParts) []byte {
	if p == (intervalParts{}) {
		return append(buf, "PT0S"...)
	}
	buf = append(buf, 'P')
	part := func(v int64, c byte) {
		if v != 0 {
			buf = append(strconv.AppendInt(buf, v, 10), c)
		}
	}
	part(p.year, 'Y')
	part(p.mon, 'M')
	part(p.day, 'D')
	if p.hour != 0 || p.min != 0 || p.sec != 0 || p.usec != 0 {
		buf = append(buf, 'T')
	}
	part(p.hour, 'H')
	part(p.min, 'M')
	if p.sec != 0 || p.usec != 0 {
		if p.sec < 0 || p.usec < 0 {
			buf = append(buf, '-')
		}
		buf = append(appendSeconds(buf, abs64(p.sec), abs64(p.usec), false), 'S')
	}
	return buf
}

// appendIntervalVerbose is IntervalStyle postgres_verbose: "@ 1 year 2
// mons", "@ 0", each field with its own sign but the whole negated and
// "ago" added when the first non-zero one is negative.
func appendIntervalVerbose(buf []byte, p intervalParts) []byte {
	buf = append(buf, '@')
	zero, neg := true, false
	part := func(v int64, unit string) {
		if v == 0 {
			return
		}
		if zero {
			neg = v < 0
		}
		if neg {
			v = -v
		}
		buf = append(strconv.AppendInt(append(buf, ' '), v, 10), ' ')
		buf = append(buf, unit...)
		if v != 1 {
			buf = append(buf, 's')
		}
		zero = false
	}
	part(p.year, "year")
	part(p.mon, "mon")
	part(p.day, "day")
	part(p.hour, "hour")
	part(p.min, "min")
	if p.sec != 0 || p.usec != 0 {
		buf = append(buf, ' ')
		if p.sec < 0 || (p.sec == 0 && p.usec < 0) {
			if zero {
				neg = true
			} else if !neg {
				buf = append(buf, '-')
			}
		} else if neg {
			buf = append(buf, '-')
		}
		buf = append(appendSeconds(buf, abs64(p.sec), abs64(p.usec), false), " sec"...)
		if abs64(p.sec) != 1 || p.usec != 0 {
			buf = append(buf, 's')
		}
		zero = false
	}
	if zero {
		buf = append(buf, " 0"...)
	}
	if neg {
		buf = append(buf, " ago"...)
	}
	return buf
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
