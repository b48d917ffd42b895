package planner

import (
	"errors"
	"slices"

	"github.com/vecgres/vecgres/catalog"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// INSERT ... ON CONFLICT (PostgreSQL docs, INSERT, "ON CONFLICT Clause").
// The arbiters are the unique keys (the primary key, unique constraints
// and unique indexes) a target infers: every key whose columns are
// exactly the target's (42P10 when none is), the constraint ON
// CONFLICT ON CONSTRAINT names, or, for DO NOTHING without a target,
// every unique key. A proposed row whose key a visible row already holds is
// skipped (DO NOTHING) or updates that row (DO UPDATE, when its WHERE
// holds); a row this statement already inserted or updated cannot be
// updated again (21000). A key an uncommitted transaction holds is waited
// for (catalog Txn.Insert); once that transaction committed, DO NOTHING
// skips the row and DO UPDATE updates the committed row although the
// statement's snapshot does not see it (catalog Txn.LookupKeyLatest), as
// PostgreSQL does in READ COMMITTED.

// conflictPlan is a bound ON CONFLICT clause.
type conflictPlan struct {
	// arbiters names the arbiter keys ("" is the primary key), resolved
	// against the table's current keys at each run.
	arbiters []string
	update   bool
	set      map[int]expr // DO UPDATE SET, over existing row ++ proposed row
	where    expr         // DO UPDATE ... WHERE; nil when absent
	// anyKey: DO NOTHING without a conflict target, whose arbiters are
	// every unique key (EXPLAIN prints none).
	anyKey bool
}

// bindConflict binds ON CONFLICT for table t (b.table is t).
func (b *binder) bindConflict(t *catalog.Table, oc *sql.OnConflict) (*conflictPlan, error) {
	if oc == nil {
		return nil, nil
	}
	targetWhere, err := b.bindCondition(oc.TargetWhere, "WHERE") // infers partial unique indexes (conflict_infer.go)
	if err != nil {
		return nil, err
	}
	targetExprs, err := b.bindConflictExprs(oc.TargetExprs) // conflict_infer.go
	if err != nil {
		return nil, err
	}
	arbiters, err := checkArbiter(t, oc, targetWhere, targetExprs)
	if err != nil {
		return nil, err
	}
	p := &conflictPlan{update: oc.Update, arbiters: arbiters, anyKey: oc.Constraint == "" && len(oc.Columns) == 0}
	if !oc.Update {
		return p, nil
	}
	saved := b.query
	b.query = &queryScope{excluded: t, nsub: b.subCounter()}
	defer func() { b.query = saved }()
	p.set = map[int]expr{}
	for _, a := range oc.Set {
		c := t.ColumnIndex(a.Column)
		if c < 0 {
			return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", a.Column, t.Name)
		}
		if _, dup := p.set[c]; dup {
			return nil, pgerror.Errorf(pgerror.SyntaxError, "multiple assignments to same column %q", a.Column)
		}
		v, err := b.bindAssignment(a.Value, t, c)
		if err != nil {
			return nil, err
		}
		p.set[c] = v
	}
	p.where, err = b.bindCondition(oc.Where, "WHERE")
	rel := t.Name
	if b.alias != "" {
		rel = b.alias
	}
	qualifyTarget(p.where, rel, len(t.Columns))
	return p, err
}

// qualifyTarget makes the target table's columns in x (those before its
// proposed row's, excluded's) print qualified by rel, as PostgreSQL's
// EXPLAIN prints DO UPDATE's WHERE ("(t.v < 10)").
func qualifyTarget(x expr, rel string, cols int) {
	if c, ok := x.(*colExpr); ok && c.idx < cols && c.qual == "" {
		c.qual = rel
	}
	for _, ch := range children(x) { // walk.go
		if ch != nil {
			qualifyTarget(ch, rel, cols)
		}
	}
}

// checkArbiter infers the arbiter keys of the conflict target from t's
// unique keys and returns their names ("" for the primary key);
// targetWhere is the target's bound index predicate (nil: none),
// targetExprs its bound expressions (conflict_infer.go).
func checkArbiter(t *catalog.Table, oc *sql.OnConflict, targetWhere expr, targetExprs []expr) ([]string, error) {
	noMatch := pgerror.New(pgerror.InvalidColumnReference, "there is no unique or exclusion constraint matching the ON CONFLICT specification")
	switch {
	case len(targetExprs) > 0:
		if out := exprArbiters(t, oc, targetExprs, targetWhere); len(out) > 0 {
			return out, nil
		}
		return nil, noMatch
	case oc.Constraint != "":
		if t.PKeyName != "" && oc.Constraint == t.PKeyName {
			return []string{""}, nil
		}
		if k, ok := t.Constraint(oc.Constraint); ok && k.IsUnique() && !k.IndexOnly {
			return []string{k.Name}, nil
		}
		return nil, pgerror.Errorf(pgerror.UndefinedObject, "constraint %q for table %q does not exist", oc.Constraint, t.Name)
	case len(oc.Columns) > 0:
		cols := make([]int, 0, len(oc.Columns))
		for _, name := range oc.Columns {
			c := t.ColumnIndex(name)
			if c < 0 {
				return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", name).WithPosition(oc.TargetP + 1)
			}
			if !slices.Contains(cols, c) {
				cols = append(cols, c)
			}
		}
		var out []string
		if sameColumns(cols, t.PrimaryKey) {
			out = append(out, "")
		}
		for _, k := range t.Uniques() {
			// a unique partial index (its predicate in CheckExpr) is
			// inferred only with a WHERE implying it (conflict_infer.go)
			if sameColumns(cols, k.Columns) && (k.CheckExpr == "" || partialArbiter(t, k, targetWhere)) {
				out = append(out, k.Name)
			}
		}
		if len(out) == 0 {
			return nil, noMatch
		}
		return out, nil
	case oc.Update:
		return nil, pgerror.New(pgerror.SyntaxError, "ON CONFLICT DO UPDATE requires inference specification or constraint name").
			WithHint("For example, ON CONFLICT (column_name).").WithPosition(oc.P + 1)
	}
	out := []string{""}
	for _, k := range t.Uniques() {
		out = append(out, k.Name)
	}
	return out, nil
}

// sameColumns reports whether a and b hold the same columns (b not empty).
func sameColumns(a, b []int) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return len(y) > 0 && slices.Equal(x, y)
}

// arbiter runs ON CONFLICT for one execution. Each proposed row's key is
// looked up in the table's primary-key map (catalog.Txn.LookupKey, which
// also sees this transaction's own writes); mine holds the slots this
// statement wrote, to refuse a second update of the same row.
type arbiter struct {
	p    *conflictPlan
	x    *execCtx
	t    *catalog.Table
	keys []*catalog.Constraint // the arbiter keys; nil stands for the primary key
	mine map[uint64]bool
	// inserted and conflicting count the proposed rows inserted and
	// those that met a key already held (EXPLAIN ANALYZE's lines).
	inserted, conflicting int
}

// start begins an execution of the clause on table t, its arbiters
// resolved by name against t's keys (a key dropped since the statement
// was bound is left out).
func (p *conflictPlan) start(x *execCtx, t *catalog.Table) *arbiter {
	a := &arbiter{p: p, x: x, t: t, mine: map[uint64]bool{}}
	for _, name := range p.arbiters {
		if name == "" {
			if len(t.PrimaryKey) > 0 {
				a.keys = append(a.keys, nil)
			}
		} else if k, ok := t.Constraint(name); ok {
			a.keys = append(a.keys, k)
		}
	}
	return a
}

// lookup returns the row visible to the statement that holds one of the
// arbiter keys of vals.
func (a *arbiter) lookup(vals []any) (uint64, []any, bool) {
	for _, k := range a.keys {
		if slot, old, ok := a.x.txn.LookupKeyOf(a.t, k, vals); ok {
			return slot, old, true
		}
	}
	return 0, nil, false
}

// isArbiterViolation reports whether err is a 23505 of an arbiter key.
func (a *arbiter) isArbiterViolation(err error) bool {
	pe, ok := err.(*pgerror.Error)
	if !ok || pe.Code != pgerror.UniqueViolation {
		return false
	}
	for _, k := range a.keys {
		if (k == nil && pe.Constraint == a.t.PKeyName) || (k != nil && pe.Constraint == k.Name) {
			return true
		}
	}
	return false
}

// put inserts the proposed row vals or resolves its conflict; it returns
// the row RETURNING sees, or nil when nothing was written.
func (a *arbiter) put(e *env, vals []any) ([]any, error) {
	// PostgreSQL checks the proposed row's CHECK constraints before
	// looking for a conflict.
	if err := a.x.txn.CheckRow(a.t, vals); err != nil {
		return nil, err
	}
	if slot, old, ok := a.lookup(vals); ok {
		a.conflicting++
		if !a.p.update {
			return nil, nil
		}
		if a.mine[slot] {
			return nil, pgerror.New(pgerror.CardinalityViolation, "ON CONFLICT DO UPDATE command cannot affect row a second time").
				WithHint("Ensure that no rows proposed for insertion within the same command have duplicate constrained values.")
		}
		return a.update(e, slot, old, vals)
	}
	return a.insert(e, vals)
}

// insert inserts the proposed row vals, whose key no visible row holds;
// when Insert waited for the key's holder and that one committed, the
// conflict is resolved against its row.
func (a *arbiter) insert(e *env, vals []any) ([]any, error) {
	slot, err := a.x.txn.Insert(a.t, vals)
	if err != nil {
		if !a.isArbiterViolation(err) {
			return nil, err
		}
		a.conflicting++
		if !a.p.update {
			return nil, nil // committed by a transaction Insert waited for
		}
		// The key's inserter committed after the snapshot (Insert waited
		// for it): update its row, as PostgreSQL does in READ COMMITTED.
		for _, k := range a.keys {
			slot, old, ok, lerr := a.x.txn.LookupKeyLatestOf(a.t, k, vals)
			if lerr != nil {
				return nil, lerr
			}
			if ok {
				return a.update(e, slot, old, vals)
			}
		}
		return nil, err
	}
	a.mine[slot] = true
	a.inserted++
	return vals, nil
}

// update runs DO UPDATE on the visible row old at slot.
func (a *arbiter) update(e *env, slot uint64, old, proposed []any) ([]any, error) {
	e.row = append(slices.Clone(old), proposed...)
	if a.p.where != nil {
		v, err := a.p.where.Eval(e)
		if err != nil || !truthy(v) {
			return nil, err
		}
	}
	row := slices.Clone(old)
	for c, ex := range a.p.set {
		v, err := ex.Eval(e)
		if err != nil {
			return nil, err
		}
		row[c] = v
	}
	nslot, err := a.x.txn.Update(a.t, slot, row)
	var moved *catalog.RowMoved
	if errors.As(err, &moved) {
		// Changed by a transaction that committed after the snapshot
		// (Update waited for it): deleted, propose the row again;
		// updated, run DO UPDATE on the new version, as PostgreSQL
		// does in READ COMMITTED.
		if moved.Vals == nil {
			return a.insert(e, proposed)
		}
		return a.update(e, moved.Slot, moved.Vals, proposed)
	}
	if err != nil {
		return nil, err
	}
	a.mine[nslot] = true
	return row, nil
}

// explain is the clause as EXPLAIN prints it on table t: its action, the
// indexes of its arbiter keys (a constraint's index has its name), and
// DO UPDATE's WHERE; nil for no clause.
func (p *conflictPlan) explain(t *catalog.Table) *ir.Conflict {
	if p == nil {
		return nil
	}
	c := &ir.Conflict{Update: p.update}
	if !p.anyKey {
		for _, name := range p.arbiters {
			if name == "" {
				name = t.PKeyName
			}
			c.Arbiters = append(c.Arbiters, name)
		}
	}
	if p.where != nil {
		c.Filter = formatBound(p.where) // explain_expr.go
	}
	return c
}
