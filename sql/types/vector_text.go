package types

import (
	"math"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Vector text format (pgvector vector_in / vector_out): '[' elements ']'
// with elements separated by ',', C whitespace allowed around brackets,
// elements and commas, each element read as strtof reads a float4.

func vectorSyntaxError(lit string) *pgerror.Error {
	return pgerror.Errorf(pgerror.InvalidTextRepresentation, "invalid input syntax for type vector: \"%s\"", lit)
}

// ParseVector runs pgvector's vector_in on s for a vector with typmod dims
// (NoTypmod for any size). Errors: 22P02 invalid input syntax (DETAIL for a
// missing "[" and for junk after "]"), 22000 for no elements, NaN, infinity
// and a dimension mismatch, 22003 for an element beyond float4, 54000 for
// more than 16000 elements. One pass over s, elements read as strtof
// reads them (parseElement).
func ParseVector(s string, dims int32) (Vector, error) {
	p := skipCSpace(s, 0)
	if p >= len(s) || s[p] != '[' {
		return nil, vectorSyntaxError(s).WithDetail(`Vector contents must start with "[".`)
	}
	p = skipCSpace(s, p+1)
	if p < len(s) && s[p] == ']' {
		return nil, errNoDimensions()
	}
	v := make(Vector, 0, min(strings.Count(s[p:], ",")+1, VectorMaxDim))
	for {
		if len(v) == VectorMaxDim {
			return nil, errTooManyDimensions()
		}
		p = skipCSpace(s, p)
		f, n, err := parseElement(s, p)
		if err != nil {
			return nil, err
		}
		v = append(v, f)
		p = skipCSpace(s, p+n)
		if p < len(s) && s[p] == ',' {
			p++
			continue
		}
		if p < len(s) && s[p] == ']' {
			p++
			break
		}
		return nil, vectorSyntaxError(s)
	}
	if p = skipCSpace(s, p); p < len(s) {
		return nil, vectorSyntaxError(s).WithDetail("Junk after closing right brace.")
	}
	if err := checkExpectedDims(dims, len(v)); err != nil {
		return nil, err
	}
	return v, nil
}

// parseElement reads the element of the vector literal s at p as strtof
// does, returning its value and length: a plain decimal by
// scanPlainDecimal, anything else (hexadecimal, inf, nan) by scanFloat.
// Errors: 22P02 when no number starts at p, 22003 beyond float4, 22000
// for NaN and infinity.
func parseElement(s string, p int) (float32, int, error) {
	if d := scanPlainDecimal(s[p:]); d.n > 0 {
		tok := s[p : p+d.n]
		f, overflow := d.float32(tok)
		if overflow {
			return 0, 0, errVectorRange(tok)
		}
		return f, d.n, nil
	}
	n := scanFloat(s[p:])
	if n == 0 {
		return 0, 0, vectorSyntaxError(s)
	}
	tok := s[p : p+n]
	f, res := convertFloat(tok, 32)
	if res == convOverflow {
		return 0, 0, errVectorRange(tok)
	}
	if err := checkElement(float32(f)); err != nil {
		return 0, 0, err
	}
	return float32(f), n, nil
}

func errVectorRange(tok string) *pgerror.Error {
	return pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type vector", tok)
}

func skipCSpace(s string, p int) int {
	for p < len(s) && isCSpace(s[p]) {
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

func errNoDimensions() *pgerror.Error {
	return pgerror.New(pgerror.DataException, "vector must have at least 1 dimension")
}

func errTooManyDimensions() *pgerror.Error {
	return pgerror.Errorf(pgerror.ProgramLimitExceeded, "vector cannot have more than %d dimensions", VectorMaxDim)
}

// checkDimCount is pgvector's CheckDim: 1..16000 elements.
func checkDimCount(n int) error {
	if n < 1 {
		return errNoDimensions()
	}
	if n > VectorMaxDim {
		return errTooManyDimensions()
	}
	return nil
}

// checkElement is pgvector's CheckElement: no NaN, no infinity.
func checkElement(f float32) error {
	if f != f {
		return pgerror.New(pgerror.DataException, "NaN not allowed in vector")
	}
	if math.IsInf(float64(f), 0) {
		return pgerror.New(pgerror.DataException, "infinite value not allowed in vector")
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
