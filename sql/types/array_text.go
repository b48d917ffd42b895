package types

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Array text format (PostgreSQL 15 array_in / array_out, docs 8.15.6), one
// dimension: '{' elements '}' separated by ','. An element is either
// double-quoted (backslash escapes any character) or unquoted text whose
// leading and trailing whitespace is dropped and in which a backslash
// escapes the next character; an unquoted NULL (any case, no escapes) is a
// NULL element. The whole literal is checked before any element is read,
// so a syntax error wins over an element's input error, as in array_in.
// Dimension decorations ("[1:2]={...}") and nested braces are refused
// (0A000).

func malformedArray(s, detail string) *pgerror.Error {
	e := pgerror.Errorf(pgerror.InvalidTextRepresentation, "malformed array literal: \"%s\"", s)
	if detail != "" {
		e = e.WithDetail(detail)
	}
	return e
}

// errArrayNulls is pgvector's error for NULL elements in an array cast to
// vector.
func errArrayNulls() *pgerror.Error {
	return pgerror.New(pgerror.NullValueNotAllowed, "array must not contain nulls")
}

// parseArray is array_in for array type t: an Array of the element type's
// values (elements typed with t's typmod). Errors: 22P02 malformed array
// literal with array_in's detail, 0A000 for more than one dimension, then
// the element input function's error.
func parseArray(s string, t Type, st *Style) (any, error) {
	elems, err := splitArray(s)
	if err != nil {
		return nil, err
	}
	et, _ := ElemType(t)
	out := make(Array, len(elems))
	for i, e := range elems {
		if e.null {
			continue
		}
		d, err := ParseTextStyle(et, e.text, st)
		if err != nil {
			return nil, err
		}
		out[i] = d
	}
	return out, nil
}

type arrayElem struct {
	text string
	null bool
}

// arrayState is where the scanner is, as array_in's ArrayCount states.
type arrayState uint8

const (
	stLevelStarted  arrayState = iota // after '{'
	stElemStarted                     // inside an unquoted element
	stQuotedStarted                   // inside a quoted element
	stQuotedDone                      // after a quoted element's closing quote
	stElemDelimited                   // after ','
)

// isArraySpace is array_isspace: the C locale's isspace.
func isArraySpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// splitArray splits a one-dimensional array literal into its elements.
func splitArray(s string) ([]arrayElem, error) {
	p := 0
	for p < len(s) && isArraySpace(s[p]) {
		p++
	}
	if p < len(s) && s[p] == '[' {
		return nil, pgerror.NotSupported("array dimension decorations")
	}
	if p == len(s) || s[p] != '{' {
		return nil, malformedArray(s, `Array value must start with "{" or dimension information.`)
	}
	elems, end, err := scanElems(s, p+1)
	if err != nil {
		return nil, err
	}
	for _, c := range []byte(s[end:]) {
		if !isArraySpace(c) {
			return nil, malformedArray(s, "Junk after closing right brace.")
		}
	}
	return elems, nil
}

// elemBuilder accumulates one element: its bytes, the length up to its
// last escaped or quoted byte (trailing whitespace after it is dropped),
// and whether any quoting was seen (then it is never NULL).
type elemBuilder struct {
	b      []byte
	keep   int
	quoted bool
}

func (e *elemBuilder) add(c byte, literal bool) {
	if !literal && len(e.b) == 0 && isArraySpace(c) {
		return // leading whitespace
	}
	e.b = append(e.b, c)
	if literal || !isArraySpace(c) {
		e.keep = len(e.b)
	}
}

func (e *elemBuilder) finish() arrayElem {
	t := string(e.b[:e.keep])
	*e = elemBuilder{}
	return arrayElem{text: t}
}

// scanElems reads the elements after the opening brace at p and returns
// them with the offset just past the closing brace.
func scanElems(s string, p int) ([]arrayElem, int, error) {
	var (
		elems []arrayElem
		cur   elemBuilder
		st    = stLevelStarted
	)
	unexpected := func(c byte) error { return malformedArray(s, "Unexpected \""+string(c)+"\" character.") }
	for ; p < len(s); p++ {
		c := s[p]
		if st == stQuotedStarted {
			switch c {
			case '\\':
				if p+1 == len(s) {
					return nil, 0, malformedArray(s, "Unexpected end of input.")
				}
				p++
				cur.add(s[p], true)
			case '"':
				st = stQuotedDone
			default:
				cur.add(c, true)
			}
			continue
		}
		switch {
		case c == '\\':
			if st == stQuotedDone {
				return nil, 0, unexpected(c)
			}
			if p+1 == len(s) {
				return nil, 0, malformedArray(s, "Unexpected end of input.")
			}
			p++
			cur.add(s[p], true)
			cur.quoted = true
			st = stElemStarted
		case c == '"':
			if st != stLevelStarted && st != stElemDelimited {
				return nil, 0, malformedArray(s, "Unexpected array element.")
			}
			cur.quoted = true
			st = stQuotedStarted
		case c == '{':
			if st == stLevelStarted {
				return nil, 0, pgerror.NotSupported("multidimensional arrays")
			}
			return nil, 0, unexpected(c)
		case c == '}':
			if st == stElemDelimited || (st == stLevelStarted && len(elems) > 0) {
				return nil, 0, unexpected(c)
			}
			if st != stLevelStarted {
				elems = append(elems, finishElem(&cur))
			}
			return elems, p + 1, nil
		case c == ',':
			if st != stElemStarted && st != stQuotedDone {
				return nil, 0, unexpected(c)
			}
			elems = append(elems, finishElem(&cur))
			st = stElemDelimited
		case isArraySpace(c):
			if st == stElemStarted {
				cur.add(c, false)
			}
		default:
			if st == stQuotedDone {
				return nil, 0, malformedArray(s, "Unexpected array element.")
			}
			cur.add(c, false)
			st = stElemStarted
		}
	}
	return nil, 0, malformedArray(s, "Unexpected end of input.")
}

// finishElem ends the current element; unquoted NULL is a NULL element.
func finishElem(cur *elemBuilder) arrayElem {
	quoted := cur.quoted
	e := cur.finish()
	if !quoted && strings.EqualFold(e.text, "null") {
		e.null = true
	}
	return e
}

// appendArrayText is array_out for a one-dimensional array: "{1,2.5,NULL}";
// an element is double-quoted (with '"' and '\' escaped) when it is empty,
// is NULL in any case, or holds '{', '}', ',', '"', '\' or whitespace.
func appendArrayText(buf []byte, t Type, d any, st *Style) []byte {
	if v, ok := d.(Vector); ok { // a vector cast to real[]
		d = vectorElems(v)
	}
	a, _ := asArray(d)
	et, _ := ElemType(t)
	buf = append(buf, '{')
	for i, e := range a {
		if i > 0 {
			buf = append(buf, ',')
		}
		if e == nil {
			buf = append(buf, "NULL"...)
			continue
		}
		buf = appendArrayElem(buf, AppendTextStyle(nil, et, e, st))
	}
	return append(buf, '}')
}

func appendArrayElem(buf, text []byte) []byte {
	if !needsQuotes(text) {
		return append(buf, text...)
	}
	buf = append(buf, '"')
	for _, c := range text {
		if c == '"' || c == '\\' {
			buf = append(buf, '\\')
		}
		buf = append(buf, c)
	}
	return append(buf, '"')
}

func needsQuotes(text []byte) bool {
	if len(text) == 0 || strings.EqualFold(string(text), "null") {
		return true
	}
	for _, c := range text {
		switch c {
		case '{', '}', ',', '"', '\\':
			return true
		}
		if isArraySpace(c) {
			return true
		}
	}
	return false
}

// vectorElems is a vector's elements as a real[] value.
func vectorElems(v Vector) Array {
	out := make(Array, len(v))
	for i, f := range v {
		out[i] = float64(f)
	}
	return out
}
