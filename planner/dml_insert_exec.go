package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/wire/backend"
)

// INSERT runs as a plan tree through planner/exec, as UPDATE and DELETE
// do (dml_modify_exec.go): a Modify (Op Insert) over the leaf of the rows
// to insert — VALUES' rows, or INSERT ... SELECT's query run as it
// streams (planSource) and each of its rows converted to the table's
// columns — with every column's value given, its default (identity,
// serial, DEFAULT expression) drawn when the statement left it out. The
// Modify holds all of them before its first write, so the query never
// sees this statement's rows and every default is drawn before the first
// insert, as before. insertRun, the exec.Writer, inserts each row or
// resolves its ON CONFLICT (dml_conflict.go) and counts the rows written.
// EXPLAIN lowers the same Modify over PostgreSQL's "Result" (one VALUES
// row), "Values Scan on "*VALUES*"" (several) or the query's own tree,
// with the ON CONFLICT lines of PostgreSQL 15.

// run implements plan: the RETURNING rows go into a collector the session
// writes out once the statement has succeeded (as modifyPlan.run). The
// tag is "INSERT 0 n".
func (p *insertPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	if err := startWrite(ctx, x, p.table); err != nil { // dml_lock.go
		return nil, err
	}
	defer stopWaits(x)
	st := &insertRunState{insertRun: insertRun{p: p, x: x, e: env{params: x.params, sess: x.s, exec: x}, Collector: pexec.Collector{Mem: x.mem}}}
	w := &st.insertRun
	root := p.execTree(ctx, x, &w.e, &st.b, &st.node, &st.leaf)
	env := st.run.initEnv(ctx, x, &w.e, &st.b)
	env.Writer = w
	if x.analyze != nil {
		env.Actual = x.analyze.actual
		x.analyze.modifies[p] = &modifyTrace{run: root, conflict: &w.stats}
	}
	if p.conflict != nil {
		w.arb = p.conflict.start(x, p.table)
	}
	n, err := pexec.Run(env, root, w)
	x.analyze.ranPlan(p, n)
	if err != nil {
		return nil, err
	}
	st.res = backend.Result{Columns: p.columns(), Rows: w.Rows, Tag: modifyTag("INSERT 0", w.n)}
	return &st.res, nil
}

// insertRunState is what one run of an insertPlan allocates, in one
// allocation: the Writer and RETURNING collector, the build of its tree,
// the tree's Modify and leaf, the exec.Env, and the result.
type insertRunState struct {
	insertRun
	b    execBuild
	node ir.Modify
	leaf ir.ValuesScan
	run  execEnvState
	res  backend.Result
}

// execTree is the Modify of one execution over the leaf of the rows to
// insert, made in m and leaf, the leaf's reader registered in b; the
// rows' values are evaluated in e.
func (p *insertPlan) execTree(ctx context.Context, x *execCtx, e *env, b *execBuild, m *ir.Modify, leaf *ir.ValuesScan) *ir.Modify {
	*leaf = ir.ValuesScan{Info: ir.Info{Out: tableColumns(p.table)}, Rows: len(p.rows)}
	b.src.add(leaf, p.sourceReader(ctx, x, e))
	*m = p.modifyNode(leaf)
	if p.ret != nil {
		m.Returning = boundExprs(p.ret.items)
	}
	return m
}

// modifyNode is p's Modify node over in.
func (p *insertPlan) modifyNode(in ir.Node) ir.Modify {
	return ir.Modify{Info: ir.Info{Out: planColumns(p.columns())}, Unary: ir.Unary{Input: in}, Op: ir.Insert, Relation: p.table.Name, Alias: p.alias}
}

// sourceReader pushes the rows to insert, one value per table column:
// VALUES' rows, or the query's rows converted to the column types (each
// charged to the statement's account, as the Modify holds them until
// its writes), with the defaults of the columns left out drawn
// (columnValue). Errors: 57014 once ctx ends, 53200, the values' and the
// query's.
func (p *insertPlan) sourceReader(ctx context.Context, x *execCtx, e *env) func(pexec.Emit) error {
	done := ctx.Done()
	if p.query != nil {
		read := planSource(ctx, x, p.query.plan) // exec_run.go
		return func(emit pexec.Emit) error {
			return read(func(src []any) error {
				if err := stmtCanceled(done); err != nil {
					return err
				}
				e.row = src
				vals, err := tableRow(e, x.txn, p.table, p.query.vals)
				if err != nil {
					return err
				}
				if err := e.chargeRow(vals); err != nil { // memory.go: new values the Modify holds
					return err
				}
				return emit(vals)
			})
		}
	}
	return func(emit pexec.Emit) error {
		for _, row := range p.rows {
			if err := stmtCanceled(done); err != nil {
				return err
			}
			vals, err := tableRow(e, x.txn, p.table, row)
			if err != nil {
				return err
			}
			if err := emit(vals); err != nil {
				return err
			}
		}
		return nil
	}
}

// tableRow evaluates one row to insert into t: exprs[i] is column i's
// value, nil for its default (columnValue).
func tableRow(e *env, txn *catalog.Txn, t *catalog.Table, exprs []expr) ([]any, error) {
	vals := make([]any, len(t.Columns))
	for i, ex := range exprs {
		v, err := columnValue(e, txn, t, i, ex) // dml.go
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return vals, nil
}

// insertRun is one run of an insertPlan: the env its expressions are
// evaluated in, the ON CONFLICT arbiter (nil without the clause), the
// rows written (the tag's count), EXPLAIN ANALYZE's conflict counts, and
// the exec.Sink (Collector) of its RETURNING rows.
type insertRun struct {
	p     *insertPlan
	x     *execCtx
	e     env
	arb   *arbiter
	n     int64
	stats ir.ConflictStats
	pexec.Collector
}

// Write implements exec.Writer: row is the row to insert, a value for
// every column. It returns the row RETURNING reads (the one inserted, or
// the one DO UPDATE wrote), nil when ON CONFLICT wrote nothing.
func (w *insertRun) Write(_ *ir.Modify, row []any) ([]any, error) {
	if w.arb == nil {
		if _, err := w.x.txn.Insert(w.p.table, row); err != nil {
			return nil, err
		}
		w.n++
		return row, nil
	}
	out, err := w.arb.put(&w.e, row)
	if err != nil {
		return nil, err
	}
	w.stats.Inserted, w.stats.Conflicting = w.arb.inserted, w.arb.conflicting
	if out != nil {
		w.n++
	}
	return out, nil
}

// lower is p's tree for EXPLAIN: its Modify over the lowered source, with
// the ON CONFLICT lines and the scalar subqueries of VALUES, ON CONFLICT
// and RETURNING as InitPlans; under EXPLAIN ANALYZE (tr) with the rows
// the run's Modify and VALUES emitted and its conflict counts (the
// query's own counts come from its trace).
func (p *insertPlan) lower(x *execCtx, tr *setOpTrace) (ir.Node, error) {
	in, err := p.lowerSource(x, tr)
	if err != nil {
		return nil, err
	}
	m := new(ir.Modify)
	*m = p.modifyNode(in)
	m.Conflict = p.conflict.explain(p.table)
	var run *modifyTrace
	if tr != nil {
		run = tr.modifies[p]
	}
	if run != nil {
		m.Actual = tr.actualOf(run.run)
		if p.query == nil {
			in.Base().Actual = tr.actualOf(run.run.Input)
		}
		if m.Conflict != nil {
			m.Conflict.Stats = run.conflict
		}
	}
	for _, s := range scalarSubqueries(p.exprs()) { // explain_initplan.go
		sub, err := lowerPlan(s.plan, x, nil)
		if err != nil {
			return nil, err
		}
		m.SubPlans = append(m.SubPlans, s.irSubPlan(sub)) // subquery_exec.go
	}
	return m, nil
}

// lowerSource is the lowered source of p's rows: the query's tree, or
// PostgreSQL's Result for one VALUES row and Values Scan for several.
func (p *insertPlan) lowerSource(x *execCtx, tr *setOpTrace) (ir.Node, error) {
	if p.query != nil {
		return lowerPlan(p.query.plan, x, tr) // lower.go
	}
	info := ir.Info{Out: tableColumns(p.table), Est: ir.Rows(float64(len(p.rows)))}
	if len(p.rows) == 1 {
		return &ir.Result{Info: info}, nil
	}
	return &ir.ValuesScan{Info: info, Rows: len(p.rows)}, nil
}

// exprs are the expressions of p outside its query: VALUES' in row
// order, ON CONFLICT's SET values in column order and WHERE, RETURNING's
// items.
func (p *insertPlan) exprs() []expr {
	var out []expr
	for _, row := range p.rows {
		out = append(out, row...)
	}
	if c := p.conflict; c != nil {
		for col := range p.table.Columns {
			if v, ok := c.set[col]; ok {
				out = append(out, v)
			}
		}
		out = append(out, c.where)
	}
	if p.ret != nil {
		out = append(out, p.ret.items...)
	}
	return out
}
