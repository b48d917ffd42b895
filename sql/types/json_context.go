package types

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsonContext is the CONTEXT of a JSON syntax error whose token ends at
// end (PostgreSQL 15 jsonfuncs.c report_json_context): "JSON data, line
// N: " then the input's line up to end, cut from the left to less than
// 50 bytes (whole characters; "..." before it when cut by more than 3),
// and "..." after it when more of the line follows.
func jsonContext(s string, end int) string {
	end = min(max(end, 0), len(s))
	lines := s[:end]
	line := 1 + strings.Count(lines, "\n")
	lineStart := strings.LastIndexByte(lines, '\n') + 1
	start := lineStart
	for end-start >= 50 {
		_, n := utf8.DecodeRuneInString(s[start:])
		start += max(n, 1)
	}
	if start-lineStart <= 3 {
		start = lineStart
	}
	prefix, suffix := "", ""
	if start > lineStart {
		prefix = "..."
	}
	if end < len(s) && s[end] != '\n' && s[end] != '\r' {
		suffix = "..."
	}
	return "JSON data, line " + strconv.Itoa(line) + ": " + prefix + s[start:end] + suffix
}
