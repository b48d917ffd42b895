package types

import (
	"math"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Vector text format (pgvector vector_in / vector_out): '[' elements ']'
// with elements separated by ',', C whitespace allowed around brackets,
// elements and commas, each element read as strtof reads a float4.

func vectorSyntaxError(lit string) *pgerror.Error { return vecSyntaxError("vector", lit) }

// vecSyntaxError is 22P02 for type name ("vector" or "halfvec").
func vecSyntaxError(name, lit string) *pgerror.Error {
	return pgerror.Errorf(pgerror.InvalidTextRepresentation, "invalid input syntax for type %s: \"%s\"", name, lit)
}

// ParseVector runs pgvector's vector_in on s for a vector with typmod dims
// (NoTypmod for any size). Errors: 22P02 invalid input syntax (DETAIL for a
// missing "[" and for junk after "]"), 22000 for no elements, NaN, infinity
// and a dimension mismatch, 22003 for an element beyond float4, 54000 for
// more than 16000 elements. One pass over s, elements read as strtof
// reads them (readFastFloat32, else parseElement).
func ParseVector(s string, dims int32) (Vector, error) {
	v, err := parseVecText(s, "vector", dims, func(f float32, _ string) (float32, error) { return f, nil })
	return Vector(v), err
}

// parseVecText is the grammar vector_in and halfvec_in share: '[' elements
// ']' with C whitespace around brackets, elements and commas. Each element
// is read as a float4 (22003 "out of range for type <name>" beyond it,
// 22000 for NaN and infinity) and then given to conv with its token, which
// may refuse it; conv's error comes before any later syntax error, as in
// pgvector's one pass.
func parseVecText[E any](s, name string, dims int32, conv func(f float32, tok string) (E, error)) ([]E, error) {
	p := skipCSpace(s, 0)
	if p >= len(s) || s[p] != '[' {
		return nil, vecSyntaxError(name, s).WithDetail(`Vector contents must start with "[".`)
	}
	p = skipCSpace(s, p+1)
	if p < len(s) && s[p] == ']' {
		return nil, errNoDims(name)
	}
	v := make([]E, 0, min(strings.Count(s[p:], ",")+1, VectorMaxDim))
	for {
		if len(v) == VectorMaxDim {
			return nil, errTooManyDims(name)
		}
		p = skipCSpace(s, p)
		f, end, ok := readFastFloat32(s, p)
		n := end - p
		if !ok {
			var err error
			if f, n, err = parseElement(s, p, name); err != nil {
				return nil, err
			}
		}
		e, err := conv(f, s[p:p+n])
		if err != nil {
			return nil, err
		}
		v = append(v, e)
		if p += n; p < len(s) && s[p] == ',' { // the common "1,2" without spaces
			p++
			continue
		}
		p = skipCSpace(s, p)
		if p < len(s) && s[p] == ',' {
			p++
			continue
		}
		if p < len(s) && s[p] == ']' {
			p++
			break
		}
		return nil, vecSyntaxError(name, s)
	}
	if p = skipCSpace(s, p); p < len(s) {
		return nil, vecSyntaxError(name, s).WithDetail("Junk after closing right brace.")
	}
	if err := checkExpectedDims(dims, len(v)); err != nil {
		return nil, err
	}
	return v, nil
}

// parseElement reads the element of the literal s (of type name) at p as
// strtof does, returning its value and length, by scanFloat and
// convertFloat: what the fast path (readFastFloat32, which parseVecText
// tries first) leaves, such as hexadecimal, inf, nan, long or extreme
// numbers. Errors: 22P02 when no number starts at p, 22003 beyond float4,
// 22000 for NaN and infinity.
func parseElement(s string, p int, name string) (float32, int, error) {
	n := scanFloat(s[p:])
	if n == 0 {
		return 0, 0, vecSyntaxError(name, s)
	}
	tok := s[p : p+n]
	f, res := convertFloat(tok, 32)
	if res == convOverflow {
		return 0, 0, errRange(name, tok)
	}
	if err := checkElementOf(name, float32(f)); err != nil {
		return 0, 0, err
	}
	return float32(f), n, nil
}

// errRange is 22003 `"tok" is out of range for type name`.
func errRange(name, tok string) *pgerror.Error {
	return pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type %s", tok, name)
}

// skipCSpace returns the index of the first byte at or after p that is
// not C whitespace.
func skipCSpace(s string, p int) int {
	for p < len(s) && s[p] <= ' ' && isCSpace(s[p]) {
		p++
	}
	return p
}

// AppendVector appends pgvector's text form of v: "[1,2.5,-3]", each element
// as FormatFloat4 prints it.
func AppendVector(buf []byte, v Vector) []byte {
	buf = append(buf, '[')
	for i, f := range v {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = AppendFloat4(buf, f)
	}
	return append(buf, ']')
}

func errNoDimensions() *pgerror.Error { return errNoDims("vector") }

func errTooManyDimensions() *pgerror.Error { return errTooManyDims("vector") }

func errNoDims(name string) *pgerror.Error {
	return pgerror.Errorf(pgerror.DataException, "%s must have at least 1 dimension", name)
}

func errTooManyDims(name string) *pgerror.Error {
	return pgerror.Errorf(pgerror.ProgramLimitExceeded, "%s cannot have more than %d dimensions", name, VectorMaxDim)
}

// checkDimCountOf is pgvector's CheckDim (1..16000 elements) for type
// name ("vector" or "halfvec").
func checkDimCountOf(name string, n int) error {
	if n < 1 {
		return errNoDims(name)
	}
	if n > VectorMaxDim {
		return errTooManyDims(name)
	}
	return nil
}

// checkElement is pgvector's CheckElement: no NaN, no infinity.
func checkElement(f float32) error { return checkElementOf("vector", f) }

// checkElementOf is CheckElement for type name.
func checkElementOf(name string, f float32) error {
	if f != f {
		return pgerror.Errorf(pgerror.DataException, "NaN not allowed in %s", name)
	}
	if math.IsInf(float64(f), 0) {
		return pgerror.Errorf(pgerror.DataException, "infinite value not allowed in %s", name)
	}
	return nil
}

// checkExpectedDims is pgvector's CheckExpectedDim.
func checkExpectedDims(typmod int32, n int) error {
	if typmod != NoTypmod && int(typmod) != n {
		return pgerror.Errorf(pgerror.DataException, "expected %d dimensions, not %d", typmod, n)
	}
	return nil
}

// CheckDims returns pgvector's 22000 "expected %d dimensions, not %d" when v
// does not fit t's typmod; nil when t has no typmod or is not a vector.
func CheckDims(t Type, v Vector) error {
	if t.Kind != KindVector {
		return nil
	}
	return checkExpectedDims(t.Typmod, len(v))
}

// CheckValueDims is CheckDims for a vector or a halfvec value d of type t
// (nil for any other value).
func CheckValueDims(t Type, d any) error {
	switch v := d.(type) {
	case Vector:
		return CheckDims(t, v)
	case HalfVec:
		if t.Kind == KindHalfvec {
			return checkExpectedDims(t.Typmod, len(v))
		}
	}
	return nil
}
