package planner

import (
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// caseExpr is a bound CASE. Evaluation follows PostgreSQL's ExecEvalCase:
// branches in order, the first whose condition is true (searched form) or
// whose value equals arg (simple form, arg evaluated once; NULL never
// equals) gives the result; only that result is evaluated, so a branch
// not taken cannot fail. No branch taken gives els (NULL when the ELSE
// was omitted).
type caseExpr struct {
	arg   expr // nil for the searched form
	whens []caseWhen
	els   expr
	t     types.Type
}

// caseWhen is one branch; cmp compares arg with cond in the simple form.
type caseWhen struct {
	cond, result expr
	cmp          compareFunc
}

func (c *caseExpr) Type() types.Type { return c.t }

func (c *caseExpr) Eval(e *env) (any, error) {
	var arg any
	if c.arg != nil {
		v, err := c.arg.Eval(e)
		if err != nil {
			return nil, err
		}
		arg = v
	}
	for _, w := range c.whens {
		v, err := w.cond.Eval(e)
		if err != nil {
			return nil, err
		}
		if c.matches(w, arg, v) {
			return w.result.Eval(e)
		}
	}
	return c.els.Eval(e)
}

// matches reports whether a branch is taken given its condition's value.
func (c *caseExpr) matches(w caseWhen, arg, v any) bool {
	if c.arg == nil {
		return truthy(v)
	}
	return arg != nil && v != nil && w.cmp(arg, v) == 0
}

// caseChildren lists the sub-expressions of a CASE for walkers.
func caseChildren(c *caseExpr) []expr {
	var out []expr
	if c.arg != nil {
		out = append(out, c.arg)
	}
	for _, w := range c.whens {
		out = append(out, w.cond, w.result)
	}
	return append(out, c.els)
}

// writeCase prints a CASE as PostgreSQL's EXPLAIN does:
// "CASE WHEN (id = 1) THEN 'a'::text ELSE NULL::text END" is shown as
// "CASE WHEN (id = 1) THEN 'a' ELSE NULL END" here (constants print
// without their casts in this printer).
func writeCase(b *strings.Builder, c *caseExpr) {
	b.WriteString("CASE")
	if c.arg != nil {
		b.WriteString(" ")
		writeBound(b, c.arg)
	}
	for _, w := range c.whens {
		b.WriteString(" WHEN ")
		writeBound(b, w.cond)
		b.WriteString(" THEN ")
		writeBound(b, w.result)
	}
	b.WriteString(" ELSE ")
	writeBound(b, c.els)
	b.WriteString(" END")
}
