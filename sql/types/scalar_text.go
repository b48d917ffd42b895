package types

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// ParseText runs the input function of t on s. Errors carry pgvector's or
// PostgreSQL's SQLSTATE and message (22P02 invalid input syntax, 22003 out of
// range, 22000 for vector NaN/Inf/dims, 22001 too long for varchar(n), 22021
// for text that is not UTF-8 or holds a NUL byte). For a
// vector(n) the dims are checked too ("expected 3 dimensions, not 4").
// Unknown returns s itself; void returns nil.
func ParseText(t Type, s string) (any, error) { return ParseTextStyle(t, s, nil) }

// ParseTextStyle is ParseText in a session's Style: timestamptz input
// without an offset reads in its TimeZone.
func ParseTextStyle(t Type, s string, st *Style) (any, error) {
	switch t.Kind {
	case KindUnknown:
		return s, nil
	case KindRecord: // a row type's input needs its fields (ParseRecord)
		return nil, pgerror.New(pgerror.FeatureNotSupported, "input of anonymous composite types is not implemented")
	case KindBool:
		return parseBool(s)
	case KindInt2, KindInt4, KindInt8:
		return parseInt(s, t.Kind)
	case KindFloat4:
		return parseFloat(s, 32, "real")
	case KindFloat8:
		return parseFloat(s, 64, "double precision")
	case KindNumeric:
		return parseNumeric(s, t.Typmod)
	case KindText, KindVarchar, KindBpchar, KindName, KindCstring:
		if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
			return nil, invalidUTF8([]byte(s))
		}
		return fitString(s, t, false)
	case KindOID:
		return parseOID(s)
	case KindRegtype:
		return parseRegtype(s)
	case KindRegclass, KindRegnamespace, KindRegrole, KindRegproc, KindRegprocedure, KindRegoper, KindRegoperator:
		return parseReg(t, s)
	case KindVector:
		v, err := ParseVector(s, t.Typmod)
		if err != nil {
			return nil, err
		}
		return v, nil
	case KindHalfvec:
		v, err := ParseHalfvec(s, t.Typmod)
		if err != nil {
			return nil, err
		}
		return v, nil
	case KindSparsevec:
		v, err := ParseSparsevec(s, t.Typmod)
		if err != nil {
			return nil, err
		}
		return v, nil
	case KindBit, KindVarbit:
		b, err := ParseBits(s, t)
		if err != nil {
			return nil, err
		}
		return b, nil
	case KindVoid:
		return nil, nil
	case KindInt2Vector, KindOIDVector:
		return parseCatalogVector(s, t.Kind)
	case KindJSON:
		return ParseJSON(s)
	}
	if IsArray(t.Kind) {
		return parseArray(s, t, st)
	}
	if isDriverKind(t.Kind) {
		return parseDriverText(t, s, st)
	}
	return nil, pgerror.NotSupported("input of type " + t.Name())
}

// AppendText appends the output-function text of d (non-nil) to buf.
func AppendText(buf []byte, t Type, d any) []byte { return AppendTextStyle(buf, t, d, nil) }

// AppendTextStyle is AppendText in a session's Style: a timestamptz
// prints in its TimeZone, an interval in its IntervalStyle, floats and
// bytea in its extra_float_digits and bytea_output, arrays and records
// with their elements so.
func AppendTextStyle(buf []byte, t Type, d any, st *Style) []byte {
	if out, ok := appendOutputStyle(buf, t, d, st); ok {
		return out
	}
	switch t.Kind {
	case KindBool:
		if b, _ := d.(bool); b {
			return append(buf, 't')
		}
		return append(buf, 'f')
	case KindInt2, KindInt4, KindInt8, KindOID:
		if i, ok := asInt(d); ok {
			return strconv.AppendInt(buf, i, 10)
		}
	case KindFloat4:
		if f, ok := asFloat(d); ok {
			return AppendFloat4(buf, float32(f))
		}
	case KindFloat8:
		if f, ok := asFloat(d); ok {
			return AppendFloat8(buf, f)
		}
	case KindNumeric:
		if n, ok := AsNumeric(d); ok {
			return AppendNumericText(buf, n)
		}
	case KindRegtype:
		if r, ok := d.(Reg); ok && r.Name != "" { // a row type, named by the planner
			return append(buf, r.Name...)
		}
		if i, ok := asInt(d); ok {
			return appendRegtype(buf, OID(i))
		}
	case KindRegclass, KindRegnamespace, KindRegrole, KindRegproc, KindRegprocedure, KindRegoper, KindRegoperator:
		return appendReg(buf, d)
	case KindVector:
		if v, ok := d.(Vector); ok {
			return AppendVector(buf, v)
		}
	case KindHalfvec:
		if v, ok := d.(HalfVec); ok {
			return AppendHalfvec(buf, v)
		}
	case KindSparsevec:
		if v, ok := d.(SparseVec); ok {
			return AppendSparsevec(buf, v)
		}
	case KindBit, KindVarbit:
		if b, ok := d.(Bits); ok {
			return AppendBits(buf, b)
		}
	case KindVoid:
		return buf
	case KindInt2Vector, KindOIDVector:
		return appendCatalogVector(buf, d)
	case KindRecord:
		if r, ok := d.(Record); ok {
			return appendRecordText(buf, r, st)
		}
	}
	if IsArray(t.Kind) {
		return appendArrayText(buf, t, d, st)
	}
	if isDriverKind(t.Kind) {
		if out := appendDriverText(buf, t, d, st); out != nil {
			return out
		}
	}
	if s, ok := d.(string); ok {
		return append(buf, s...)
	}
	return fmt.Append(buf, d)
}

// asInt reads an integer datum (int64, or another Go integer type).
func asInt(d any) (int64, bool) {
	switch x := d.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case int32:
		return int64(x), true
	case int16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case Reg:
		return x.OID, true
	}
	return 0, false
}

// asFloat reads a floating-point datum (float64, float32 or an integer).
func asFloat(d any) (float64, bool) {
	switch x := d.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	}
	i, ok := asInt(d)
	return float64(i), ok
}

func syntaxError(typeName, s string) *pgerror.Error {
	return pgerror.Errorf(pgerror.InvalidTextRepresentation, "invalid input syntax for type %s: \"%s\"", typeName, s)
}

// parseBool is PostgreSQL's boolin: trimmed, case-insensitive, any unique
// prefix of true/yes/false/no, "on"/"off" (at least "of"), "1"/"0".
func parseBool(s string) (any, error) {
	t := strings.ToLower(trimCSpace(s))
	switch {
	case t == "":
	case strings.HasPrefix("true", t), strings.HasPrefix("yes", t), t == "on", t == "1":
		return true, nil
	case strings.HasPrefix("false", t), strings.HasPrefix("no", t), len(t) >= 2 && strings.HasPrefix("off", t), t == "0":
		return false, nil
	}
	return nil, syntaxError("boolean", s)
}

// intRange gives the bounds of an integer kind.
func intRange(k Kind) (lo, hi int64) {
	switch k {
	case KindInt2:
		return math.MinInt16, math.MaxInt16
	case KindInt4:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

// parseInt is PostgreSQL 15's int2in/int4in/int8in: optional whitespace, an
// optional sign, decimal digits, optional whitespace.
func parseInt(s string, k Kind) (any, error) {
	name := kinds[k].name
	t := trimCSpace(s)
	digits := strings.TrimLeft(t, "+-")
	if len(t)-len(digits) > 1 || digits == "" || strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return nil, syntaxError(name, s)
	}
	v, err := strconv.ParseInt(t, 10, 64)
	lo, hi := intRange(k)
	if err != nil || v < lo || v > hi {
		return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "value \"%s\" is out of range for type %s", s, name)
	}
	return v, nil
}

// parseFloat is PostgreSQL's float4in (bitSize 32) or float8in: strtof or
// strtod between optional whitespace. Overflow and underflow to zero are
// 22003 `"1e39" is out of range for type real`. A float4 is returned as the
// float64 of its float32. A plain decimal goes by the fast path
// (fastDecimal) when it can decide.
func parseFloat(s string, bitSize int, name string) (any, error) {
	t := trimCSpace(s)
	if f, ok := parseFastFloat(t, bitSize); ok {
		return f, nil
	}
	return parseFloatSlow(s, t, bitSize, name)
}

// parseFastFloat reads the whole of t as a plain decimal by the fast path
// (float32 or float64 as bitSize says); ok false when it cannot decide.
func parseFastFloat(t string, bitSize int) (float64, bool) {
	d, ok := scanFastDecimal(t, 0)
	if !ok || d.end != len(t) {
		return 0, false
	}
	if bitSize == 32 {
		f, ok := d.float32()
		return float64(f), ok
	}
	return d.float64()
}

// parseFloatSlow is parseFloat by strtod's full grammar on t, s trimmed.
func parseFloatSlow(s, t string, bitSize int, name string) (any, error) {
	n := scanFloat(t)
	if n == 0 || n != len(t) {
		return nil, syntaxError(name, s)
	}
	v, res := convertFloat(t, bitSize)
	if res != convOK {
		return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type %s", s, name)
	}
	return v, nil
}

// parseNumeric is numeric_in: ParseNumeric, then the typmod of numeric(p,s).
func parseNumeric(s string, typmod int32) (any, error) {
	n, err := ParseNumeric(s)
	if err != nil {
		return nil, err
	}
	if n, err = ApplyNumericTypmod(n, typmod); err != nil {
		return nil, err
	}
	return n, nil
}

// parseOID is oidin: a decimal in -2147483648..4294967295, negative values
// wrapping to uint32 as strtoul does.
func parseOID(s string) (any, error) {
	t := trimCSpace(s)
	digits := strings.TrimLeft(t, "+-")
	if len(t)-len(digits) > 1 || digits == "" || strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return nil, syntaxError("oid", s)
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil || v < math.MinInt32 || v > math.MaxUint32 {
		return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "value \"%s\" is out of range for type oid", s)
	}
	return int64(uint32(v)), nil
}

// parseRegtype is regtypein: a numeric OID, or a type name (case-folded
// unless double-quoted, optional "pg_catalog." prefix, modifiers and "[]"
// accepted) resolved to its OID.
func parseRegtype(s string) (any, error) {
	t := trimCSpace(s)
	if t != "" && strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return parseOID(t)
	}
	name := t
	if strings.HasPrefix(name, `"`) && strings.HasSuffix(name, `"`) && len(name) >= 2 {
		name = name[1 : len(name)-1]
	} else {
		name = strings.ToLower(name)
	}
	name = strings.TrimPrefix(name, "pg_catalog.")
	array := strings.HasSuffix(name, "[]")
	name = strings.TrimSuffix(name, "[]")
	if i := strings.IndexByte(name, '('); i > 0 && strings.HasSuffix(name, ")") {
		name = strings.TrimSpace(name[:i])
	}
	if array {
		name += "[]"
	}
	for oid, n := range oidNames {
		if n == name {
			return int64(oid), nil
		}
	}
	typ, err := LookupType(name, nil)
	if err != nil {
		return nil, pgerror.Errorf(pgerror.UndefinedObject, "type \"%s\" does not exist", t)
	}
	return int64(typ.OID()), nil
}

// appendRegtype is regtypeout: the type's name, or the OID when unknown.
func appendRegtype(buf []byte, oid OID) []byte {
	if n := typeNameByOID(oid); n != "" {
		return append(buf, n...)
	}
	return strconv.AppendUint(buf, uint64(oid), 10)
}

// fitString applies a varchar(n) or character(n) typmod as the types' input
// functions do: excess characters are an error (22001) unless they are all
// spaces, or explicit is set (an explicit cast truncates); character(n) pads
// with spaces to n characters. name truncates to NameMaxBytes bytes.
func fitString(s string, t Type, explicit bool) (string, error) {
	if t.Kind == KindName {
		return TruncateName(s), nil
	}
	if t.Typmod == NoTypmod || t.Typmod < 1 {
		return s, nil
	}
	n := int(t.Typmod)
	count := utf8.RuneCountInString(s)
	if count > n {
		cut := runeOffset(s, n)
		if !explicit && strings.Trim(s[cut:], " ") != "" {
			return "", pgerror.Errorf(pgerror.StringDataRightTruncation, "value too long for type %s", t.Name())
		}
		return s[:cut], nil
	}
	if t.Kind == KindBpchar && count < n {
		return s + strings.Repeat(" ", n-count), nil
	}
	return s, nil
}

// runeOffset returns the byte offset of the n-th character of s.
func runeOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}
