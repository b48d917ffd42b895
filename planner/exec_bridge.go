package planner

import (
	"context"
	"fmt"

	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/types"
)

// The planner's side of planner/exec: the plan.Expr implementations that
// IR nodes carry when they are built to run (boundExpr, groupedExpr,
// colRef, sortKeyExpr, colKeyExpr), the Evaluator that evaluates them
// with an env, and the Sources that read a tree's leaves (leafSources).

// boundExpr is a bound expression as an IR expression; its text is the
// one EXPLAIN prints (formatBound, explain_expr.go), made only when asked.
type boundExpr struct{ x expr }

func (b boundExpr) String() string { return formatBound(b.x) }

// boundExprs wraps each of xs.
func boundExprs(xs []expr) []ir.Expr {
	out := make([]ir.Expr, len(xs))
	for i, x := range xs {
		out[i] = boundExpr{x}
	}
	return out
}

// colRef is the input row's i-th value (a set operation's side column
// that needs no conversion).
type colRef int

func (c colRef) String() string { return fmt.Sprintf("$col%d", int(c)) }

// sortKeyExpr is an ORDER BY key, compared as the bound key orders;
// over an Aggregate's output row when grouped is set.
type sortKeyExpr struct {
	k       orderKey
	grouped *groupedExpr
}

// groupedExpr is a bound expression of an aggregate query evaluated over
// the output row of its Aggregate (execAggregate): the keys group-key
// values, then the group's first input row (one value), then the
// aggregates' values, which aggRef reads from env.aggs.
type groupedExpr struct {
	x    expr
	keys int
}

func (g groupedExpr) String() string { return formatBound(g.x) }

// groupedExprs wraps each of xs over an Aggregate's output of keys keys.
func groupedExprs(xs []expr, keys int) []ir.Expr {
	out := make([]ir.Expr, len(xs))
	for i, x := range xs {
		out[i] = groupedExpr{x: x, keys: keys}
	}
	return out
}

func (s sortKeyExpr) String() string { return formatBound(s.k.x) }

// colKeyExpr is a set operation's ORDER BY key: the output column col,
// compared as k orders.
type colKeyExpr struct {
	col int
	k   orderKey
}

func (c colKeyExpr) String() string { return fmt.Sprintf("$col%d", c.col) }

// evaluator is exec.Evaluator over an env: an expression is evaluated
// with the env's row set to the input row. accs makes the accumulators of
// each Aggregate that has aggregates; one without an entry (a UNION's
// grouping) has none.
type evaluator struct {
	e       *env
	accs    map[*ir.Aggregate]func() ([]pexec.Accumulator, error)
	winAccs map[*ir.Window]func(int) (pexec.Accumulator, error)
}

// Eval implements exec.Evaluator.
func (v evaluator) Eval(x ir.Expr, row []any) (any, error) {
	switch x := x.(type) {
	case boundExpr:
		v.e.row = row
		return x.x.Eval(v.e)
	case groupedExpr:
		v.setGrouped(row, x.keys)
		return x.x.Eval(v.e)
	case sortKeyExpr:
		if x.grouped != nil {
			v.setGrouped(row, x.grouped.keys)
		} else {
			v.e.row = row
		}
		return x.k.x.Eval(v.e)
	case colRef:
		return row[x], nil
	case colKeyExpr:
		return row[x.col], nil
	case windowedExpr: // exec_window.go
		v.e.wins = row[len(row)-x.n:]
		return v.Eval(x.inner, row)
	}
	return nil, fmt.Errorf("planner: %T is not an executable plan expression", x)
}

// setGrouped sets the env's row and aggregate values from an
// Aggregate's output row with keys key values (groupedExpr).
func (v evaluator) setGrouped(row []any, keys int) {
	v.e.row, _ = row[keys].([]any)
	v.e.aggs = row[keys+1:]
}

// Compare implements exec.Evaluator: compareKeys with the key's
// direction, NULL placement and comparison.
func (v evaluator) Compare(k ir.SortKey, a, b any) (int, error) {
	switch key := k.Key.(type) {
	case sortKeyExpr:
		return compareKeys(key.k, a, b), nil
	case colKeyExpr:
		return compareKeys(key.k, a, b), nil
	case windowedExpr:
		k.Key = key.inner
		return v.Compare(k, a, b)
	}
	return 0, fmt.Errorf("planner: sort key %q is not a bound ORDER BY key", k.Expr)
}

// HashKey implements exec.Evaluator: types.AppendKey of each value,
// equal for the values = calls equal, as DISTINCT and the set
// operations key rows.
func (v evaluator) HashKey(vals []any) (string, error) {
	var b []byte
	for _, x := range vals {
		b = types.AppendKey(b, x)
	}
	return string(b), nil
}

// Accumulators implements exec.Evaluator.
func (v evaluator) Accumulators(n *ir.Aggregate) ([]pexec.Accumulator, error) {
	if f := v.accs[n]; f != nil {
		return f()
	}
	return nil, nil
}

// WindowAccumulator implements exec.Evaluator (exec_window.go).
func (v evaluator) WindowAccumulator(n *ir.Window, i int) (pexec.Accumulator, error) {
	if f := v.winAccs[n]; f != nil {
		return f(i)
	}
	return nil, fmt.Errorf("planner: no accumulators for %s", n.Label())
}

// RangeBound implements exec.Evaluator: rangeBound in the key's type,
// down for a bound back in ascending order or forward in descending.
func (v evaluator) RangeBound(k ir.SortKey, val, off any, back bool) (any, error) {
	key, ok := k.Key.(sortKeyExpr)
	if !ok {
		return nil, fmt.Errorf("planner: sort key %q is not a bound ORDER BY key", k.Expr)
	}
	return rangeBound(key.k.x.Type(), val, off, back != key.k.desc) // exec_window.go
}

// leafSources is exec.Sources: the function that reads each leaf of a
// tree being built, registered by the code that built the leaf (add).
// The first leaf is held inline, so that a tree of one leaf (a SELECT or
// an UPDATE of one table) makes no map; the others go in more.
type leafSources struct {
	first     ir.Node
	firstRead func(pexec.Emit) error
	more      map[ir.Node]func(pexec.Emit) error
}

// add registers read as the reader of leaf n.
func (s *leafSources) add(n ir.Node, read func(pexec.Emit) error) {
	switch {
	case s.first == nil || s.first == n:
		s.first, s.firstRead = n, read
	default:
		if s.more == nil {
			s.more = map[ir.Node]func(pexec.Emit) error{}
		}
		s.more[n] = read
	}
}

// Scan implements exec.Sources.
func (s *leafSources) Scan(n ir.Node) (func(pexec.Emit) error, error) {
	if n == s.first && n != nil {
		return s.firstRead, nil
	}
	if f, ok := s.more[n]; ok {
		return f, nil
	}
	return nil, fmt.Errorf("planner: no source for %s", n.Label())
}

// initEnv makes r the exec.Env of a statement run and returns it: the
// evaluator over e with b's accumulators, b's leaves, the statement's
// memory account, and a Check that polls ctx every cancelCheckRows rows
// (57014 once it has ended), as the scans do. r lives in the run's one
// state allocation (execRunState, modifyRunState).
func (r *execEnvState) initEnv(ctx context.Context, x *execCtx, e *env, b *execBuild) *pexec.Env {
	r.ctx, r.eval = ctx, evaluator{e: e, accs: b.accs, winAccs: b.winAccs}
	r.env = pexec.Env{Eval: &r.eval, Sources: &b.src, Mem: x.mem, Check: r.check}
	return &r.env
}

// execEnvState is the Env of a run, its evaluator and the state of its
// Check (initEnv).
type execEnvState struct {
	env  pexec.Env
	eval evaluator
	ctx  context.Context
	n    int // rows checked
}

// check is the Env's Check: ctx is polled every cancelCheckRows rows.
func (r *execEnvState) check() error {
	if r.n++; r.n%cancelCheckRows == 0 && r.ctx.Err() != nil {
		return errCanceled
	}
	return nil
}
