package planner

import (
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// likeExpr is LIKE (~~), NOT LIKE (!~~), ILIKE (~~*) and NOT ILIKE (!~~*),
// with PostgreSQL's pattern rules: % any run, _ one character, backslash
// escapes the next character.
type likeExpr struct {
	l, r     expr
	negate   bool
	foldCase bool
}

func likeOp(op string) (negate, foldCase, ok bool) {
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

func (*likeExpr) Type() types.Type { return types.Bool }
func (l *likeExpr) Eval(e *env) (any, error) {
	s, p, err := evalOperands(e, l.l, l.r)
	if err != nil || s == nil {
		return nil, err
	}
	str, pat := s.(string), p.(string)
	if l.foldCase {
		str, pat = strings.ToLower(str), strings.ToLower(pat)
	}
	return likeMatch([]rune(str), []rune(pat)) != l.negate, nil
}

// likeMatch matches s against a LIKE pattern by backtracking over the
// last %.
func likeMatch(s, p []rune) bool {
	si, pi := 0, 0
	starP, starS := -1, 0
	for si < len(s) {
		switch {
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
		return false
	}
	for pi < len(p) && p[pi] == '%' {
		pi++
	}
	return pi == len(p)
}
