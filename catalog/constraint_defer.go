package catalog

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// INITIALLY DEFERRED foreign keys (PostgreSQL 15 docs, CREATE TABLE,
// DEFERRABLE): their checks wait until COMMIT. A row stored in the
// child is checked against the parent then (if it is still live to the
// transaction), and a parent row's removed key against the child rows
// (NO ACTION). Referential actions (CASCADE, SET NULL, SET DEFAULT) and
// RESTRICT are never deferred, as in PostgreSQL. SET CONSTRAINTS is not
// supported, so a DEFERRABLE INITIALLY IMMEDIATE key behaves as a
// non-deferrable one.

// deferredCheck is one check left for COMMIT: a child row at slot of
// child (ref nil), or a parent's removed key (ref).
type deferredCheck struct {
	child *Table
	k     *Constraint
	slot  uint64
	ref   *pendingRef
}

// queueChildChecks queues, for a new version at slot of tb, the checks
// of tb's foreign keys: at the end of the statement, or at COMMIT for an
// INITIALLY DEFERRED key. An update (old not nil) that left a key's
// columns unchanged needs none, unless t inserted old itself
// (PostgreSQL's RI_FKey_fk_upd_check_required).
func (t *Txn) queueChildChecks(tb *Table, slot uint64, old *rowVersion) {
	for _, k := range tb.Constraints {
		if k.Kind != ConForeign {
			continue
		}
		if old != nil && old.getXmin() != t.xid && sameKeyValues(k.Columns, tb.logical(old.vals), tb.logical(tb.version(slot).vals)) {
			continue
		}
		t.queueCheck(k, deferredCheck{child: tb, k: k, slot: slot})
	}
}

// queueCheck queues d, a check of foreign key k, for the end of the
// statement or, k being INITIALLY DEFERRED, for COMMIT.
func (t *Txn) queueCheck(k *Constraint, d deferredCheck) {
	if k.Deferred {
		t.deferred = append(t.deferred, d)
	} else {
		t.noAction = append(t.noAction, d)
	}
}

// runCheck runs one queued check; x is an open transaction whose end
// it needs.
func (t *Txn) runCheck(d deferredCheck) (XID, error) {
	if d.ref != nil {
		return t.checkNoAction(*d.ref)
	}
	return t.checkDeferredChild(d)
}

// checkDeferred runs the deferred checks at COMMIT: 23503 for the first
// that fails. A row an open transaction inserted or is deleting is
// waited for (no lock is held at COMMIT).
func (t *Txn) checkDeferred() error {
	defer func() { t.deferred = nil }()
	for len(t.deferred) > 0 {
		x, err := t.runCheck(t.deferred[0])
		if err != nil {
			return err
		}
		if x == invalidXID {
			t.deferred = t.deferred[1:]
			continue
		}
		if err := t.waitFor(x); err != nil {
			return err
		}
	}
	return nil
}

// checkDeferredChild checks a child row stored under a deferred key:
// nothing when t deleted it since (or it was rolled back to a savepoint)
// or a parent row holds its key; x is an open transaction the answer
// depends on.
func (t *Txn) checkDeferredChild(d deferredCheck) (XID, error) {
	v := d.child.version(d.slot)
	if v.getXmin() != t.xid || v.getXmax() == t.xid {
		return invalidXID, nil
	}
	p := d.k.parent.Load()
	if p == nil {
		return invalidXID, nil
	}
	vals := d.child.logical(v.vals)
	pk, key, ok := parentKey(p, d.k, vals)
	if !ok || (p == d.child && selfReference(d.k, vals)) {
		return invalidXID, nil
	}
	found, x := t.liveHolder(p, slotsOf(p, pk, key))
	if found {
		return invalidXID, nil
	}
	if x != invalidXID {
		return x, nil
	}
	return invalidXID, pgerror.Errorf(pgerror.ForeignKeyViolation,
		"insert or update on table %q violates foreign key constraint %q", bareName(d.child.Name), bareName(d.k.Name)).
		WithDetail(fmt.Sprintf("Key (%s)=(%s) is not present in table %q.", d.k.ColumnNames(d.child), keyText(d.child, d.k.Columns, vals), bareName(p.Name))).
		WithObject(d.child.Name, "", d.k.Name)
}
