package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// CaseExpr is CASE [Arg] WHEN ... THEN ... [ELSE Else] END (PostgreSQL
// docs 9.18.1). Arg is nil for the searched form (each When.Cond is a
// boolean condition); in the simple form each When.Cond is a value
// compared with Arg by =. Else is nil when the ELSE is omitted (the
// result is then NULL when no branch matches). P is the position of CASE.
type CaseExpr struct {
	Arg   Expr
	Whens []CaseWhen
	Else  Expr
	P     int
}

// CaseWhen is one WHEN Cond THEN Result branch; P is the position of WHEN.
type CaseWhen struct {
	Cond, Result Expr
	P            int
}

// Pos implements Expr.
func (e *CaseExpr) Pos() int { return e.P }

// caseExpr converts both forms of CASE.
func (c *conv) caseExpr(x *pg_query.CaseExpr) (Expr, error) {
	out := &CaseExpr{P: int(x.GetLocation())}
	var err error
	if out.Arg, err = c.expr(x.GetArg()); err != nil {
		return nil, err
	}
	for _, n := range x.GetArgs() {
		w := n.GetCaseWhen()
		if w == nil {
			return nil, c.unsupported("CASE", x.GetLocation())
		}
		cond, err := c.expr(w.GetExpr())
		if err != nil {
			return nil, err
		}
		res, err := c.expr(w.GetResult())
		if err != nil {
			return nil, err
		}
		out.Whens = append(out.Whens, CaseWhen{Cond: cond, Result: res, P: int(w.GetLocation())})
	}
	if out.Else, err = c.expr(x.GetDefresult()); err != nil {
		return nil, err
	}
	return out, nil
}

// formatCase prints CASE [arg] WHEN c THEN r ... [ELSE e] END.
func formatCase(b *strings.Builder, e *CaseExpr) {
	b.WriteString("CASE")
	if e.Arg != nil {
		b.WriteString(" ")
		formatExpr(b, e.Arg)
	}
	for _, w := range e.Whens {
		b.WriteString(" WHEN ")
		formatExpr(b, w.Cond)
		b.WriteString(" THEN ")
		formatExpr(b, w.Result)
	}
	if e.Else != nil {
		b.WriteString(" ELSE ")
		formatExpr(b, e.Else)
	}
	b.WriteString(" END")
}
