package sem

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// regexOperators are the POSIX regular-expression match operators on
// text (PostgreSQL docs 9.7.3): ~ (matches), ~* (matches, case
// insensitive), !~ and !~* (their negations). psql's backslash commands
// filter catalog names with them (`relname OPERATOR(pg_catalog.~)
// '^(items)$'`, `nspname !~ '^pg_'`). Patterns are compiled by Go's
// regexp (RE2), which reads the common subset of PostgreSQL's advanced
// regular expressions; back-references and lookaround, which RE2 lacks
// but PostgreSQL reads, are refused with 0A000 naming them
// (regexUnsupported), other patterns Go cannot read with 2201B.
var regexOperators = []Func{
	regexOperator("~", false, false), regexOperator("!~", true, false),
	regexOperator("~*", false, true), regexOperator("!~*", true, true),
}

func regexOperator(op string, negate, foldCase bool) Func {
	return Func{Name: op, Args: []types.Type{types.Text, types.Text}, Ret: types.Bool, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			re, err := compileRegex(a[1].(string), foldCase)
			if err != nil {
				return nil, err
			}
			return re.MatchString(a[0].(string)) != negate, nil
		}}
}

// regexCacheMax bounds the compiled patterns kept: a query applies one
// pattern to every row, so a small cache saves recompiling it per row.
const regexCacheMax = 64

var regexCache struct {
	sync.Mutex
	m map[regexKey]*regexp.Regexp
}

type regexKey struct {
	pattern  string
	foldCase bool
}

// compileRegex returns pattern compiled, case-insensitive when foldCase.
// Errors: 2201B invalid regular expression.
func compileRegex(pattern string, foldCase bool) (*regexp.Regexp, error) {
	k := regexKey{pattern, foldCase}
	regexCache.Lock()
	defer regexCache.Unlock()
	if re, ok := regexCache.m[k]; ok {
		return re, nil
	}
	src := pattern
	if foldCase {
		src = "(?i)" + src
	}
	re, err := regexp.Compile(src)
	if err != nil {
		if what := regexUnsupported(err); what != "" {
			return nil, pgerror.NotSupported(what)
		}
		return nil, pgerror.New(pgerror.InvalidRegularExpression, "invalid regular expression: "+regexReason(err))
	}
	if regexCache.m == nil || len(regexCache.m) >= regexCacheMax {
		regexCache.m = make(map[regexKey]*regexp.Regexp)
	}
	regexCache.m[k] = re
	return re, nil
}

// regexReasons are PostgreSQL's reasons (its regex library's
// regerror texts) for Go's compile errors.
var regexReasons = map[syntax.ErrorCode]string{
	syntax.ErrMissingParen:          "parentheses () not balanced",
	syntax.ErrUnexpectedParen:       "parentheses () not balanced",
	syntax.ErrMissingBracket:        "brackets [] not balanced",
	syntax.ErrInvalidCharRange:      "invalid character range",
	syntax.ErrInvalidEscape:         "invalid escape \\ sequence",
	syntax.ErrMissingRepeatArgument: "quantifier operand invalid",
	syntax.ErrInvalidRepeatOp:       "quantifier operand invalid",
	syntax.ErrInvalidRepeatSize:     "invalid repetition count(s)",
	syntax.ErrInvalidPerlOp:         "quantifier operand invalid",
}

// regexUnsupported names the PostgreSQL construct behind Go's compile
// error err when RE2 lacks it: a back-reference (\1 .. \9) or a
// lookahead or lookbehind constraint ((?= (?! (?<= (?<!)); "" otherwise.
func regexUnsupported(err error) string {
	var e *syntax.Error
	if !errors.As(err, &e) {
		return ""
	}
	x := e.Expr
	switch {
	case len(x) == 2 && x[0] == '\\' && x[1] >= '1' && x[1] <= '9':
		return "a back-reference in a regular expression"
	case strings.HasPrefix(x, "(?=") || strings.HasPrefix(x, "(?!"):
		return "a lookahead constraint in a regular expression"
	case strings.HasPrefix(x, "(?<=") || strings.HasPrefix(x, "(?<!"):
		return "a lookbehind constraint in a regular expression"
	}
	return ""
}

// regexReason is the reason part of a compile error: PostgreSQL's text
// where regexReasons has one, else Go's error code.
func regexReason(err error) string {
	var e *syntax.Error
	if errors.As(err, &e) {
		if r, ok := regexReasons[e.Code]; ok {
			return r
		}
		return string(e.Code)
	}
	return err.Error()
}
