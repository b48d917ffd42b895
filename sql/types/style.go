package types

import (
	"strconv"
	"time"
)

// Style is what a session's settings change in the text form of values
// (PostgreSQL 15 docs §20.11.2): TimeZone (Zone; nil is UTC) for
// timestamptz input and output, IntervalStyle for interval output,
// extra_float_digits <= 0 (FloatLoss) for float4out/float8out's old %.*g
// form with FLT_DIG (6) or DBL_DIG (15) plus extra_float_digits
// significant digits (at least 1), and bytea_output = 'escape'
// (ByteaEscape) for byteaout's escape form. Arrays and records of such
// values follow it. The planner builds one per change of those settings
// (Session.Style, planner/session_hot.go) and hands it to the wire and to
// COPY; a nil *Style or the zero value is PostgreSQL's defaults (UTC,
// DateStyle ISO, IntervalStyle postgres, extra_float_digits 1: shortest
// exact floats, bytea_output hex). Casts to text follow only Zone and
// IntervalStyle (textCast).
type Style struct {
	Zone          *time.Location
	IntervalStyle IntervalStyle
	// FloatLoss is 1 - extra_float_digits when that is <= 0 (1..16), 0
	// for the shortest exact output.
	FloatLoss   int8
	ByteaEscape bool
}

// SetOutput sets the style's extra_float_digits efd (-15..3) and
// bytea_output ('escape' when escape, else 'hex').
func (st *Style) SetOutput(efd int, escape bool) {
	st.FloatLoss, st.ByteaEscape = 0, escape
	if efd <= 0 {
		st.FloatLoss = int8(1 - efd)
	}
}

// zone is the style's time zone (UTC for a nil style or zone).
func (st *Style) zone() *time.Location {
	if st == nil || st.Zone == nil {
		return time.UTC
	}
	return st.Zone
}

// textCast is the style a cast to text runs in: st without its
// extra_float_digits and bytea_output, which change only output to the
// client and COPY TO (README's limits).
func (st *Style) textCast() *Style {
	if st == nil || st.FloatLoss == 0 && !st.ByteaEscape {
		return st
	}
	c := *st
	c.FloatLoss, c.ByteaEscape = 0, false
	return &c
}

// appendOutputStyle is the text of d in st's extra_float_digits and
// bytea_output, ok false when those do not change it (d is not a float
// or bytea, or st leaves them at their defaults).
func appendOutputStyle(buf []byte, t Type, d any, st *Style) ([]byte, bool) {
	if st == nil {
		return buf, false
	}
	switch {
	case t.Kind == KindFloat4 && st.FloatLoss > 0:
		if f, ok := asFloat(d); ok {
			return appendFloatDigits(buf, float64(float32(f)), 6, st, 32), true
		}
	case t.Kind == KindFloat8 && st.FloatLoss > 0:
		if f, ok := asFloat(d); ok {
			return appendFloatDigits(buf, f, 15, st, 64), true
		}
	case t.Kind == KindBytea && st.ByteaEscape:
		if b, ok := d.([]byte); ok {
			return appendByteaEscape(buf, b), true
		}
	}
	return buf, false
}

// appendFloatDigits is float4out / float8out with extra_float_digits <= 0:
// "%.*g" of dig + extra_float_digits digits (at least 1); NaN and the
// infinities as always.
func appendFloatDigits(buf []byte, f float64, dig int, st *Style, bits int) []byte {
	if special, ok := specialFloat(f); ok {
		return append(buf, special...)
	}
	n := max(dig+1-int(st.FloatLoss), 1)
	return strconv.AppendFloat(buf, f, 'g', n, bits)
}

// appendByteaEscape is byteaout with bytea_output = escape: a backslash
// doubled, bytes outside 0x20..0x7e as a backslash and three octal
// digits, the others as themselves.
func appendByteaEscape(buf, b []byte) []byte {
	for _, c := range b {
		switch {
		case c == '\\':
			buf = append(buf, '\\', '\\')
		case c < 0x20 || c > 0x7e:
			buf = append(buf, '\\', '0'+c>>6, '0'+c>>3&7, '0'+c&7)
		default:
			buf = append(buf, c)
		}
	}
	return buf
}
