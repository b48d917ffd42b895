package planner

import (
	"errors"
	"slices"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// INSERT ... ON CONFLICT (PostgreSQL docs, INSERT, "ON CONFLICT Clause").
// The only unique constraint vecgres has is the primary key, so it is the
// arbiter: a target must name exactly its columns (or its name, ON
// CONFLICT ON CONSTRAINT), and ON CONFLICT DO NOTHING without a target
// uses it too. A proposed row whose key a visible row already holds is
// skipped (DO NOTHING) or updates that row (DO UPDATE, when its WHERE
// holds); a row this statement already inserted or updated cannot be
// updated again (21000). A key an uncommitted transaction holds is waited
// for (catalog Txn.Insert); once that transaction committed, DO NOTHING
// skips the row and DO UPDATE updates the committed row although the
// statement's snapshot does not see it (catalog Txn.LookupKeyLatest), as
// PostgreSQL does in READ COMMITTED.

// conflictPlan is a bound ON CONFLICT clause.
type conflictPlan struct {
	update bool
	set    map[int]expr // DO UPDATE SET, over existing row ++ proposed row
	where  expr         // DO UPDATE ... WHERE; nil when absent
}

// bindConflict binds ON CONFLICT for table t (b.table is t).
func (b *binder) bindConflict(t *catalog.Table, oc *sql.OnConflict) (*conflictPlan, error) {
	if oc == nil {
		return nil, nil
	}
	if err := checkArbiter(t, oc); err != nil {
		return nil, err
	}
	p := &conflictPlan{update: oc.Update}
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
		v, err := b.bindAssignment(a.Value, t.Columns[c])
		if err != nil {
			return nil, err
		}
		p.set[c] = v
	}
	var err error
	p.where, err = b.bindCondition(oc.Where, "WHERE")
	return p, err
}

// checkArbiter checks the conflict target against t's primary key.
func checkArbiter(t *catalog.Table, oc *sql.OnConflict) error {
	noMatch := pgerror.New(pgerror.InvalidColumnReference, "there is no unique or exclusion constraint matching the ON CONFLICT specification")
	switch {
	case oc.Constraint != "":
		if oc.Constraint != t.PKeyName || t.PKeyName == "" {
			return pgerror.Errorf(pgerror.UndefinedObject, "constraint %q for table %q does not exist", oc.Constraint, t.Name)
		}
		return nil
	case len(oc.Columns) > 0:
		cols := make([]int, 0, len(oc.Columns))
		for _, name := range oc.Columns {
			c := t.ColumnIndex(name)
			if c < 0 {
				return pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", name).WithPosition(oc.TargetP + 1)
			}
			if !slices.Contains(cols, c) {
				cols = append(cols, c)
			}
		}
		pk := slices.Clone(t.PrimaryKey)
		slices.Sort(cols)
		slices.Sort(pk)
		if len(pk) == 0 || !slices.Equal(cols, pk) {
			return noMatch
		}
		return nil
	case oc.Update:
		return pgerror.New(pgerror.SyntaxError, "ON CONFLICT DO UPDATE requires inference specification or constraint name").
			WithHint("For example, ON CONFLICT (column_name).").WithPosition(oc.P + 1)
	}
	return nil
}

// arbiter runs ON CONFLICT for one execution. Each proposed row's key is
// looked up in the table's primary-key map (catalog.Txn.LookupKey, which
// also sees this transaction's own writes); mine holds the slots this
// statement wrote, to refuse a second update of the same row.
type arbiter struct {
	p    *conflictPlan
	x    *execCtx
	t    *catalog.Table
	mine map[uint64]bool
}

// start begins an execution of the clause on table t.
func (p *conflictPlan) start(x *execCtx, t *catalog.Table) *arbiter {
	return &arbiter{p: p, x: x, t: t, mine: map[uint64]bool{}}
}

// put inserts the proposed row vals or resolves its conflict; it returns
// the row RETURNING sees, or nil when nothing was written.
func (a *arbiter) put(e *env, vals []any) ([]any, error) {
	if slot, old, ok := a.x.txn.LookupKey(a.t, vals); ok {
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
		if !isUniqueViolation(err) {
			return nil, err
		}
		if !a.p.update {
			return nil, nil // committed by a transaction Insert waited for
		}
		// The key's inserter committed after the snapshot (Insert waited
		// for it): update its row, as PostgreSQL does in READ COMMITTED.
		slot, old, ok, lerr := a.x.txn.LookupKeyLatest(a.t, vals)
		if lerr != nil {
			return nil, lerr
		}
		if !ok {
			return nil, err
		}
		return a.update(e, slot, old, vals)
	}
	a.mine[slot] = true
	return vals, nil
}

func isUniqueViolation(err error) bool {
	pe, ok := err.(*pgerror.Error)
	return ok && pe.Code == pgerror.UniqueViolation
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
