package planner

import (
	"context"
	"errors"
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/wire/backend"
)

// UPDATE and DELETE run as a plan tree through planner/exec: a Modify
// over the scan of the rows to change — the scan a SELECT of those rows
// would use (execSource: the B-tree or key path chooseBTree picks, else
// the sequential scan, WHERE applied in the scan), each row followed by
// its slot — whose writes modifyWriter applies (row locks and waits,
// constraint checks and foreign-key actions in catalog.Txn, the update
// chain's recheck of WHERE). EXPLAIN lowers the same
// Modify over the same access path (lower), so it shows PostgreSQL's
// "Update on t" over "Seq Scan on t" or "Index Scan using t_pkey on t".

// run implements plan: the Modify's RETURNING rows go into a collector
// (charged to the statement's account) that the session writes out once
// the statement, with its end-of-statement foreign-key checks, has
// succeeded — as PostgreSQL runs a statement with RETURNING to its end
// into a tuple store before sending a row (PORTAL_ONE_RETURNING), so no
// client sees rows of a statement that fails. The result has the tag.
func (p *modifyPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	if err := startWrite(ctx, x, p.table); err != nil { // dml_lock.go
		return nil, err
	}
	defer stopWaits(x)
	st := &modifyRunState{modifyRun: modifyRun{p: p, e: env{params: x.params, sess: x.s, exec: x}, txn: x.txn, Collector: pexec.Collector{Mem: x.mem}}}
	r, b := &st.modifyRun, &st.b
	root, err := p.execTree(ctx, x, &r.e, b, &st.node)
	if err != nil {
		return nil, err
	}
	env := st.run.initEnv(ctx, x, &r.e, b)
	env.Writer = r
	if x.analyze != nil {
		lowered, err := p.lowerTree(x)
		if err != nil {
			return nil, err
		}
		env.Actual = x.analyze.actual
		x.analyze.modifies[p] = &modifyTrace{lowered: lowered, run: root}
	}
	n, err := pexec.Run(env, root, r)
	x.analyze.ranPlan(p, n)
	if err != nil {
		return nil, err
	}
	st.res = backend.Result{Columns: p.columns(), Rows: r.Rows, Tag: modifyTag(p.tag, r.n)}
	return &st.res, nil
}

// modifyRunState is what one run of a modifyPlan allocates, in one
// allocation: the Writer and RETURNING collector, the build of its tree,
// the tree's Modify node, the exec.Env, and the result.
type modifyRunState struct {
	modifyRun
	b    execBuild
	node ir.Modify
	run  execEnvState
	res  backend.Result
}

// execTree is the Modify of one execution over the rows to change, made
// in m.
func (p *modifyPlan) execTree(ctx context.Context, x *execCtx, e *env, b *execBuild, m *ir.Modify) (*ir.Modify, error) {
	src, err := p.rows.execSource(ctx, x, e, b, -1, 0) // select_exec.go
	if err != nil {
		return nil, err
	}
	*m = p.modifyNode(src)
	if p.ret != nil {
		m.Returning = boundExprs(p.ret.items)
	}
	return m, nil
}

// modifyNode is p's Modify node over in.
func (p *modifyPlan) modifyNode(in ir.Node) ir.Modify {
	op := ir.Delete
	if p.set != nil {
		op = ir.Update
	}
	return ir.Modify{Info: ir.Info{Out: planColumns(p.columns())}, Unary: ir.Unary{Input: in}, Op: op, Relation: p.table.Name, Alias: p.rows.alias}
}

// modifyTags are the tags of INSERTs, UPDATEs and DELETEs of up to 100
// rows, made once.
var modifyTags = map[string][]string{"INSERT 0": countTags("INSERT 0"), "UPDATE": countTags("UPDATE"), "DELETE": countTags("DELETE")}

// countTags are the tags "VERB 0" to "VERB 100".
func countTags(verb string) []string {
	tags := make([]string, 101)
	for i := range tags {
		tags[i] = verb + " " + strconv.Itoa(i)
	}
	return tags
}

// modifyTag is the CommandComplete tag of an INSERT ("INSERT 0"), UPDATE
// or DELETE (verb) that changed n rows.
func modifyTag(verb string, n int64) string {
	if tags := modifyTags[verb]; n >= 0 && n < int64(len(tags)) {
		return tags[n]
	}
	return verb + " " + strconv.FormatInt(n, 10)
}

// lower is p's tree for EXPLAIN (lowerTree); under EXPLAIN ANALYZE (tr)
// the one lowered before the run, with the rows the run's Modify and
// scan emitted.
func (p *modifyPlan) lower(x *execCtx, tr *setOpTrace) (ir.Node, error) {
	if tr == nil || tr.modifies[p] == nil {
		return p.lowerTree(x)
	}
	t := tr.modifies[p]
	t.lowered.Actual = tr.actualOf(t.run)
	l, r := ir.Top(t.lowered.Input), t.run.Input
	if f, ok := l.(*ir.Filter); ok && p.joined() { // WHERE over the join (dml_join.go)
		rf, _ := r.(*ir.Filter)
		if rf == nil {
			return t.lowered, nil
		}
		f.Actual = tr.actualOf(rf)
		l, r = f.Input, rf.Input
	}
	pairActual(l, r, tr) // lower_analyze.go: through a join's inputs
	return t.lowered, nil
}

// lowerTree is p's Modify over the lowered scan of the rows to change
// (selectPlan.lowerRows: estimates and the access-path rule), with the
// scalar subqueries of SET, WHERE and RETURNING as its InitPlans.
func (p *modifyPlan) lowerTree(x *execCtx) (*ir.Modify, error) {
	in, err := p.rows.lowerRows(x, nil) // lower_select.go
	if err != nil {
		return nil, err
	}
	m := new(ir.Modify)
	*m = p.modifyNode(in)
	for _, s := range scalarSubqueries(p.exprs()) { // explain_initplan.go
		sub, err := lowerPlan(s.plan, x, nil)
		if err != nil {
			return nil, err
		}
		m.SubPlans = append(m.SubPlans, s.irSubPlan(sub)) // subquery_exec.go
	}
	return m, nil
}

// exprs are the expressions of p: SET's values in column order, WHERE,
// RETURNING's items.
func (p *modifyPlan) exprs() []expr {
	var out []expr
	for c := range p.table.Columns {
		if v, ok := p.set[c]; ok {
			out = append(out, v)
		}
	}
	out = append(out, p.cond)
	if p.ret != nil {
		out = append(out, p.ret.items...)
	}
	return out
}

// modifyRun is one run of p: the env its expressions are evaluated in,
// the exec.Writer that applies p to each target row and counts the rows
// changed (the tag's count), and the exec.Sink (Collector) of its
// RETURNING rows.
type modifyRun struct {
	p   *modifyPlan
	e   env
	txn *catalog.Txn
	n   int64
	pexec.Collector
	// seen holds the slots of the rows a joined statement has met
	// (dml_join.go); nil otherwise.
	seen map[uint64]struct{}
}

// Write implements exec.Writer: row is the table's columns, then a
// pointer to the slot (rowIDBuf), then, for a join, the other
// relations' columns.
func (w *modifyRun) Write(_ *ir.Modify, row []any) ([]any, error) {
	cols := len(w.p.table.Columns)
	slot := *row[cols].(*uint64)
	if w.changed(slot) { // dml_join.go
		return nil, nil
	}
	if !w.p.joined() {
		row = row[:cols:cols]
	}
	out, ok, err := w.p.change(&w.e, w.txn, slot, row)
	if err != nil || !ok {
		return nil, err
	}
	w.noteChanged(slot)
	w.n++
	return out, nil
}

// change applies the statement to one target row; in is the row the
// statement reads (the target's columns first; for a join, the joined
// row). When a concurrent transaction updated the row and committed
// meanwhile, it follows the row to its newest version, checks WHERE
// again on it (over the joined row with the newest version in it) and
// changes that (PostgreSQL's EvalPlanQual, READ COMMITTED); ok is false
// when the row was deleted or no longer passes WHERE. The catalog finds
// the newest version through the update chain (catalog.RowMoved).
func (p *modifyPlan) change(e *env, txn *catalog.Txn, slot uint64, in []any) (row []any, ok bool, err error) {
	for {
		row, err = p.apply(e, txn, slot, in)
		var moved *catalog.RowMoved
		if !errors.As(err, &moved) {
			return row, err == nil, err
		}
		if moved.Vals == nil {
			return nil, false, nil
		}
		slot, in = moved.Slot, moved.Vals
		if p.joined() {
			in = joinedRow(e.row, moved.Vals) // dml_join.go
		}
		if p.where() == nil {
			continue
		}
		e.row = in
		v, err := p.where().Eval(e)
		if err != nil || !truthy(v) {
			return nil, false, err
		}
	}
}

// apply deletes or updates one row and returns the row RETURNING sees:
// the deleted or new version, for a join within the joined row in.
func (p *modifyPlan) apply(e *env, txn *catalog.Txn, slot uint64, in []any) ([]any, error) {
	cols := len(p.table.Columns)
	e.row = in
	if p.set == nil {
		return in, txn.Delete(p.table, slot)
	}
	row := append([]any(nil), in[:cols]...)
	for c, ex := range p.set {
		v, err := ex.Eval(e)
		if err != nil {
			return nil, err
		}
		row[c] = v
	}
	if _, err := txn.Update(p.table, slot, row); err != nil || !p.joined() {
		return row, err
	}
	return joinedRow(in, row), nil
}
