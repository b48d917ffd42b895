package types

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Cast converts d (non-nil) of type from to type to, as an explicit cast
// (::type) does in PostgreSQL when explicit is set; otherwise only the casts
// PostgreSQL (or pgvector) allows implicitly or in assignment: unknown
// literal to anything (input function), between numeric types (with range
// checks), between string types, int/oid/regtype, real[]/double
// precision[]/integer[]/numeric[] to vector (pgvector's casts, AS
// ASSIGNMENT), vector to real[], element-wise between those arrays, and
// typmod coercion.
// Explicit adds anything to and from strings (output and input functions;
// bool to text is "true"/"false") and bool <-> integer. Errors: 42846
// `cannot cast type x to y`, 22003 out of range, 22000 vector checks
// (dims for vector(n), NaN, infinity), 22001 too long for varchar(n) in
// assignment (an explicit cast truncates).
func Cast(d any, from, to Type, explicit bool) (any, error) {
	return CastStyle(d, from, to, explicit, nil)
}

// CastStyle is Cast in a session's Style: text to and from timestamptz
// and interval, and timestamptz to and from date and timestamp, read its
// TimeZone and IntervalStyle.
func CastStyle(d any, from, to Type, explicit bool, st *Style) (any, error) {
	if d == nil || to.Kind == KindUnknown {
		return d, nil
	}
	if from.Kind == KindUnknown {
		if s, ok := d.(string); ok {
			return ParseTextStyle(to, s, st)
		}
		return nil, cannotCast(from, to)
	}
	if v, ok, err := castBits(d, from, to, explicit); ok {
		return v, err
	}
	if v, ok, err := castSparse(d, from, to); ok {
		return v, err
	}
	if v, ok, err := castJSON(d, from, to); ok { // json.go
		return v, err
	}
	if from.Kind == to.Kind && IsArray(to.Kind) && to.Typmod != NoTypmod {
		return castArray(d, from, to, explicit, st) // the element typmod
	}
	if from.Kind == to.Kind && !isString(to.Kind) && to.Kind != KindInterval && to.Kind != KindTime {
		return applyTypmod(d, to)
	}
	switch {
	case isString(to.Kind):
		return castToString(d, from, to, explicit, st)
	case isString(from.Kind):
		if !explicit {
			return nil, cannotCast(from, to)
		}
		s, _ := d.(string)
		return ParseTextStyle(to, s, st)
	case isNumber(from.Kind) && isNumber(to.Kind):
		if from.Kind == KindNumeric || to.Kind == KindNumeric {
			return castNumeric(d, from.Kind, to)
		}
		return castNumber(d, from.Kind, to.Kind)
	}
	if v, ok, err := castInterval(d, from, to); ok { // time_of_day.go
		return v, err
	}
	if v, ok, err := castDateTime(d, from, to, st); ok {
		return v, err
	}
	switch {
	case to.Kind == KindVector && from.Kind == KindHalfvec:
		v, _ := d.(HalfVec)
		out := HalfvecFloats(v)
		return out, CheckDims(to, out)
	case to.Kind == KindHalfvec:
		return castToHalfvec(d, from, to)
	case from.Kind == KindHalfvec && to.Kind == KindFloat4Array:
		v, _ := d.(HalfVec)
		return halfvecElems(v), nil
	case to.Kind == KindVector:
		return castToVector(d, from, to)
	case from.Kind == KindVector && to.Kind == KindFloat4Array:
		v, _ := d.(Vector)
		return vectorElems(v), nil
	case IsCatalogVector(to.Kind): // only text input makes one
		return nil, cannotCast(from, to)
	case isArray(from.Kind) && isArray(to.Kind):
		return castArray(d, from, to, explicit, st)
	case isOIDLike(from.Kind) || isOIDLike(to.Kind):
		return castOID(d, from, to)
	case explicit && from.Kind == KindBool && to.Kind == KindInt4:
		if b, _ := d.(bool); b {
			return int64(1), nil
		}
		return int64(0), nil
	case explicit && from.Kind == KindInt4 && to.Kind == KindBool:
		i, _ := asInt(d)
		return i != 0, nil
	}
	return nil, cannotCast(from, to)
}

func cannotCast(from, to Type) error {
	return pgerror.Errorf(pgerror.CannotCoerce, "cannot cast type %s to %s", from.baseName(), to.baseName())
}

// isString reports whether k is one of PostgreSQL's string types (text,
// varchar, bpchar and name: typcategory 'S').
func isString(k Kind) bool {
	return k == KindText || k == KindVarchar || k == KindBpchar || k == KindName
}

func isNumber(k Kind) bool {
	switch k {
	case KindInt2, KindInt4, KindInt8, KindFloat4, KindFloat8, KindNumeric:
		return true
	}
	return false
}

func isInt(k Kind) bool { return k == KindInt2 || k == KindInt4 || k == KindInt8 }

func isArray(k Kind) bool { return IsArray(k) }

func isOIDLike(k Kind) bool { return k == KindOID || k == KindRegtype || IsReg(k) }

// applyTypmod coerces a value to its own kind with a typmod (vector(n)).
func applyTypmod(d any, to Type) (any, error) {
	if us, ok := d.(int64); ok && (to.Kind == KindTimestamp || to.Kind == KindTimestamptz) {
		return roundTimestamp(us, to.Typmod), nil
	}
	if err := CheckValueDims(to, d); err != nil {
		return nil, err
	}
	if to.Kind == KindNumeric {
		return castNumeric(d, KindNumeric, to)
	}
	return d, nil
}

// castToString is the output function (or booltext, or a string-to-string
// coercion), then the target's length typmod. bpchar loses its trailing
// spaces on the way to text or varchar, as rtrim in bpchar's casts.
func castToString(d any, from, to Type, explicit bool, st *Style) (any, error) {
	var s string
	switch {
	case isString(from.Kind):
		s, _ = d.(string)
		if from.Kind == KindBpchar && to.Kind != KindBpchar {
			s = trimTrailingSpaces(s)
		}
	case !explicit:
		return nil, cannotCast(from, to)
	case from.Kind == KindBool:
		s = "false"
		if b, _ := d.(bool); b {
			s = "true"
		}
	default:
		s = string(AppendTextStyle(nil, from, d, st.textCast()))
	}
	return fitString(s, to, explicit)
}

func trimTrailingSpaces(s string) string {
	i := len(s)
	for i > 0 && s[i-1] == ' ' {
		i--
	}
	return s[:i]
}

// castNumber converts between int2/int4/int8/float4/float8 as PostgreSQL's
// cast functions do: float to integer rounds half to even (rint); results
// out of the target's range are 22003. Casts to and from numeric are
// castNumeric (numeric_cast.go).
func castNumber(d any, from, to Kind) (any, error) {
	if isInt(from) {
		i, _ := asInt(d)
		switch {
		case isInt(to):
			return checkIntRange(i, to)
		case to == KindFloat4:
			return float64(float32(i)), nil
		}
		return float64(i), nil
	}
	f, _ := asFloat(d)
	switch to {
	case KindInt2, KindInt4, KindInt8:
		return floatToInt(f, to)
	case KindFloat4:
		return toFloat4(f)
	}
	return f, nil
}

func errIntOutOfRange(k Kind) error {
	return pgerror.Errorf(pgerror.NumericValueOutOfRange, "%s out of range", kinds[k].name)
}

func checkIntRange(i int64, k Kind) (any, error) {
	lo, hi := intRange(k)
	if i < lo || i > hi {
		return nil, errIntOutOfRange(k)
	}
	return i, nil
}

// floatToInt rounds f half to even (rint) and checks the range of to.
func floatToInt(f float64, to Kind) (any, error) {
	f = math.RoundToEven(f)
	lo, hi := intRange(to)
	// Bounds as PostgreSQL's FLOAT8_FITS_IN_INT64: hi+1 is exact, hi is not.
	if math.IsNaN(f) || f < float64(lo) || f >= float64(hi)+1 {
		return nil, errIntOutOfRange(to)
	}
	return int64(f), nil
}

// toFloat4 narrows a float8 (dtof: overflow/underflow errors).
func toFloat4(f float64) (any, error) {
	r := float32(f)
	overflow := math.IsInf(float64(r), 0) && !math.IsInf(f, 0)
	underflow := r == 0 && f != 0
	switch {
	case overflow:
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
	case underflow:
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
	}
	return float64(r), nil
}

// castOID converts among int2/int4/int8, oid, regtype and regclass: int8
// to oid is range-checked ("OID out of range"), int4 reinterprets its
// bits, oid to int4 likewise; oid, regtype and regclass are the same
// number (a regclass made here is a Reg without its name).
func castOID(d any, from, to Type) (any, error) {
	v, err := castOIDValue(d, from, to)
	if err == nil && IsReg(to.Kind) {
		if r, ok := d.(Reg); ok {
			return r, nil
		}
		return Reg{OID: v.(int64)}, nil // named by the planner's cast (funcs_regclass.go)
	}
	return v, err
}

// castOIDValue is castOID's integer: the OID, or the integer of to.
func castOIDValue(d any, from, to Type) (any, error) {
	i, _ := asInt(d)
	switch {
	case isOIDLike(from.Kind) && isOIDLike(to.Kind):
		return i, nil
	case isOIDLike(to.Kind) && from.Kind == KindInt8:
		if i < 0 || i > math.MaxUint32 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "OID out of range")
		}
		return i, nil
	case isOIDLike(to.Kind) && (from.Kind == KindInt4 || from.Kind == KindInt2):
		return int64(uint32(int32(i))), nil
	case isOIDLike(from.Kind) && to.Kind == KindInt8:
		return i, nil
	case isOIDLike(from.Kind) && to.Kind == KindInt4:
		return int64(int32(uint32(i))), nil
	}
	return nil, cannotCast(from, to)
}
