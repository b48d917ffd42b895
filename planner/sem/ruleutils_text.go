package sem

import (
	"regexp"
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// ruleutilsFuncs print names and expressions as PostgreSQL's ruleutils.c
// does: quote_ident (docs 9.4).
var ruleutilsFuncs = []Func{
	{Name: "quote_ident", Args: []types.Type{types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return QuoteIdent(a[0].(string)), nil }},
}

var plainIdent = regexp.MustCompile(`^[a-z_][a-z0-9_$]*$`)

// QuoteIdent is PostgreSQL's quote_identifier for the names vecgres keeps:
// a name that is not all lower-case letters, digits and underscores gets
// double quotes (doubled inside). Reserved words are not quoted (a
// difference from PostgreSQL for tables named like "select").
func QuoteIdent(name string) string {
	if plainIdent.MatchString(name) {
		return name
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// StripOuterParens returns s without the parentheses around it when s is
// one parenthesised expression, (n > 5), as PostgreSQL's pretty printing
// (PRETTYFLAG_PAREN) leaves them out of a top-level expression; any
// other s as it is. Parentheses inside string literals are skipped.
func StripOuterParens(s string) string {
	if len(s) < 2 || s[0] != '(' || s[len(s)-1] != ')' {
		return s
	}
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			quoted = !quoted
		case quoted:
		case s[i] == '(':
			depth++
		case s[i] == ')':
			depth--
			if depth == 0 && i != len(s)-1 {
				return s
			}
		}
	}
	if depth != 0 {
		return s
	}
	return s[1 : len(s)-1]
}
