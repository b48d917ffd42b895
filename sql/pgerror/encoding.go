package pgerror

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// CheckUTF8 returns nil when b is valid UTF-8 without NUL bytes, and
// otherwise 22021 `invalid byte sequence for encoding "UTF8": 0x..` naming
// the bytes of the first bad character as PostgreSQL's
// report_invalid_encoding does (mbutils.c): as many bytes as the first
// byte's sequence length says (pg_utf_mblen: 1, 2, 3 or 4), at most what
// is left of b. It is the check PostgreSQL's pg_client_to_server applies to
// every string a client sends (query text, text-format Bind parameters).
func CheckUTF8(b []byte) *Error {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r != 0 && (r != utf8.RuneError || n > 1) {
			i += n
			continue
		}
		l := min(utf8SeqLen(b[i]), len(b)-i)
		hex := make([]string, l)
		for j := range l {
			hex[j] = fmt.Sprintf("0x%02x", b[i+j])
		}
		return Errorf(CharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\": %s", strings.Join(hex, " "))
	}
	return nil
}

// utf8SeqLen is PostgreSQL's pg_utf_mblen: the length a UTF-8 sequence
// starting with c claims (1 for a continuation or invalid lead byte).
func utf8SeqLen(c byte) int {
	switch {
	case c&0xe0 == 0xc0:
		return 2
	case c&0xf0 == 0xe0:
		return 3
	case c&0xf8 == 0xf0:
		return 4
	}
	return 1
}
