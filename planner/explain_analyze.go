package planner

import (
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/wire/backend"
)

// EXPLAIN ANALYZE runs its statement once through planner/exec, as
// Execute does, with the rows discarded and every operator counting the
// rows it emits (exec.Env.Actual, one map for the statement and every
// query it runs: a set operation's sides, a derived table's query). The
// runs record here which plan built which nodes: a set operation's run
// its whole tree, which EXPLAIN then prints (lower_setop.go); a SELECT's
// run the exec nodes its lowered tree's nodes stand for, whose counts the
// lowering (lower*.go) copies onto the nodes it prints.

// setOpTrace is what EXPLAIN ANALYZE saw of a statement's run: the rows
// each plan that ran returned (a plan absent never ran), the trace of
// each SELECT's scan, the tree each set operation ran, and the rows each
// exec node emitted.
type setOpTrace struct {
	rows   map[plan]int
	traces map[*selectPlan]*planTrace
	setOps map[*setOpPlan]*setOpTree
	// modifies is what each INSERT, UPDATE or DELETE that ran saw.
	modifies map[plan]*modifyTrace
	actual   map[ir.Node]int
}

func newSetOpTrace() *setOpTrace {
	return &setOpTrace{rows: map[plan]int{}, traces: map[*selectPlan]*planTrace{},
		setOps: map[*setOpPlan]*setOpTree{}, modifies: map[plan]*modifyTrace{}, actual: map[ir.Node]int{}}
}

// modifyTrace is a DML statement's run under EXPLAIN ANALYZE: for UPDATE
// and DELETE, its tree lowered before the run wrote (so that its
// estimates and access path are those the run chose); the exec Modify
// that ran; an INSERT ... ON CONFLICT's counts of inserted and
// conflicting rows.
type modifyTrace struct {
	lowered  *ir.Modify
	run      *ir.Modify
	conflict *ir.ConflictStats
}

// count returns the rows node n emitted, and false when it never ran (or
// n is nil).
func (tr *setOpTrace) count(n ir.Node) (int, bool) {
	if n == nil {
		return 0, false
	}
	c, ok := tr.actual[n]
	return c, ok
}

// actualOf is n's count as the IR's Actual: never executed when it did
// not run.
func (tr *setOpTrace) actualOf(n ir.Node) *ir.Actual {
	c, ok := tr.count(n)
	if !ok {
		return &ir.Actual{NeverExecuted: true}
	}
	return &ir.Actual{Rows: c}
}

// ranPlan records that pl returned n rows (an EXPLAIN ANALYZE run only:
// tr nil records nothing).
func (tr *setOpTrace) ranPlan(pl plan, n int64) {
	if tr != nil {
		tr.rows[pl] = int(n)
	}
}

// traceSelect starts the trace of one run of p whose rows come from the
// exec node src (execSource); nil when not analyzing.
func (tr *setOpTrace) traceSelect(p *selectPlan, src ir.Node) *planTrace {
	if tr == nil {
		return nil
	}
	st := &planTrace{node: src}
	tr.traces[p] = st
	return st
}

// setAgg, setSort and setLimit record the exec nodes of a SELECT's run
// that its EXPLAIN tree's Aggregate, Sort and Limit stand for; nil st
// (not analyzing) records nothing. Under DISTINCT the Limit is not
// recorded (it is above the Distinct, which the lowered tree does not
// show; the top node's count is the Limit's anyway).
func (st *planTrace) setAgg(n ir.Node) {
	if st != nil {
		st.agg = n
	}
}

func (st *planTrace) setSort(n ir.Node) {
	if st != nil {
		st.sort = n
	}
}

func (st *planTrace) setLock(n ir.Node) {
	if st != nil {
		st.lock = n
	}
}

func (st *planTrace) setLimit(n ir.Node) {
	if _, ok := n.(*ir.Limit); ok && st != nil {
		st.limit = n
	}
}

// finish fills each SELECT's trace with the rows its source emitted.
func (tr *setOpTrace) finish() {
	for _, st := range tr.traces {
		st.rows, st.ran = tr.count(st.node)
	}
}

// discardRows is the RowWriter of an EXPLAIN ANALYZE run: it drops the
// rows, as PostgreSQL's EXPLAIN ANALYZE does.
type discardRows struct{}

// Begin implements backend.RowWriter.
func (discardRows) Begin([]backend.Column) error { return nil }

// WriteRow implements backend.RowWriter.
func (discardRows) WriteRow([]any) error { return nil }
