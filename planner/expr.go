package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// env is what an expression is evaluated against: the current row (nil
// when there is no FROM) and the statement's parameters.
type env struct {
	row    []any
	params []any
	sess   *Session
	aggs   []any // final aggregate values, for aggRef
	wins   []any // window function values of the row, for winRef
	// exec is the running statement, for subqueries (subquery.go); nil
	// when the expression is evaluated outside one (DDL defaults).
	exec *execCtx
}

// expr is a bound, typed expression.
type expr interface {
	Type() types.Type
	Eval(e *env) (any, error)
}

// constExpr is a literal already converted to its type.
type constExpr struct {
	t types.Type
	v any
	// from is the number literal an explicit cast folded into this
	// constant (0::float8), which ruleDeparse prints as PostgreSQL's
	// "(0)::double precision"; nil otherwise.
	from *constExpr
	// ctor marks an ARRAY[...] constructor of constants folded into
	// this constant, which ruleDeparse prints as ARRAY[...] rather than
	// as the literal '{...}'::type[].
	ctor bool
}

func (c *constExpr) Type() types.Type       { return c.t }
func (c *constExpr) Eval(*env) (any, error) { return c.v, nil }

// paramExpr is $n, read from the statement's parameters (already decoded
// to the parameter's type by wire).
type paramExpr struct {
	n int         // 0-based
	t *types.Type // shared with the binder, final once binding ends
}

func (p *paramExpr) Type() types.Type { return *p.t }
func (p *paramExpr) Eval(e *env) (any, error) {
	if p.n >= len(e.params) {
		return nil, nil
	}
	return e.params[p.n], nil
}

// colExpr reads a column of the current row.
type colExpr struct {
	idx  int
	t    types.Type
	name string
	pos  int // 1-based position of the reference in the query; 0 when none
	// qual is the relation EXPLAIN and errors qualify the column with
	// when the query joins relations; "" otherwise.
	qual string
}

func (c *colExpr) Type() types.Type         { return c.t }
func (c *colExpr) Eval(e *env) (any, error) { return e.row[c.idx], nil }

// castExpr converts its argument to t.
type castExpr struct {
	x        expr
	t        types.Type
	explicit bool
}

func (c *castExpr) Type() types.Type { return c.t }
func (c *castExpr) Eval(e *env) (any, error) {
	v, err := c.x.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	return types.CastStyle(v, c.x.Type(), c.t, c.explicit, e.Style())
}

// Style is the session's Style (nil outside a session).
func (e *env) Style() *types.Style {
	if e == nil || e.sess == nil {
		return nil
	}
	return e.sess.Style()
}

// funcExpr calls a scalar function; strict functions return NULL when an
// argument is NULL without calling fn.
type funcExpr struct {
	name   string
	args   []expr
	t      types.Type
	strict bool
	fn     func(e *env, args []any) (any, error)
	// vol is the function's volatility (index expressions take only
	// immutable ones).
	vol sem.Volatility
}

func (f *funcExpr) Type() types.Type { return f.t }
func (f *funcExpr) Eval(e *env) (any, error) {
	vals := make([]any, len(f.args))
	for i, a := range f.args {
		v, err := a.Eval(e)
		if err != nil {
			return nil, err
		}
		if v == nil && f.strict {
			return nil, nil
		}
		vals[i] = v
	}
	return f.fn(e, vals)
}
