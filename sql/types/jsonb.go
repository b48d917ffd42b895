package types

import (
	"cmp"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// JSONKind is the kind of a JSON value, in PostgreSQL's jsonb sort order
// (jbvNull < jbvString < jbvNumeric < jbvBool < jbvArray < jbvObject).
type JSONKind uint8

// The JSON value kinds.
const (
	JSONNull JSONKind = iota
	JSONString
	JSONNumber
	JSONBool
	JSONArray
	JSONObject
)

// JSONB is the value of a jsonb: a parsed JSON document as PostgreSQL's
// jsonb stores it (docs 8.14): object keys unique (the last duplicate
// wins) and sorted by length then bytes, numbers held as numeric's
// canonical text ("1.50", "1000" for 1e3), strings unescaped.
type JSONB struct {
	Kind  JSONKind
	Str   string  // JSONString: the string; JSONNumber: numeric text
	Bool  bool    // JSONBool
	Elems []JSONB // JSONArray: elements; JSONObject: values, parallel to Keys
	Keys  []string
}

// maxJSONDepth bounds nesting (PostgreSQL's bound is its stack depth).
const maxJSONDepth = 6400

// ParseJSONB is jsonb_in: RFC 8259 JSON text with PostgreSQL's rules
// (\u0000 refused, numbers through numeric_in). Errors: 22P02 `invalid
// input syntax for type json` with a detail naming the token; 22P05
// `unsupported Unicode escape sequence`; 22003 `value overflows numeric
// format`; 54001 when nested deeper than 6400 levels.
func ParseJSONB(s string) (JSONB, error) {
	p := jsonParser{s: s}
	p.skipSpace()
	v, err := p.value(0)
	if err != nil {
		return JSONB{}, err
	}
	p.skipSpace()
	if p.i < len(s) {
		return JSONB{}, p.expected("end of input")
	}
	return v, nil
}

type jsonParser struct {
	s string
	i int
}

func (p *jsonParser) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func jsonSyntax(detail string) error {
	return pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json").WithDetail(detail)
}

// token returns the token at p.i as PostgreSQL reports it: a string of
// alphanumerics (or one other character).
func (p *jsonParser) token() string {
	j := p.i
	for j < len(p.s) && (isDigit(p.s[j]) || p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z' || p.s[j] >= 0x80 || p.s[j] == '_' || p.s[j] == '-' || p.s[j] == '+' || p.s[j] == '.') {
		j++
	}
	if j == p.i {
		_, n := utf8.DecodeRuneInString(p.s[p.i:])
		j += n
	}
	return p.s[p.i:j]
}

func (p *jsonParser) expected(what string) error {
	if p.i >= len(p.s) {
		return jsonSyntax("The input string ended unexpectedly.")
	}
	return jsonSyntax("Expected " + what + ", but found \"" + p.token() + "\".")
}

func (p *jsonParser) value(depth int) (JSONB, error) {
	if depth > maxJSONDepth {
		return JSONB{}, pgerror.New(pgerror.StatementTooComplex, "stack depth limit exceeded")
	}
	if p.i >= len(p.s) {
		return JSONB{}, jsonSyntax("The input string ended unexpectedly.")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, err := p.str()
		return JSONB{Kind: JSONString, Str: s}, err
	case c == '-' || isDigit(c):
		return p.number()
	}
	switch tok := p.token(); tok {
	case "true", "false":
		p.i += len(tok)
		return JSONB{Kind: JSONBool, Bool: tok == "true"}, nil
	case "null":
		p.i += len(tok)
		return JSONB{Kind: JSONNull}, nil
	case "}", "]", ",", ":":
		return JSONB{}, p.expected("JSON value")
	default:
		return JSONB{}, jsonSyntax("Token \"" + tok + "\" is invalid.")
	}
}

func (p *jsonParser) array(depth int) (JSONB, error) {
	p.i++
	v := JSONB{Kind: JSONArray, Elems: []JSONB{}}
	p.skipSpace()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		p.skipSpace()
		e, err := p.value(depth + 1)
		if err != nil {
			return JSONB{}, err
		}
		v.Elems = append(v.Elems, e)
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return v, nil
		}
		return JSONB{}, p.expected(`"," or "]"`)
	}
}

func (p *jsonParser) object(depth int) (JSONB, error) {
	p.i++
	var keys []string
	var vals []JSONB
	p.skipSpace()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return JSONB{Kind: JSONObject, Keys: []string{}, Elems: []JSONB{}}, nil
	}
	for {
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return JSONB{}, p.expected("string")
		}
		k, err := p.str()
		if err != nil {
			return JSONB{}, err
		}
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return JSONB{}, p.expected(`":"`)
		}
		p.i++
		p.skipSpace()
		e, err := p.value(depth + 1)
		if err != nil {
			return JSONB{}, err
		}
		keys, vals = append(keys, k), append(vals, e)
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return makeObject(keys, vals), nil
		}
		return JSONB{}, p.expected(`"," or "}"`)
	}
}

// compareKeys is jsonb's key order: shorter first, then bytewise.
func compareKeys(a, b string) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return cmp.Compare(a, b)
}

// makeObject sorts pairs into jsonb key order, keeping the last of
// duplicate keys (uniqueifyJsonbObject).
func makeObject(keys []string, vals []JSONB) JSONB {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return compareKeys(keys[a], keys[b]) })
	out := JSONB{Kind: JSONObject, Keys: make([]string, 0, len(keys)), Elems: make([]JSONB, 0, len(keys))}
	for n, i := range idx {
		if n+1 < len(idx) && keys[idx[n+1]] == keys[i] {
			continue
		}
		out.Keys = append(out.Keys, keys[i])
		out.Elems = append(out.Elems, vals[i])
	}
	return out
}

// str reads a JSON string at p.i (the opening quote).
func (p *jsonParser) str() (string, error) {
	p.i++
	var b []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b), nil
		case c < 0x20:
			return "", jsonSyntax("Character with value 0x" + strconv.FormatUint(uint64(c)|0x100, 16)[1:] + " must be escaped.")
		case c == '\\':
			var err error
			if b, err = p.escape(b); err != nil {
				return "", err
			}
		default:
			r, n := utf8.DecodeRuneInString(p.s[p.i:])
			if r == utf8.RuneError && n <= 1 {
				return "", invalidUTF8([]byte(p.s[p.i:]))
			}
			b = append(b, p.s[p.i:p.i+n]...)
			p.i += n
		}
	}
	return "", jsonSyntax("The input string ended unexpectedly.")
}

// escape decodes one backslash escape at p.i onto b.
func (p *jsonParser) escape(b []byte) ([]byte, error) {
	if p.i+1 >= len(p.s) {
		return nil, jsonSyntax("The input string ended unexpectedly.")
	}
	c := p.s[p.i+1]
	p.i += 2
	switch c {
	case '"', '\\', '/':
		return append(b, c), nil
	case 'b':
		return append(b, '\b'), nil
	case 'f':
		return append(b, '\f'), nil
	case 'n':
		return append(b, '\n'), nil
	case 'r':
		return append(b, '\r'), nil
	case 't':
		return append(b, '\t'), nil
	case 'u':
		return p.unicodeEscape(b)
	}
	_, n := utf8.DecodeRuneInString(p.s[p.i-1:])
	return nil, jsonSyntax("Escape sequence \"\\" + p.s[p.i-1:p.i-1+n] + "\" is invalid.")
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(p.s[p.i : p.i+4]) {
		v, ok := hexValue(c)
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	p.i += 4
	return r, true
}

// unicodeEscape decodes \uXXXX (p.i after the u), pairing surrogates.
func (p *jsonParser) unicodeEscape(b []byte) ([]byte, error) {
	r, ok := p.hex4()
	if !ok {
		return nil, jsonSyntax("\"\\u\" must be followed by four hexadecimal digits.")
	}
	switch {
	case r == 0:
		return nil, pgerror.New(pgerror.UntranslatableCharacter, "unsupported Unicode escape sequence").WithDetail("\\u0000 cannot be converted to text.")
	case utf16.IsSurrogate(r) && r < 0xdc00:
		if p.i+6 > len(p.s) || p.s[p.i] != '\\' || p.s[p.i+1] != 'u' {
			return nil, jsonSyntax("Unicode low surrogate must follow a high surrogate.")
		}
		p.i += 2
		lo, ok := p.hex4()
		if !ok || lo < 0xdc00 || lo > 0xdfff {
			return nil, jsonSyntax("Unicode low surrogate must follow a high surrogate.")
		}
		r = utf16.DecodeRune(r, lo)
	case utf16.IsSurrogate(r):
		return nil, jsonSyntax("Unicode low surrogate must follow a high surrogate.")
	}
	return utf8.AppendRune(b, r), nil
}
