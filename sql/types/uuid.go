package types

import "encoding/hex"

// UUID is the value of a uuid: its 16 bytes in network order (RFC 4122).
// Values compare bytewise, as PostgreSQL's uuid_cmp (memcmp).
type UUID [16]byte

// ParseUUID is PostgreSQL's uuid_in: 32 hex digits of either case,
// optionally in braces, with an optional hyphen after any group of four
// digits (not after the last). Error: 22P02 `invalid input syntax for type
// uuid: "x"`.
func ParseUUID(s string) (UUID, error) {
	var u UUID
	src := s
	braces := len(src) > 0 && src[0] == '{'
	if braces {
		src = src[1:]
	}
	for i := range u {
		if len(src) < 2 {
			return u, syntaxError("uuid", s)
		}
		hi, ok1 := HexValue(src[0])
		lo, ok2 := HexValue(src[1])
		if !ok1 || !ok2 {
			return u, syntaxError("uuid", s)
		}
		u[i] = hi<<4 | lo
		src = src[2:]
		if len(src) > 0 && src[0] == '-' && i%2 == 1 && i < len(u)-1 {
			src = src[1:]
		}
	}
	if braces {
		if len(src) == 0 || src[0] != '}' {
			return u, syntaxError("uuid", s)
		}
		src = src[1:]
	}
	if src != "" {
		return u, syntaxError("uuid", s)
	}
	return u, nil
}

// AppendUUID is uuid_out: lower-case 8-4-4-4-12 hex digits.
func AppendUUID(buf []byte, u UUID) []byte {
	for i, b := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			buf = append(buf, '-')
		}
		buf = hex.AppendEncode(buf, []byte{b})
	}
	return buf
}

// String returns the canonical text form.
func (u UUID) String() string { return string(AppendUUID(nil, u)) }
