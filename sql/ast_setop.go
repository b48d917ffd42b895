package sql

import "strings"

// AST of set operations between SELECTs (convert_setop.go).

// SetOpKind is the operator of a set operation.
type SetOpKind uint8

// Set operators (PostgreSQL docs, 7.4 "Combining Queries").
const (
	SetUnion SetOpKind = iota
	SetIntersect
	SetExcept
)

// String is the operator's keyword, as PostgreSQL's messages name it
// ("each UNION query must have the same number of columns").
func (k SetOpKind) String() string {
	switch k {
	case SetIntersect:
		return "INTERSECT"
	case SetExcept:
		return "EXCEPT"
	}
	return "UNION"
}

// SetOperation is Left UNION | INTERSECT | EXCEPT [ALL] Right. Each side
// is a plain SELECT (with its own ORDER BY and LIMIT when written in
// parentheses) or another set operation. INTERSECT binds tighter than
// UNION and EXCEPT, which associate to the left, as PostgreSQL's grammar
// says; parentheses group as written.
type SetOperation struct {
	Op          SetOpKind
	All         bool
	Left, Right *Select
}

// Leaves returns the plain SELECTs of the set operation from left to
// right: PostgreSQL's "*SELECT* 1", "*SELECT* 2", ...
func (s *SetOperation) Leaves() []*Select {
	var out []*Select
	for _, q := range []*Select{s.Left, s.Right} {
		if q.SetOp != nil {
			out = append(out, q.SetOp.Leaves()...)
		} else {
			out = append(out, q)
		}
	}
	return out
}

// Tables returns the FROM tables of the leaves, each once, in order
// (functions in FROM and tables that only scalar subqueries read are
// left out; see Select.ReadTables).
func (s *SetOperation) Tables() []string {
	return (&Select{SetOp: s}).ReadTables()
}

// formatSetOp prints a set operation used as a scalar subquery, as
// ((SELECT ...) UNION [ALL] (SELECT ...) ORDER BY ... LIMIT n), for
// FormatExpr.
func formatSetOp(b *strings.Builder, q *Select) {
	b.WriteString("(")
	formatSubLink(b, &SubLink{Query: q.SetOp.Left})
	b.WriteString(" " + q.SetOp.Op.String())
	if q.SetOp.All {
		b.WriteString(" ALL")
	}
	b.WriteString(" ")
	formatSubLink(b, &SubLink{Query: q.SetOp.Right})
	for i, o := range q.OrderBy {
		b.WriteString(map[bool]string{true: " ORDER BY ", false: ", "}[i == 0])
		formatExpr(b, o.Expr)
		if o.Desc {
			b.WriteString(" DESC")
		}
	}
	if q.Limit != nil {
		b.WriteString(" LIMIT ")
		formatExpr(b, q.Limit)
	}
	if q.Offset != nil {
		b.WriteString(" OFFSET ")
		formatExpr(b, q.Offset)
	}
	b.WriteString(")")
}
