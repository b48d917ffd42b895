package sql

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// maxTokenRun bounds how many tokens may follow each other without a
// separator (comma, semicolon, parenthesis). A chain such as 1+1+1+...,
// x IS NULL IS NULL ... or x::int::int... parses into a tree as deep as
// the chain is long, and libpg_query's C code recurses over it on the cgo
// thread's stack: some 25,000 levels overflow that stack and kill the
// process, where PostgreSQL answers 54001. Parse refuses such statements
// before calling the C parser. Lists (VALUES rows, IN lists, function
// arguments) are separated by commas and not limited; nesting by
// parentheses is bounded by the parser itself ("memory exhausted").
const maxTokenRun = 10000

// operatorChars are the characters of operator tokens (and ::).
const operatorChars = "+-*/%<>=~!@#^&|:"

// checkOperatorChains returns 54001 when query has a run of more than
// maxTokenRun tokens without a separator, outside string literals, quoted
// identifiers and comments.
func checkOperatorChains(query string) error {
	chain := 0
	word := false
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			i = skipQuoted(query, i, c)
			chain++
		case c == '$':
			i = skipDollarQuoted(query, i)
			chain++
		case c == '-' && i+1 < len(query) && query[i+1] == '-':
			if j := strings.IndexByte(query[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(query)
			}
		case c == '/' && i+1 < len(query) && query[i+1] == '*':
			if j := strings.Index(query[i+2:], "*/"); j >= 0 {
				i += j + 3
			} else {
				i = len(query)
			}
		case c == ',' || c == ';' || c == '(' || c == ')':
			chain, word = 0, false
			continue
		case strings.IndexByte(operatorChars, c) >= 0:
			// A multi-character operator (<->, >=, ::) is one token.
			for i+1 < len(query) && strings.IndexByte(operatorChars, query[i+1]) >= 0 {
				i++
			}
			chain++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			if !word {
				chain++
			}
			word = true
			continue
		}
		word = false
		if chain > maxTokenRun {
			return pgerror.New(pgerror.StatementTooComplex, "statement is too deeply nested").
				WithDetail("More than 10000 tokens follow each other without a comma or parenthesis.").
				WithPosition(i + 1)
		}
	}
	return nil
}

// skipQuoted returns the index of the closing quote of the literal or
// identifier opened at i (a doubled quote is part of it).
func skipQuoted(q string, i int, quote byte) int {
	for j := i + 1; j < len(q); j++ {
		if q[j] == quote {
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j
		}
		if quote == '\'' && q[j] == '\\' && j+1 < len(q) {
			j++ // E'...' escapes; harmless in standard strings
		}
	}
	return len(q)
}

// skipDollarQuoted returns the index of the end of a $tag$...$tag$ string
// opened at i, or i when the $ opens none (a parameter such as $1).
func skipDollarQuoted(q string, i int) int {
	end := strings.IndexByte(q[i+1:], '$')
	if end < 0 {
		return i
	}
	tag := q[i : i+end+2]
	for _, r := range tag[1 : len(tag)-1] {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r >= 0x80) {
			return i
		}
	}
	if j := strings.Index(q[i+len(tag):], tag); j >= 0 {
		return i + len(tag) + j + len(tag) - 1
	}
	return len(q)
}
