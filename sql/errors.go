package sql

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/pganalyze/pg_query_go/v6/parser"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// charPos converts a 0-based byte offset in query to the 1-based character
// position of an ErrorResponse; 0 when loc is unknown or out of range.
func charPos(query string, loc int32) int {
	if loc < 0 || int(loc) > len(query) {
		return 0
	}
	return utf8.RuneCountInString(query[:loc]) + 1
}

// parseError converts an error of pg_query.Parse to *pgerror.Error.
// libpg_query reports the cursor position 1-based in characters already.
func parseError(err error) *pgerror.Error {
	var pe *parser.Error
	if !errors.As(err, &pe) {
		// proto.Unmarshal fails on trees nested beyond its recursion
		// limit (depth.go), the only error pg_query.Parse has that is not
		// the C parser's.
		return errStackDepth
	}
	if strings.HasPrefix(pe.Message, "stack depth limit exceeded") {
		return errStackDepth
	}
	code := pgerror.SyntaxError
	if strings.HasPrefix(pe.Message, "role name ") && strings.HasSuffix(pe.Message, " is reserved") {
		code = pgerror.ReservedName // CREATE ROLE public, none (PostgreSQL's grammar)
	}
	if strings.HasPrefix(pe.Message, "frame start") || strings.HasPrefix(pe.Message, "frame end") {
		code = pgerror.WindowingError // gram.y's frame clause checks (makeWindowDef's callers)
	}
	if strings.HasPrefix(pe.Message, "invalid byte sequence for encoding ") {
		code = pgerror.CharacterNotInRepertoire // E'\000', E'\xff': the scanner's pg_verifymbstr
	}
	e := pgerror.New(code, pe.Message)
	if pe.Cursorpos > 0 {
		e = e.WithPosition(pe.Cursorpos)
	}
	return e
}

// unsupported is 0A000 naming construct, positioned at loc when known.
func (c *conv) unsupported(construct string, loc int32) error {
	return c.at(pgerror.NotSupported(construct), loc)
}

// at sets the position of e to the byte offset loc unless e already has one.
func (c *conv) at(e *pgerror.Error, loc int32) *pgerror.Error {
	if e.Position != 0 {
		return e
	}
	if p := charPos(c.q, loc); p > 0 {
		return e.WithPosition(p)
	}
	return e
}

// syntaxErr is a 42601 error with a position.
func (c *conv) syntaxErr(msg string, loc int32) error {
	return c.at(pgerror.New(pgerror.SyntaxError, msg), loc)
}
