package types

import "strconv"

// TextStyle is what a session's settings change in text output
// (PostgreSQL 15 docs §20.11.2): extra_float_digits <= 0 selects the old
// %.*g output of float4 and float8 with FLT_DIG (6) or DBL_DIG (15) plus
// extra_float_digits significant digits (at least 1), and bytea_output =
// 'escape' byteaout's escape format. The zero value is the defaults
// (extra_float_digits 1: shortest exact floats; bytea_output hex), which
// AppendText writes. Arrays and records of such values follow the style;
// casts to text do not yet (they run without the session's settings).
type TextStyle struct {
	// FloatLoss is 1 - extra_float_digits when that is <= 0 (1..16), 0
	// for the shortest exact output.
	FloatLoss   int8
	ByteaEscape bool
}

// NewTextStyle is the style of extra_float_digits efd (-15..3) and
// bytea_output 'escape' (escape) or 'hex'.
func NewTextStyle(efd int, escape bool) TextStyle {
	st := TextStyle{ByteaEscape: escape}
	if efd <= 0 {
		st.FloatLoss = int8(1 - efd)
	}
	return st
}

// AppendTextStyle is AppendText in style st.
func AppendTextStyle(buf []byte, t Type, d any, st TextStyle) []byte {
	if st == (TextStyle{}) {
		return AppendText(buf, t, d)
	}
	switch {
	case t.Kind == KindFloat4 && st.FloatLoss > 0:
		if f, ok := asFloat(d); ok {
			return appendFloatDigits(buf, float64(float32(f)), 6, st, 32)
		}
	case t.Kind == KindFloat8 && st.FloatLoss > 0:
		if f, ok := asFloat(d); ok {
			return appendFloatDigits(buf, f, 15, st, 64)
		}
	case t.Kind == KindBytea && st.ByteaEscape:
		if b, ok := d.([]byte); ok {
			return appendByteaEscape(buf, b)
		}
	case t.Kind == KindRecord:
		if r, ok := d.(Record); ok {
			return appendRecordText(buf, r, st)
		}
	case IsArray(t.Kind) && !IsCatalogVector(t.Kind):
		return appendArrayText(buf, t, d, st)
	}
	return AppendText(buf, t, d)
}

// appendFloatDigits is float4out / float8out with extra_float_digits <= 0:
// "%.*g" of dig + extra_float_digits digits (at least 1); NaN and the
// infinities as always.
func appendFloatDigits(buf []byte, f float64, dig int, st TextStyle, bits int) []byte {
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
