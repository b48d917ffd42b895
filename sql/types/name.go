package types

// NameMaxBytes is the longest name PostgreSQL keeps: NAMEDATALEN - 1
// bytes (src/include/pg_config_manual.h, NAMEDATALEN 64).
const NameMaxBytes = 63

// TruncateName cuts s to at most NameMaxBytes bytes without splitting a
// UTF-8 character, as PostgreSQL's namein does with pg_mbcliplen (no
// error: a longer name is silently truncated). s is valid UTF-8.
func TruncateName(s string) string {
	if len(s) <= NameMaxBytes {
		return s
	}
	cut := NameMaxBytes
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// isRuneStart reports whether b begins a UTF-8 sequence (is no
// continuation byte 10xxxxxx).
func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
