package types

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Array text format (PostgreSQL 15 array_in / array_out, docs 8.15.6):
// optional dimension decorations ("[lb:ub]" or "[ub]" per dimension, then
// '='), then nested '{' ... '}' levels whose items are separated by ','.
// An element is either double-quoted (backslash escapes any character) or
// unquoted text whose leading and trailing whitespace is dropped and in
// which a backslash escapes the next character; an unquoted NULL (any
// case, no escapes) is a NULL element. Every element sits at the same
// depth (the number of dimensions) and sibling sub-arrays have the same
// length. The whole literal is checked before any element is read, so a
// syntax error wins over an element's input error, as in array_in.

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

// parseArray is array_in for array type t: an Array (or a ShapedArray for
// several dimensions or other lower bounds) of the element type's values
// (elements typed with t's typmod). Errors: 22P02 malformed array literal
// with array_in's detail, 2202E upper bound below lower bound, 54000 too
// many dimensions or elements, then the element input function's error.
func parseArray(s string, t Type, st *Style) (any, error) {
	lit, err := splitArray(s)
	if err != nil {
		return nil, err
	}
	et, _ := ElemType(t)
	out := make(Array, len(lit.elems))
	for i, e := range lit.elems {
		if e.null {
			continue
		}
		d, err := ParseTextStyle(et, e.text, st)
		if err != nil {
			return nil, err
		}
		out[i] = d
	}
	if lit.dims == nil {
		return out, nil
	}
	return NewArray(lit.dims, lit.lbs, out), nil
}

type arrayElem struct {
	text string
	null bool
}

// arrayLiteral is a checked array literal: its shape (none for a plain
// one-dimensional or empty literal) and elements.
type arrayLiteral struct {
	dims, lbs []int32
	elems     []arrayElem
}

// arrayState is where the scanner is, as array_in's ArrayCount states.
type arrayState uint8

const (
	stLevelStarted   arrayState = iota // after '{'
	stElemStarted                      // inside an unquoted element
	stQuotedStarted                    // inside a quoted element
	stQuotedDone                       // after a quoted element's closing quote
	stElemDelimited                    // after ',' following an element
	stLevelDone                        // after a sub-array's '}'
	stLevelDelimited                   // after ',' following a sub-array
)

// isArraySpace is array_isspace: the C locale's isspace.
func isArraySpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// splitArray checks an array literal and splits it into its elements and
// shape: the decorations' bounds when given (which must match the
// braces), else lower bounds 1.
func splitArray(s string) (arrayLiteral, error) {
	dims, lbs, p, err := scanDecorations(s)
	if err != nil {
		return arrayLiteral{}, err
	}
	if p == len(s) || s[p] != '{' {
		detail := `Array value must start with "{" or dimension information.`
		if dims != nil {
			detail = `Array contents must start with "{".`
		}
		return arrayLiteral{}, malformedArray(s, detail)
	}
	sc := arrayScanner{s: s}
	end, err := sc.scan(p)
	if err != nil {
		return arrayLiteral{}, err
	}
	for _, c := range []byte(s[end:]) {
		if !isArraySpace(c) {
			return arrayLiteral{}, malformedArray(s, "Junk after closing right brace.")
		}
	}
	if dims == nil && sc.ndim <= 1 { // the common case: no shape to keep
		return arrayLiteral{elems: sc.elems}, nil
	}
	got := sc.shape()
	if dims == nil {
		lbs = make([]int32, len(got))
		for i := range lbs {
			lbs[i] = 1
		}
	} else if !equalDims(dims, got) {
		return arrayLiteral{}, malformedArray(s, "Specified array dimensions do not match array contents.")
	}
	if err := checkArrayShape(got, lbs); err != nil {
		return arrayLiteral{}, err
	}
	return arrayLiteral{dims: got, lbs: lbs, elems: sc.elems}, nil
}

func equalDims(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// scanDecorations reads the optional "[lb:ub]...=" prefix (whitespace
// allowed between, not within, its items) and returns the dimensions and
// lower bounds it gives (nil when there is none) and the offset of what
// follows, past the '=' and any whitespace.
func scanDecorations(s string) (dims, lbs []int32, p int, err error) {
	for {
		for p < len(s) && isArraySpace(s[p]) {
			p++
		}
		if p == len(s) || s[p] != '[' {
			break
		}
		p++
		if len(dims) == maxArrayDims {
			return nil, nil, 0, errArrayDims(len(dims) + 1)
		}
		lb, ub := int32(1), int32(0)
		q := skipBoundChars(s, p)
		if q == p {
			return nil, nil, 0, malformedArray(s, `"[" must introduce explicitly-specified array dimensions.`)
		}
		if q < len(s) && s[q] == ':' {
			lb = atoi32(s[p:q])
			p = q + 1
			if q = skipBoundChars(s, p); q == p {
				return nil, nil, 0, malformedArray(s, "Missing array dimension value.")
			}
		}
		if q == len(s) || s[q] != ']' {
			return nil, nil, 0, malformedArray(s, `Missing "]" after array dimensions.`)
		}
		ub, p = atoi32(s[p:q]), q+1
		if ub < lb {
			return nil, nil, 0, pgerror.New(pgerror.ArraySubscriptError, "upper bound cannot be less than lower bound")
		}
		dims, lbs = append(dims, int32(int64(ub)-int64(lb)+1)), append(lbs, lb)
	}
	if dims == nil {
		return nil, nil, p, nil
	}
	if p == len(s) || s[p] != '=' {
		return nil, nil, 0, malformedArray(s, `Missing "=" after array dimensions.`)
	}
	for p++; p < len(s) && isArraySpace(s[p]); p++ {
	}
	return dims, lbs, p, nil
}

// skipBoundChars skips the digits and signs of a dimension bound.
func skipBoundChars(s string, p int) int {
	for p < len(s) && (s[p] >= '0' && s[p] <= '9' || s[p] == '-' || s[p] == '+') {
		p++
	}
	return p
}

// atoi32 is C's atoi on a run of digits and signs: an optional sign, then
// digits up to the first other character (0 for none), wrapped to int32.
func atoi32(s string) int32 {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	var n int64
	for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int64(s[i]-'0')
		if n > 1<<40 {
			break
		}
	}
	if neg {
		n = -n
	}
	return int32(n)
}

func errArrayDims(n int) *pgerror.Error {
	return pgerror.Errorf(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (%d)", n, maxArrayDims)
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

// arrayScanner walks the braces of an array literal: the open levels'
// item counts, each level's length (from its first sub-array; 0 until
// known), the number of dimensions (the depth of the first element) and
// the elements.
type arrayScanner struct {
	s     string
	elems []arrayElem
	cur   elemBuilder
	st    arrayState
	depth int
	ndim  int
	count [maxArrayDims]int32
	dims  [maxArrayDims]int32
}

// shape is the dimensions of a scanned literal: none when it has no
// element.
func (a *arrayScanner) shape() []int32 {
	if len(a.elems) == 0 {
		return nil
	}
	return append([]int32(nil), a.dims[:a.ndim]...)
}

func (a *arrayScanner) malformed(detail string) error { return malformedArray(a.s, detail) }

func (a *arrayScanner) unexpected(c byte) error {
	return a.malformed("Unexpected \"" + string(c) + "\" character.")
}

// errMismatch is array_in's error for sub-arrays of different lengths or
// elements at different depths.
func (a *arrayScanner) errMismatch() error {
	return a.malformed("Multidimensional arrays must have sub-arrays with matching dimensions.")
}

// scan reads the levels from the opening brace at p and returns the
// offset just past the outermost closing brace.
func (a *arrayScanner) scan(p int) (int, error) {
	a.st = stLevelDelimited // a '{' may come
	for ; p < len(a.s); p++ {
		c := a.s[p]
		if a.st == stQuotedStarted {
			if err := a.quoted(&p, c); err != nil {
				return 0, err
			}
			continue
		}
		var err error
		switch {
		case c == '\\':
			err = a.escape(&p)
		case c == '"':
			if a.st != stLevelStarted && a.st != stElemDelimited {
				return 0, a.malformed("Unexpected array element.")
			}
			a.cur.quoted = true
			a.st = stQuotedStarted
		case c == '{':
			err = a.open()
		case c == '}':
			if err = a.close(); err == nil && a.depth == 0 {
				return p + 1, nil
			}
		case c == ',':
			err = a.delimit()
		case isArraySpace(c):
			if a.st == stElemStarted {
				a.cur.add(c, false)
			}
		default:
			if a.st != stLevelStarted && a.st != stElemStarted && a.st != stElemDelimited {
				return 0, a.malformed("Unexpected array element.")
			}
			a.cur.add(c, false)
			a.st = stElemStarted
		}
		if err != nil {
			return 0, err
		}
	}
	return 0, a.malformed("Unexpected end of input.")
}

// quoted reads character c at *p inside a quoted element.
func (a *arrayScanner) quoted(p *int, c byte) error {
	switch c {
	case '\\':
		if *p+1 == len(a.s) {
			return a.malformed("Unexpected end of input.")
		}
		*p++
		a.cur.add(a.s[*p], true)
	case '"':
		a.st = stQuotedDone
	default:
		a.cur.add(c, true)
	}
	return nil
}

// escape reads a backslash outside quotes and the character it escapes.
func (a *arrayScanner) escape(p *int) error {
	if a.st != stLevelStarted && a.st != stElemStarted && a.st != stElemDelimited {
		return a.unexpected('\\')
	}
	if *p+1 == len(a.s) {
		return a.malformed("Unexpected end of input.")
	}
	*p++
	a.cur.add(a.s[*p], true)
	a.cur.quoted = true
	a.st = stElemStarted
	return nil
}

// open starts a level: at the start, after '{' or after a sub-array's
// ','.
func (a *arrayScanner) open() error {
	if a.st != stLevelStarted && a.st != stLevelDelimited {
		return a.unexpected('{')
	}
	if a.depth == maxArrayDims {
		return errArrayDims(a.depth + 1)
	}
	if a.ndim > 0 && a.depth >= a.ndim {
		return a.errMismatch()
	}
	a.count[a.depth] = 0
	a.depth++
	a.st = stLevelStarted
	return nil
}

// close ends a level: after an element, a sub-array, or right after the
// outermost '{' (the empty array).
func (a *arrayScanner) close() error {
	switch a.st {
	case stElemStarted, stQuotedDone:
		if err := a.endElem(); err != nil {
			return err
		}
	case stLevelDone:
	case stLevelStarted:
		if a.depth != 1 {
			return a.unexpected('}')
		}
	default:
		return a.unexpected('}')
	}
	a.depth--
	n := a.count[a.depth]
	if d := a.dims[a.depth]; d != 0 && d != n {
		return a.errMismatch()
	}
	a.dims[a.depth] = n
	if a.depth > 0 {
		a.count[a.depth-1]++
	}
	a.st = stLevelDone
	return nil
}

// delimit reads ',' after an element or a sub-array.
func (a *arrayScanner) delimit() error {
	switch a.st {
	case stElemStarted, stQuotedDone:
		a.st = stElemDelimited
		return a.endElem()
	case stLevelDone:
		a.st = stLevelDelimited
		return nil
	}
	return a.unexpected(',')
}

// endElem ends the current element, which must be as deep as the first.
func (a *arrayScanner) endElem() error {
	if a.ndim == 0 {
		a.ndim = a.depth
	} else if a.depth != a.ndim {
		return a.errMismatch()
	}
	a.elems = append(a.elems, finishElem(&a.cur))
	a.count[a.depth-1]++
	return nil
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

// appendArrayText is array_out: "{1,2.5,NULL}", nested braces per
// dimension ("{{1,2},{3,4}}"), prefixed by the dimensions
// ("[0:1]={1,2}") when a lower bound is not 1; an element is
// double-quoted (with '"' and '\' escaped) when it is empty, is NULL in
// any case, or holds '{', '}', ',', '"', '\' or whitespace.
func appendArrayText(buf []byte, t Type, d any, st *Style) []byte {
	if v, ok := d.(Vector); ok { // a vector cast to real[]
		d = vectorElems(v)
	}
	et, _ := ElemType(t)
	if s, ok := d.(ShapedArray); ok {
		return appendShapedText(buf, et, s, st)
	}
	a, _ := asArray(d)
	return appendElemsText(buf, et, a, st)
}

// appendElemsText appends one level of elements: '{' e, ... '}'.
func appendElemsText(buf []byte, et Type, a Array, st *Style) []byte {
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

// appendShapedText is array_out of a ShapedArray: the decorations when a
// lower bound is not 1, then the levels.
func appendShapedText(buf []byte, et Type, s ShapedArray, st *Style) []byte {
	for _, lb := range s.Lbounds {
		if lb != 1 {
			buf = append(appendDims(buf, s.Dims, s.Lbounds), '=')
			break
		}
	}
	return appendLevelText(buf, et, s.Dims, s.Elems, st)
}

// appendLevelText appends the sub-arrays of dims over elems (row-major).
func appendLevelText(buf []byte, et Type, dims []int32, elems Array, st *Style) []byte {
	if len(dims) == 1 {
		return appendElemsText(buf, et, elems, st)
	}
	step := len(elems) / int(dims[0])
	buf = append(buf, '{')
	for i := range int(dims[0]) {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendLevelText(buf, et, dims[1:], elems[i*step:(i+1)*step], st)
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
