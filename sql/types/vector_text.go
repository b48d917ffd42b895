package types

import (
	"math"

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
// more than 16000 elements.
func ParseVector(s string, dims int32) (Vector, error) {
	p := skipCSpace(s, 0)
	if p >= len(s) || s[p] != '[' {
		return nil, vectorSyntaxError(s).WithDetail(`Vector contents must start with "[".`)
	}
	p = skipCSpace(s, p+1)
	if p < len(s) && s[p] == ']' {
		return nil, errNoDimensions()
	}
	var v Vector
	for {
		if len(v) == VectorMaxDim {
			return nil, errTooManyDimensions()
		}
		p = skipCSpace(s, p)
		n := scanFloat(s[p:])
		if n == 0 {
			return nil, vectorSyntaxError(s)
		}
		tok := s[p : p+n]
		f, res := convertFloat(tok, 32)
		if res == convOverflow {
			return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type vector", tok)
		}
		if err := checkElement(float32(f)); err != nil {
			return nil, err
		}
		v = append(v, float32(f))
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
