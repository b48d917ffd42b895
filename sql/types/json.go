package types

import (
	"strings"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// PostgreSQL's json type (docs 8.14): the input text itself, kept
// verbatim (whitespace, key order, duplicate keys) once json_in has
// checked its syntax. A json value is a Go string. Its binary form
// (json_send, json_recv) is the text.

// ParseJSON is json_in: s unchanged when it is JSON text. Errors: 22021
// for text that is not UTF-8 or holds a NUL byte; 22P02 `invalid input
// syntax for type json` with the DETAIL and CONTEXT lines PostgreSQL
// gives; 54001 when nested deeper than 6400 levels. Unlike jsonb, json
// takes numbers of any size, \u0000 and unpaired surrogates.
func ParseJSON(s string) (string, error) {
	if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
		return "", invalidUTF8([]byte(s))
	}
	if _, err := ParseJSONTree(s); err != nil {
		return "", err
	}
	return s, nil
}

// ParseJSONTree parses json text s (already valid, or checked as
// ParseJSON checks it) into a tree whose values carry their source text
// in Raw: objects keep their keys in input order, duplicates included;
// numbers are kept as written; strings are unescaped, with \u0000 and
// unpaired surrogates as U+FFFD (ParseJSONEscaped refuses them).
func ParseJSONTree(s string) (JSONB, error) {
	p := jsonParser{s: s, raw: true, lenient: true}
	return p.parse()
}

// ParseJSONEscaped is ParseJSONTree as PostgreSQL parses json when it
// de-escapes its strings (the -> and ->> operators, json_each,
// json_object_keys ...): a \u0000 anywhere is 22P05 `unsupported Unicode
// escape sequence`, an unpaired surrogate 22P02, with the CONTEXT line
// of the whole document.
func ParseJSONEscaped(s string) (JSONB, error) {
	p := jsonParser{s: s, raw: true}
	return p.parse()
}

// JSONText is the text of a json value as ->> gives it: a string
// unescaped, JSON null as SQL NULL (false), anything else its source
// text. Errors: a string holding \u0000 is 22P05 `unsupported Unicode
// escape sequence` and an unpaired surrogate 22P02 (none for a tree of
// ParseJSONEscaped).
func JSONText(v JSONB) (string, bool, error) {
	switch v.Kind {
	case JSONNull:
		return "", false, nil
	case JSONString:
		p := jsonParser{s: v.Raw}
		s, err := p.str()
		if err != nil {
			if pe, ok := err.(*pgerror.Error); ok {
				err = pe.WithContext(jsonContext(p.s, p.errEnd))
			}
			return "", false, err
		}
		return s, true, nil
	}
	return v.Raw, true, nil
}

// JSONField is json -> text: the value of the last pair named key of an
// object (PostgreSQL's json_object_field keeps the last); false when v is
// not an object or has no such key.
func JSONField(v JSONB, key string) (JSONB, bool) {
	if v.Kind != JSONObject {
		return JSONB{}, false
	}
	for i := len(v.Keys) - 1; i >= 0; i-- {
		if v.Keys[i] == key {
			return v.Elems[i], true
		}
	}
	return JSONB{}, false
}

// JSONIndex is json -> integer: element i of an array, negative from the
// end; false when out of range or v is not an array.
func JSONIndex(v JSONB, i int64) (JSONB, bool) {
	if v.Kind != JSONArray {
		return JSONB{}, false
	}
	n := int64(len(v.Elems))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return JSONB{}, false
	}
	return v.Elems[i], true
}

// castJSON converts between json and jsonb (pg_cast: in assignment),
// reporting false for other pairs: json to jsonb parses the text as
// jsonb_in (its numbers through numeric, keys sorted and unique), jsonb
// to json is jsonb's text.
func castJSON(d any, from, to Type) (any, bool, error) {
	switch {
	case from.Kind == KindJSON && to.Kind == KindJSONB:
		s, _ := d.(string)
		v, err := ParseJSONB(s)
		if err != nil {
			return nil, true, err
		}
		return v, true, nil
	case from.Kind == KindJSONB && to.Kind == KindJSON:
		v, _ := d.(JSONB)
		return v.String(), true, nil
	}
	return nil, false, nil
}

// ParseJSONTreeOrNull is ParseJSONTree of text already checked by
// ParseJSON (a stored or computed json value); JSON null if it is not
// JSON after all.
func ParseJSONTreeOrNull(s string) JSONB {
	j, err := ParseJSONTree(s)
	if err != nil {
		return JSONB{Kind: JSONNull, Raw: "null"}
	}
	return j
}
