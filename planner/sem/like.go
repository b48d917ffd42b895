package sem

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// likeOperators are LIKE (~~), NOT LIKE (!~~), ILIKE (~~*) and NOT ILIKE
// (!~~*) on text (PostgreSQL docs 9.7.1); varchar and character(n)
// operands reach them by implicit casts.
var likeOperators = []Func{
	likeOperator("~~", false, false), likeOperator("!~~", true, false),
	likeOperator("~~*", false, true), likeOperator("!~~*", true, true),
}

func likeOperator(op string, negate, foldCase bool) Func {
	return Func{Name: op, Args: []types.Type{types.Text, types.Text}, Ret: types.Bool, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			m, err := Like(a[0].(string), a[1].(string), foldCase)
			return m != negate, err
		}}
}

// LikeOp returns how the LIKE operator op matches: negated, case-folded;
// ok is false for another operator.
func LikeOp(op string) (negate, foldCase, ok bool) {
	switch op {
	case "~~":
		return false, false, true
	case "!~~":
		return true, false, true
	case "~~*":
		return false, true, true
	case "!~~*":
		return true, true, true
	}
	return false, false, false
}

// errLikeEscapeAtEnd is PostgreSQL's error for a pattern whose last
// character, an escape, is reached while text remains (like_match.c).
var errLikeEscapeAtEnd = pgerror.New(pgerror.InvalidEscapeSequence, "LIKE pattern must not end with escape character")

// Like reports whether s matches the LIKE pattern, with PostgreSQL's
// rules: % any run, _ one character, backslash escapes the next
// character; foldCase compares lower-cased (ILIKE). Error: 22025 when the
// match reaches a trailing backslash with text left, as PostgreSQL's
// MatchText (`'\' LIKE '\'`; `'a' LIKE 'b\'` is false, never reaching it).
func Like(s, pattern string, foldCase bool) (bool, error) {
	if foldCase {
		s, pattern = strings.ToLower(s), strings.ToLower(pattern)
	}
	return likeMatch([]rune(s), []rune(pattern))
}

// likeMatch matches s against a LIKE pattern by backtracking over the
// last %.
func likeMatch(s, p []rune) (bool, error) {
	si, pi := 0, 0
	starP, starS := -1, 0
	for si < len(s) {
		switch {
		case pi == len(p)-1 && p[pi] == '\\':
			return false, errLikeEscapeAtEnd
		case pi < len(p) && p[pi] == '%':
			starP, starS = pi, si
			pi++
			continue
		case pi < len(p) && p[pi] == '\\' && pi+1 < len(p) && p[pi+1] == s[si]:
			si, pi = si+1, pi+2
			continue
		case pi < len(p) && p[pi] != '\\' && (p[pi] == '_' || p[pi] == s[si]):
			si, pi = si+1, pi+1
			continue
		case starP >= 0:
			starS++
			si, pi = starS, starP+1
			continue
		}
		return false, nil
	}
	for pi < len(p) && p[pi] == '%' {
		pi++
	}
	return pi == len(p), nil
}
