package catalog

// Hiding a statement's own earlier changes from its later reads. In
// PostgreSQL every part of a statement reads one snapshot, so the main
// query of a statement whose data-modifying WITH queries ran first does
// not see what they inserted, updated or deleted (docs 7.8.4, "Data-
// Modifying Statements in WITH"); it reads only their RETURNING rows.
// vecgres row versions carry no command id, so the planner marks the
// transaction's change list before the WITH queries run and hides the
// changes made since then while the main query runs.

// hiddenChanges are the versions t inserted and deleted since a mark.
type hiddenChanges struct {
	inserted map[*rowVersion]bool
	deleted  map[*rowVersion]bool
}

// ChangeMark is the number of row changes t has made, for
// HideChangesSince.
func (t *Txn) ChangeMark() int { return len(t.ops) }

// HideChangesSince makes the row changes t made from mark on invisible
// to its reads (a version it inserted is not seen, one it deleted is
// still seen) until ShowChanges. Changes made after the call are seen as
// usual.
func (t *Txn) HideChangesSince(mark int) {
	h := &hiddenChanges{inserted: map[*rowVersion]bool{}, deleted: map[*rowVersion]bool{}}
	for _, o := range t.ops[mark:] {
		v := o.table.version(o.slot)
		if o.kind == opInsert {
			h.inserted[v] = true
		} else {
			h.deleted[v] = true
		}
	}
	t.hide = h
}

// ShowChanges ends HideChangesSince.
func (t *Txn) ShowChanges() { t.hide = nil }

// visibleHidden is visible for a version t changed while some changes
// are hidden.
func (t *Txn) visibleHidden(v *rowVersion) (visible, decided bool) {
	switch {
	case t.hide.inserted[v]:
		return false, true
	case t.hide.deleted[v]:
		xmin := v.getXmin()
		return xmin != invalidXID && (xmin == t.xid || t.snap.committed(xmin)), true
	}
	return false, false
}
