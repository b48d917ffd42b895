package types

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Array text format (PostgreSQL array_in / array_out, docs 8.15.6) for the
// one-dimensional float4[], float8[], int4[] and numeric[] vecgres accepts
// as parameters and builds from ARRAY[...]: '{' elements '}', elements separated by ',', optionally
// double-quoted with backslash escapes, whitespace around them ignored.

func malformedArray(s, detail string) *pgerror.Error {
	e := pgerror.Errorf(pgerror.InvalidTextRepresentation, "malformed array literal: \"%s\"", s)
	if detail != "" {
		e = e.WithDetail(detail)
	}
	return e
}

// errArrayNulls is pgvector's error for NULL elements; vecgres arrays cannot
// hold NULL, and their only use is the cast to vector.
func errArrayNulls() *pgerror.Error {
	return pgerror.New(pgerror.NullValueNotAllowed, "array must not contain nulls")
}

// elementKind is the kind of an array kind's elements.
func elementKind(k Kind) Kind {
	switch k {
	case KindFloat4Array:
		return KindFloat4
	case KindFloat8Array:
		return KindFloat8
	case KindNumericArray:
		return KindNumeric
	}
	return KindInt4
}

// parseArray reads a one-dimensional array literal of kind k: []float64 for
// float and numeric arrays (numeric held as float64), []int64 for int4[].
func parseArray(s string, k Kind) (any, error) {
	elems, err := splitArray(s)
	if err != nil {
		return nil, err
	}
	ek := Type{elementKind(k), NoTypmod}
	var fs []float64
	var is []int64
	for _, e := range elems {
		if e.null {
			return nil, errArrayNulls()
		}
		d, err := ParseText(ek, e.text)
		if err != nil {
			return nil, err
		}
		switch x := d.(type) {
		case float64:
			fs = append(fs, x)
		case int64:
			is = append(is, x)
		}
	}
	if k == KindInt4Array {
		return nonNil(is), nil
	}
	return nonNil(fs), nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

type arrayElem struct {
	text string
	null bool
}

// splitArray splits a one-dimensional array literal into its elements.
func splitArray(s string) ([]arrayElem, error) {
	t := trimCSpace(s)
	if !strings.HasPrefix(t, "{") {
		return nil, malformedArray(s, `Array value must start with "{" or dimension information.`)
	}
	p := skipCSpace(t, 1)
	if p < len(t) && t[p] == '}' {
		if p+1 != len(t) {
			return nil, malformedArray(s, "Junk after closing right brace.")
		}
		return nil, nil
	}
	var elems []arrayElem
	for {
		p = skipCSpace(t, p)
		if p < len(t) && t[p] == '{' {
			return nil, pgerror.NotSupported("multidimensional arrays")
		}
		e, next, err := readArrayElem(t, p)
		if err != nil {
			return nil, malformedArray(s, err.Error())
		}
		elems = append(elems, e)
		p = skipCSpace(t, next)
		if p < len(t) && t[p] == ',' {
			p++
			continue
		}
		if p < len(t) && t[p] == '}' {
			if p+1 != len(t) {
				return nil, malformedArray(s, "Junk after closing right brace.")
			}
			return elems, nil
		}
		return nil, malformedArray(s, "Unexpected end of input.")
	}
}

type arrayDetail string

func (d arrayDetail) Error() string { return string(d) }

// readArrayElem reads one element starting at p: a quoted string or the
// unquoted text up to ',' or '}' with surrounding whitespace removed.
func readArrayElem(t string, p int) (arrayElem, int, error) {
	if p < len(t) && t[p] == '"' {
		var b strings.Builder
		for i := p + 1; i < len(t); i++ {
			switch c := t[i]; c {
			case '\\':
				if i+1 < len(t) {
					i++
					b.WriteByte(t[i])
				}
			case '"':
				return arrayElem{text: b.String()}, i + 1, nil
			default:
				b.WriteByte(c)
			}
		}
		return arrayElem{}, 0, arrayDetail("Unexpected end of input.")
	}
	end := p
	for end < len(t) && t[end] != ',' && t[end] != '}' && t[end] != '"' && t[end] != '{' {
		end++
	}
	text := trimCSpace(t[p:end])
	if text == "" {
		if end < len(t) {
			return arrayElem{}, 0, arrayDetail("Unexpected \"" + string(t[end]) + "\" character.")
		}
		return arrayElem{}, 0, arrayDetail("Unexpected end of input.")
	}
	return arrayElem{text: text, null: strings.EqualFold(text, "null")}, end, nil
}

// appendArrayText is array_out for a one-dimensional array: "{1,2.5,3}".
func appendArrayText(buf []byte, k Kind, d any) []byte {
	ek := Type{elementKind(k), NoTypmod}
	buf = append(buf, '{')
	switch x := d.(type) {
	case []float64:
		for i, f := range x {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = AppendText(buf, ek, f)
		}
	case []int64:
		for i, n := range x {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = AppendText(buf, ek, n)
		}
	case Vector:
		for i, f := range x {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = AppendFloat4(buf, f)
		}
	}
	return append(buf, '}')
}
