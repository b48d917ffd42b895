package types

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
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
	// Raw is a json (not jsonb) value's source text, as ParseJSON found
	// it (keys in input order, duplicates kept, numbers as written).
	Raw string
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
	return p.parse()
}

// parse reads the whole input as one JSON value; its syntax errors carry
// PostgreSQL's CONTEXT line (jsonContext).
func (p *jsonParser) parse() (JSONB, error) {
	p.skipSpace()
	v, err := p.value(0)
	if err == nil {
		p.skipSpace()
		if p.i < len(p.s) {
			err = p.expected("end of input")
		}
	}
	if err != nil {
		if pe, ok := err.(*pgerror.Error); ok && (pe.Code == pgerror.InvalidTextRepresentation || pe.Code == pgerror.UntranslatableCharacter) {
			return JSONB{}, pe.WithContext(jsonContext(p.s, p.errEnd))
		}
		return JSONB{}, err
	}
	return v, nil
}

// jsonParser reads JSON text. raw is json's mode (ParseJSONTree):
// numbers kept as written, objects in input order with duplicate keys,
// each value's Raw text set. errEnd is where the token of a syntax
// error ends, for the error's context.
type jsonParser struct {
	s   string
	i   int
	raw bool
	// lenient is json_in's check of escapes: \u0000 and unpaired
	// surrogates are taken (PostgreSQL refuses them only when it
	// de-escapes).
	lenient bool
	errEnd  int
	strAt   int // where the string being read starts
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

// expected is the error at p.i where what was wanted. PostgreSQL's
// lexer reads the token found there first, so a token that is itself
// invalid (a bad word, number or string) is reported as such.
func (p *jsonParser) expected(what string) error {
	if p.i >= len(p.s) {
		return p.ended()
	}
	end := p.i + 1
	switch c := p.s[p.i]; {
	case strings.IndexByte("{}[],:", c) >= 0:
	case c == '"' || c == '-' || isDigit(c):
		q := jsonParser{s: p.s, i: p.i, raw: true}
		var err error
		if c == '"' {
			_, err = q.str()
		} else {
			_, err = q.number()
		}
		if err != nil {
			p.errEnd = q.errEnd
			return err
		}
		end = q.i
	default:
		tok := p.token()
		end = p.i + len(tok)
		if tok != "true" && tok != "false" && tok != "null" {
			return p.fail("Token \""+tok+"\" is invalid.", end)
		}
	}
	return p.fail("Expected "+what+", but found \""+p.s[p.i:end]+"\".", end)
}

// fail is a syntax error whose token ends at end.
func (p *jsonParser) fail(detail string, end int) error {
	p.errEnd = end
	return jsonSyntax(detail)
}

// ended is the syntax error at the end of the input.
func (p *jsonParser) ended() error {
	return p.fail("The input string ended unexpectedly.", len(p.s))
}

// charEnd is where the character at i ends.
func (p *jsonParser) charEnd(i int) int {
	if i >= len(p.s) {
		return len(p.s)
	}
	_, n := utf8.DecodeRuneInString(p.s[i:])
	return i + n
}

func (p *jsonParser) value(depth int) (JSONB, error) {
	if depth > maxJSONDepth {
		return JSONB{}, pgerror.New(pgerror.StatementTooComplex, "stack depth limit exceeded")
	}
	if p.i >= len(p.s) {
		return JSONB{}, p.ended()
	}
	start := p.i
	v, err := p.bareValue(depth)
	if p.raw && err == nil {
		v.Raw = p.s[start:p.i]
	}
	return v, err
}

func (p *jsonParser) bareValue(depth int) (JSONB, error) {
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
		return JSONB{}, p.fail("Token \""+tok+"\" is invalid.", p.i+len(tok))
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
			if p.raw {
				return JSONB{Kind: JSONObject, Keys: keys, Elems: vals}, nil
			}
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
	start := p.i
	p.strAt = start
	p.i++
	var b []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b), nil
		case c < 0x20:
			return "", p.fail("Character with value 0x"+strconv.FormatUint(uint64(c)|0x100, 16)[1:]+" must be escaped.", p.i)
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
	return "", p.fail("Token \""+p.s[start:]+"\" is invalid.", len(p.s))
}

// escape decodes one backslash escape at p.i onto b.
func (p *jsonParser) escape(b []byte) ([]byte, error) {
	if p.i+1 >= len(p.s) {
		return nil, p.fail("Token \""+p.s[p.strAt:]+"\" is invalid.", len(p.s))
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
	return nil, p.fail("Escape sequence \"\\"+p.s[p.i-1:p.i-1+n]+"\" is invalid.", p.i-1+n)
}

// hex4 reads the four hex digits of a \u escape (p.i after the u).
// Errors as json_lex_string's: the input ending first, or a character
// that is not a hex digit.
func (p *jsonParser) hex4() (rune, error) {
	var r rune
	for k := 0; k < 4; k++ {
		if p.i+k >= len(p.s) {
			return 0, p.fail("Token \""+p.s[p.strAt:]+"\" is invalid.", len(p.s))
		}
		v, ok := HexValue(p.s[p.i+k])
		if !ok {
			return 0, p.fail("\"\\u\" must be followed by four hexadecimal digits.", p.charEnd(p.i+k))
		}
		r = r<<4 | rune(v)
	}
	p.i += 4
	return r, nil
}

// unicodeEscape decodes \uXXXX (p.i after the u), pairing surrogates.
// In lenient mode (json_in) \u0000 and unpaired surrogates are
// accepted, as PostgreSQL checks them only when it de-escapes: they
// decode to U+FFFD there.
func (p *jsonParser) unicodeEscape(b []byte) ([]byte, error) {
	r, err := p.hex4()
	if err != nil {
		return nil, err
	}
	lowErr := func() error {
		return p.fail("Unicode low surrogate must follow a high surrogate.", p.charEnd(p.i))
	}
	switch {
	case r == 0 && p.lenient:
		r = utf8.RuneError
	case r == 0:
		p.errEnd = p.i
		return nil, pgerror.New(pgerror.UntranslatableCharacter, "unsupported Unicode escape sequence").WithDetail("\\u0000 cannot be converted to text.")
	case utf16.IsSurrogate(r) && r < 0xdc00:
		if p.i+1 >= len(p.s) || p.s[p.i] != '\\' || p.s[p.i+1] != 'u' {
			if p.lenient {
				return utf8.AppendRune(b, utf8.RuneError), nil
			}
			return nil, lowErr()
		}
		save := p.i
		p.i += 2
		lo, err := p.hex4()
		if err != nil {
			return nil, err
		}
		switch {
		case lo >= 0xdc00 && lo <= 0xdfff:
			r = utf16.DecodeRune(r, lo)
		case p.lenient:
			p.i = save
			r = utf8.RuneError
		case lo >= 0xd800 && lo < 0xdc00:
			return nil, p.fail("Unicode high surrogate must not follow a high surrogate.", p.i)
		default:
			return nil, p.fail("Unicode low surrogate must follow a high surrogate.", p.i)
		}
	case utf16.IsSurrogate(r) && !p.lenient:
		return nil, p.fail("Unicode low surrogate must follow a high surrogate.", p.i)
	case utf16.IsSurrogate(r):
		r = utf8.RuneError
	}
	return utf8.AppendRune(b, r), nil
}
