package exec

import (
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// Emit receives one row; an error stops the producer that called it.
type Emit func(row []any) error

// producer pushes a node's rows, in order, to emit.
type producer func(emit Emit) error

// Sink is where Run writes the root's rows: backend.RowWriter's WriteRow
// has this shape, and so has Collector.
type Sink interface {
	WriteRow(row []any) error
}

// Evaluator evaluates the planner's expressions for the operators.
type Evaluator interface {
	// Eval is x's value over row (the input row of the node that
	// carries x).
	Eval(x plan.Expr, row []any) (any, error)
	// Compare orders two values of sort key k: negative when a sorts
	// before b, zero when they tie (NULL placement and DESC applied).
	Compare(k plan.SortKey, a, b any) (int, error)
	// HashKey is a key equal for rows that are equal for DISTINCT,
	// GROUP BY and the set operations (NULLs equal to each other).
	HashKey(vals []any) (string, error)
	// Accumulators are fresh accumulators for one group of n.
	Accumulators(n *plan.Aggregate) ([]Accumulator, error)
	// WindowAccumulator is a fresh accumulator of n's aggregate window
	// function Funcs[i] (Agg), for one frame; its Result may be asked
	// between Adds.
	WindowAccumulator(n *plan.Window, i int) (Accumulator, error)
	// RangeBound is a RANGE frame's bound for a row of ORDER BY value v
	// (not NULL) and the frame offset off: v moved by off towards the
	// partition's start (back) or end in k's order — v - off ascending,
	// v + off descending. Errors: 22013 for a negative off, 0A000 or
	// 42883 for types without the arithmetic, 22008 and the like.
	RangeBound(k plan.SortKey, v, off any, back bool) (any, error)
}

// Accumulator is one aggregate over one group.
type Accumulator interface {
	// Add takes one input row into the aggregate.
	Add(row []any) error
	// Result is the aggregate's value after all rows were added.
	Result() (any, error)
}

// Releaser is an Accumulator that holds charged memory until Release;
// the Window operator releases the accumulators it drops.
type Releaser interface {
	Release()
}

// Sources reads the leaves of a tree.
type Sources interface {
	// Scan returns the function that pushes the rows of leaf n (a scan
	// of any kind, with its filter applied) to its argument.
	Scan(n plan.Node) (func(Emit) error, error)
}

// Env is what a run needs besides the tree. The statement's end
// (cancellation, statement_timeout) is seen through Check and the
// sources' own checks.
type Env struct {
	Eval    Evaluator
	Sources Sources
	// Writer applies Modify nodes' writes; nil for a tree without one.
	Writer Writer
	// Mem is the statement's account; operators that hold rows charge
	// memacct.RowSize for each. Nil charges nothing.
	Mem *memacct.Account
	// Check, when not nil, is called before each row an operator emits
	// from rows it holds; its error (57014) stops the run.
	Check func() error
	// Actual, when not nil, gets the rows each node emitted (EXPLAIN
	// ANALYZE); a node built but never run has no entry.
	Actual map[plan.Node]int

	sink    Sink  // Run's
	written int64 // rows Run wrote to sink
}

// Run builds root and pushes its rows to sink; it returns the number of
// rows written. Errors: the operators', the sources', the evaluator's,
// sink's.
func Run(env *Env, root plan.Node, sink Sink) (int64, error) {
	p, err := env.build(root)
	if err != nil {
		return 0, err
	}
	env.sink, env.written = sink, 0
	err = p(env.write)
	return env.written, err
}

// write is Run's Emit: row to the sink, counted.
func (env *Env) write(row []any) error {
	env.written++
	return env.sink.WriteRow(row)
}

// Collector is a Sink that holds the rows written to it (a materialised
// result: a nested query, a cursor), charging each to Mem.
type Collector struct {
	Mem  *memacct.Account
	Rows [][]any
}

// WriteRow implements Sink.
func (c *Collector) WriteRow(row []any) error {
	if err := c.Mem.ChargeRow(row); err != nil {
		return err
	}
	c.Rows = append(c.Rows, row)
	return nil
}

// check calls env.Check when set.
func (env *Env) check() error {
	if env.Check == nil {
		return nil
	}
	return env.Check()
}

// emitHeld pushes rows an operator holds to emit, checking env between
// them.
func (env *Env) emitHeld(rows [][]any, emit Emit) error {
	for _, r := range rows {
		if err := env.check(); err != nil {
			return err
		}
		if err := emit(r); err != nil {
			return err
		}
	}
	return nil
}
