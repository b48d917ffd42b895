package types

import "strconv"

// AppendJSONB is jsonb_out: `{"a": 1, "b": [1, 2]}` with ", " and ": "
// separators, keys in jsonb order, strings escaped as escape_json does.
func AppendJSONB(buf []byte, v JSONB) []byte {
	switch v.Kind {
	case JSONNull:
		return append(buf, "null"...)
	case JSONBool:
		if v.Bool {
			return append(buf, "true"...)
		}
		return append(buf, "false"...)
	case JSONNumber:
		return append(buf, v.Str...)
	case JSONString:
		return appendJSONString(buf, v.Str)
	case JSONArray:
		buf = append(buf, '[')
		for i, e := range v.Elems {
			if i > 0 {
				buf = append(buf, ", "...)
			}
			buf = AppendJSONB(buf, e)
		}
		return append(buf, ']')
	}
	buf = append(buf, '{')
	for i, k := range v.Keys {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = appendJSONString(buf, k)
		buf = append(buf, ": "...)
		buf = AppendJSONB(buf, v.Elems[i])
	}
	return append(buf, '}')
}

// appendJSONString is escape_json: quotes, backslash and control
// characters escaped, everything else as is.
func appendJSONString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			buf = append(buf, `\"`...)
		case '\\':
			buf = append(buf, `\\`...)
		case '\b':
			buf = append(buf, `\b`...)
		case '\f':
			buf = append(buf, `\f`...)
		case '\n':
			buf = append(buf, `\n`...)
		case '\r':
			buf = append(buf, `\r`...)
		case '\t':
			buf = append(buf, `\t`...)
		default:
			if c < 0x20 {
				buf = append(buf, `\u00`...)
				buf = append(buf, strconv.FormatUint(uint64(c)|0x100, 16)[1:]...)
			} else {
				buf = append(buf, c)
			}
		}
	}
	return append(buf, '"')
}

// String returns the jsonb text.
func (v JSONB) String() string { return string(AppendJSONB(nil, v)) }
