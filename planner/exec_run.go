package planner

import (
	"context"
	"strconv"

	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/wire/backend"
)

// execTreer is a query plan whose rows planner/exec produces from a plan
// tree: a SELECT (select_exec.go) or a set operation (setop_write.go).
type execTreer interface {
	plan
	// execTree returns the tree of the plan's rows, evaluated in e, with
	// what its run needs registered in b. Errors: those of evaluating
	// the plan's LIMIT and OFFSET and choosing its scans.
	execTree(ctx context.Context, x *execCtx, e *env, b *execBuild) (ir.Node, error)
}

// execBuild is what building a tree registers for its run: the readers
// of its leaves, and the accumulators of its Aggregates that have
// aggregate calls.
// accs and winAccs are made by the first aggregate or window that needs
// one (most queries have neither).
type execBuild struct {
	src  leafSources
	accs map[*ir.Aggregate]func() ([]pexec.Accumulator, error)
	// winAccs makes the accumulator of a Window's aggregate Funcs[i]
	// (exec_window.go).
	winAccs map[*ir.Window]func(i int) (pexec.Accumulator, error)
	// widen is the budget of each relation plan whose k-NN scan reads
	// a budget of rows in this execution (join_knn.go); nil when none.
	widen map[*selectPlan]*knnWiden
}

// execRunState is the env, execBuild and exec.Env of one runExec, in one
// allocation.
type execRunState struct {
	e   env
	b   execBuild
	run execEnvState
}

// runExec runs the query plan pl through planner/exec writing its rows to
// w (w.Begin first, once the tree is built). The result has the columns
// and the tag, no rows.
func runExec(ctx context.Context, pl execTreer, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	st := &execRunState{e: env{params: x.params, sess: x.s, exec: x}, b: execBuild{}}
	e, b := &st.e, &st.b
	root, err := pl.execTree(ctx, x, e, b)
	if err != nil {
		return nil, err
	}
	if err := w.Begin(pl.columns()); err != nil {
		return nil, err
	}
	env := st.run.initEnv(ctx, x, e, b)
	if x.analyze != nil {
		env.Actual = x.analyze.actual
	}
	n, err := pexec.Run(env, root, w)
	x.analyze.ranPlan(pl, n) // a side a Limit stopped ran too
	if err != nil {
		return nil, err
	}
	return &backend.Result{Columns: pl.columns(), Tag: selectTag(n), Notices: x.notices}, nil
}

// selectTags are the tags of queries returning up to 100 rows, made once.
var selectTags = func() []string {
	tags := make([]string, 101)
	for i := range tags {
		tags[i] = "SELECT " + strconv.Itoa(i)
	}
	return tags
}()

// selectTag is the CommandComplete tag of a query that returned n rows.
func selectTag(n int64) string {
	if n >= 0 && n < int64(len(selectTags)) {
		return selectTags[n]
	}
	return "SELECT " + strconv.FormatInt(n, 10)
}

// planSource is the leaf reader of a query plan run as part of another
// tree (a set operation's side): its rows pushed to emit as runRowsTo
// writes them, the plan started only when the leaf is first read.
func planSource(ctx context.Context, x *execCtx, pl plan) func(pexec.Emit) error {
	return func(emit pexec.Emit) error {
		if _, ok := pl.(execTreer); ok || x.analyze == nil {
			_, err := runRowsTo(ctx, pl, x, emitWriter(emit))
			return err
		}
		var n int64 // a plan exec does not run: counted here for EXPLAIN ANALYZE
		_, err := runRowsTo(ctx, pl, x, emitWriter(func(row []any) error { n++; return emit(row) }))
		x.analyze.ranPlan(pl, n)
		return err
	}
}

// emitWriter is the RowWriter that passes rows to an pexec.Emit; the
// columns are the enclosing tree's.
type emitWriter pexec.Emit

// Begin implements backend.RowWriter.
func (emitWriter) Begin([]backend.Column) error { return nil }

// WriteRow implements backend.RowWriter.
func (w emitWriter) WriteRow(row []any) error { return w(row) }

// runQuery runs a nested query plan (a derived table's inner query, a
// materialised set operation's side, COPY's query, a cursor's query,
// INSERT ... SELECT's source, a scalar subquery) and returns its rows:
// through planner/exec into a collector charging each row to the
// statement's account, or through plan.run for a plan exec does not run.
func runQuery(ctx context.Context, pl plan, x *execCtx) (*backend.Result, error) {
	et, ok := pl.(execTreer)
	if !ok {
		return pl.run(ctx, x)
	}
	return runQueryExec(ctx, et, x)
}

func runQueryExec(ctx context.Context, et execTreer, x *execCtx) (*backend.Result, error) {
	c := &rowCollector{Collector: pexec.Collector{Mem: x.mem, Rows: [][]any{}}}
	res, err := runExec(ctx, et, x, c)
	if err != nil {
		return nil, err
	}
	res.Rows = c.Rows
	return res, nil
}

// rowCollector is exec.Collector as a backend.RowWriter.
type rowCollector struct {
	pexec.Collector
}

// Begin implements backend.RowWriter.
func (*rowCollector) Begin([]backend.Column) error { return nil }
