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
	if d == nil || to.Kind == KindUnknown {
		return d, nil
	}
	if from.Kind == KindUnknown {
		if s, ok := d.(string); ok {
			return ParseText(to, s)
		}
		return nil, cannotCast(from, to)
	}
	if from.Kind == to.Kind && !isString(to.Kind) {
		return applyTypmod(d, to)
	}
	switch {
	case isString(to.Kind):
		return castToString(d, from, to, explicit)
	case isString(from.Kind):
		if !explicit {
			return nil, cannotCast(from, to)
		}
		s, _ := d.(string)
		return ParseText(to, s)
	case isNumber(from.Kind) && isNumber(to.Kind):
		return castNumber(d, from.Kind, to.Kind)
	}
	if v, ok, err := castDateTime(d, from, to); ok {
		return v, err
	}
	switch {
	case to.Kind == KindVector:
		return castToVector(d, from, to)
	case from.Kind == KindVector && to.Kind == KindFloat4Array:
		v, _ := d.(Vector)
		out := make([]float64, len(v))
		for i, f := range v {
			out[i] = float64(f)
		}
		return out, nil
	case isArray(from.Kind) && isArray(to.Kind):
		return castArray(d, from, to)
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

func isString(k Kind) bool { return k == KindText || k == KindVarchar || k == KindBpchar }

func isNumber(k Kind) bool {
	switch k {
	case KindInt2, KindInt4, KindInt8, KindFloat4, KindFloat8, KindNumeric:
		return true
	}
	return false
}

func isInt(k Kind) bool { return k == KindInt2 || k == KindInt4 || k == KindInt8 }

func isArray(k Kind) bool {
	return k == KindFloat4Array || k == KindFloat8Array || k == KindInt4Array || k == KindNumericArray
}

func isOIDLike(k Kind) bool { return k == KindOID || k == KindRegtype }

// applyTypmod coerces a value to its own kind with a typmod (vector(n)).
func applyTypmod(d any, to Type) (any, error) {
	if us, ok := d.(int64); ok && (to.Kind == KindTimestamp || to.Kind == KindTimestamptz) {
		return roundTimestamp(us, to.Typmod), nil
	}
	if v, ok := d.(Vector); ok {
		if err := CheckDims(to, v); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// castToString is the output function (or booltext, or a string-to-string
// coercion), then the target's length typmod. bpchar loses its trailing
// spaces on the way to text or varchar, as rtrim in bpchar's casts.
func castToString(d any, from, to Type, explicit bool) (any, error) {
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
		s = string(AppendText(nil, from, d))
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

// castNumber converts between int2/int4/int8/float4/float8/numeric as
// PostgreSQL's cast functions do: float to integer rounds half to even
// (rint), numeric to integer rounds half away from zero; results out of the
// target's range are 22003.
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
		return floatToInt(f, from, to)
	case KindFloat4:
		return toFloat4(f, from)
	}
	if to == KindNumeric && f == 0 {
		f = 0 // numeric has no negative zero
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

// floatToInt rounds f (rint for float4/float8, half away from zero for
// numeric) and checks the range of k; numeric NaN and infinity are 0A000.
func floatToInt(f float64, from, to Kind) (any, error) {
	name := kinds[to].name
	if from == KindNumeric {
		if math.IsNaN(f) {
			return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "cannot convert NaN to %s", name)
		}
		if math.IsInf(f, 0) {
			return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "cannot convert infinity to %s", name)
		}
		f = math.Round(f)
	} else {
		f = math.RoundToEven(f)
	}
	lo, hi := intRange(to)
	// Bounds as PostgreSQL's FLOAT8_FITS_IN_INT64: hi+1 is exact, hi is not.
	if math.IsNaN(f) || f < float64(lo) || f >= float64(hi)+1 {
		return nil, errIntOutOfRange(to)
	}
	return int64(f), nil
}

// toFloat4 narrows a float8 (dtof: overflow/underflow errors) or a numeric
// (through float4in: `"<value>" is out of range for type real`).
func toFloat4(f float64, from Kind) (any, error) {
	r := float32(f)
	overflow := math.IsInf(float64(r), 0) && !math.IsInf(f, 0)
	underflow := r == 0 && f != 0
	switch {
	case (overflow || underflow) && from == KindNumeric:
		return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type real", appendNumeric(nil, f))
	case overflow:
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
	case underflow:
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
	}
	return float64(r), nil
}

// castToVector is pgvector's array_to_vector (int4[], float4[], float8[],
// numeric[]): dims 1..16000, the typmod's dims, then every element finite
// (a float8 beyond float4 becomes infinity and is refused as such; a
// numeric goes through numeric_float4, whose range error comes first).
func castToVector(d any, from, to Type) (any, error) {
	var v Vector
	switch x := d.(type) {
	case []float64:
		if !isArray(from.Kind) {
			return nil, cannotCast(from, to)
		}
		v = make(Vector, len(x))
		for i, f := range x {
			v[i] = float32(f)
		}
	case []int64:
		if from.Kind != KindInt4Array {
			return nil, cannotCast(from, to)
		}
		v = make(Vector, len(x))
		for i, n := range x {
			v[i] = float32(n)
		}
	default:
		return nil, cannotCast(from, to)
	}
	if err := checkDimCount(len(v)); err != nil {
		return nil, err
	}
	if err := CheckDims(to, v); err != nil {
		return nil, err
	}
	for i, f := range v {
		if from.Kind == KindNumericArray {
			if _, err := toFloat4(d.([]float64)[i], KindNumeric); err != nil {
				return nil, err
			}
		}
		if err := checkElement(f); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// castArray converts element-wise between float4[], float8[], int4[] and
// numeric[].
func castArray(d any, from, to Type) (any, error) {
	fk, tk := elementKind(from.Kind), elementKind(to.Kind)
	var src []any
	switch x := d.(type) {
	case []float64:
		for _, f := range x {
			src = append(src, f)
		}
	case []int64:
		for _, n := range x {
			src = append(src, n)
		}
	}
	fs, is := []float64{}, []int64{}
	for _, e := range src {
		c, err := castNumber(e, fk, tk)
		if err != nil {
			return nil, err
		}
		switch y := c.(type) {
		case float64:
			fs = append(fs, y)
		case int64:
			is = append(is, y)
		}
	}
	if to.Kind == KindInt4Array {
		return is, nil
	}
	return fs, nil
}

// castOID converts among int2/int4/int8, oid and regtype: int8 to oid is
// range-checked ("OID out of range"), int4 reinterprets its bits, oid to
// int4 likewise; oid and regtype are the same number.
func castOID(d any, from, to Type) (any, error) {
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
