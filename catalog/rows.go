package catalog

import (
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Scan calls fn with every row version visible to t, in slot order, until
// fn returns false. vals must not be modified or kept past the statement.
// It takes no lock: versions appended during the scan belong to
// transactions t's snapshot does not see.
func (t *Txn) Scan(tb *Table, fn func(slot uint64, vals []any) bool) {
	t.noteRead(tb)
	n := tb.Slots()
	if n == 0 {
		return
	}
	cs := *tb.chunks.Load()
	for i := uint64(0); i < n; i++ {
		v := &cs[i>>chunkBits][i&chunkMask]
		if t.visible(v) && !fn(i, tb.logical(v.vals)) {
			return
		}
	}
}

// Get returns the values of slot if that version is visible to t.
func (t *Txn) Get(tb *Table, slot uint64) ([]any, bool) {
	t.noteRead(tb)
	if slot >= tb.Slots() {
		return nil, false
	}
	v := tb.version(slot)
	if !t.visible(v) {
		return nil, false
	}
	return tb.logical(v.vals), true
}

// Visible reports whether slot holds a version visible to t.
func (t *Txn) Visible(tb *Table, slot uint64) bool {
	_, ok := t.Get(tb, slot)
	return ok
}

// NextSerial hands out the next value of a serial column's sequence.
// Like PostgreSQL's nextval it is not undone by rollback.
func (t *Txn) NextSerial(tb *Table, col int) int64 {
	tb.seqMu.Lock()
	tb.seqs[col]++
	v := tb.seqs[col]
	tb.seqMu.Unlock()
	if t.seqs == nil {
		t.seqs = map[*Table]map[int]int64{}
	}
	if t.seqs[tb] == nil {
		t.seqs[tb] = map[int]int64{}
	}
	t.seqs[tb][col] = v
	return v
}

// Insert adds a row (one value per column, already of the column types) and
// returns its slot. Errors: 23502 for NULL in a NOT NULL column, 23505 for a
// duplicate primary key. When the key is held by a version another
// transaction in progress inserted or is deleting and t waits (SetWait),
// Insert waits for it to end and checks again (PostgreSQL's behaviour);
// errors of the wait are those of lock.go (40P01, 55P03, 57014). Table
// writer lock held (see Txn); it takes t's table lock on tb.
func (t *Txn) Insert(tb *Table, vals []any) (uint64, error) {
	slot, err := t.insert(tb, vals, nil)
	if err == nil {
		tb.Access.TupIns.Add(1)
	}
	return slot, err
}

// insert is Insert; old is the version an update replaces (nil for an
// insert), whose unchanged foreign keys are not checked again.
func (t *Txn) insert(tb *Table, vals []any, old *rowVersion) (uint64, error) {
	if err := t.holdTable(tb); err != nil {
		return 0, err
	}
	if err := checkNotNull(tb, vals); err != nil {
		return 0, err
	}
	if err := t.checkChecks(tb, vals); err != nil {
		return 0, err
	}
	key, err := t.checkKeys(tb, vals)
	if err != nil {
		return 0, err
	}
	slot := tb.appendVersion(t.xid, tb.physical(vals))
	tb.storeKeys(slot, key, vals)
	t.queueChildChecks(tb, slot, old) // constraint_defer.go
	tb.changes.Add(1)
	// Recorded before indexing, so a failed index insert is still undone
	// by rollback (the statement's error aborts the transaction).
	t.ops = append(t.ops, op{kind: opInsert, table: tb, slot: slot})
	if err := tb.indexSlot(slot, vals); err != nil {
		return 0, err
	}
	return slot, nil
}

// RowMoved is the error Delete and Update return, in a READ COMMITTED
// transaction that waits (SetWait), when the version to change was
// deleted or updated by a transaction that committed after the
// statement's snapshot (PostgreSQL's EvalPlanQual case). Vals nil: the
// row was deleted, or already changed by t itself, and is to be skipped.
// Otherwise Slot and Vals are the row's next version (found through the
// update chain, rowVersion.next), which the caller re-checks against its
// WHERE and changes in its place.
type RowMoved struct {
	Slot uint64
	Vals []any
}

func (e *RowMoved) Error() string {
	if e.Vals == nil {
		return "row was deleted by a concurrent transaction"
	}
	return fmt.Sprintf("row was updated by a concurrent transaction; new version at slot %d", e.Slot)
}

var errConcurrentUpdate = pgerror.New(pgerror.SerializationFailure, "could not serialize access due to concurrent update")

// Delete marks the version at slot, visible to t, deleted by t. A version
// another transaction in progress is deleting or updating is a 40001
// error, unless t waits (SetWait): then Delete waits for it to end and
// looks again. A version a transaction deleted or updated and committed
// after t's snapshot is 40001 outside waiting and in REPEATABLE READ, and
// *RowMoved in READ COMMITTED. Table writer lock held (see Txn).
func (t *Txn) Delete(tb *Table, slot uint64) error {
	err := t.deleteVersion(tb, slot, false, nil)
	if err == nil {
		tb.Access.TupDel.Add(1)
	}
	return err
}

// deleteVersion is Delete; with skipRefs (an update, which applies the
// foreign keys referencing tb itself after storing the new version, or
// TRUNCATE, whose referencing tables are truncated too) it leaves out
// the referencing rows' check. newVals is an update's new row (nil for
// a delete), which says the row lock the change needs (updateLockMode):
// another open transaction's conflicting row lock (rowlock.go) is waited
// for as its change would be.
func (t *Txn) deleteVersion(tb *Table, slot uint64, skipRefs bool, newVals []any) error {
	if err := t.holdTable(tb); err != nil {
		return err
	}
	v := tb.version(slot)
	for {
		xmax := v.getXmax()
		locker := invalidXID
		if xmax == invalidXID {
			locker = t.writerWait(tb, v, slot, newVals) // rowlock.go: sets xmax when no lock holder conflicts
		}
		switch {
		case locker != invalidXID:
			if !t.waiting() {
				return errConcurrentUpdate
			}
			if err := t.waitRow(tb, locker); err != nil {
				return err
			}
		case xmax == invalidXID:
			tb.changes.Add(1)
			t.ops = append(t.ops, op{kind: opDelete, table: tb, slot: slot})
			if skipRefs || len(tb.referencing()) == 0 {
				return nil
			}
			return t.checkChildren(tb, tb.logical(v.vals), nil) // constraint_fk.go
		case xmax == t.xid:
			return nil
		case !t.waiting():
			return errConcurrentUpdate
		case t.c.isActive(xmax):
			if err := t.waitRow(tb, xmax); err != nil {
				return err
			}
		case v.getXmax() != xmax:
			// rolled back between the two loads: look again
		case t.repeatable:
			return errConcurrentUpdate
		default:
			return t.moved(tb, v, xmax)
		}
	}
}

// moved returns the RowMoved for v, deleted or updated by the committed
// transaction x: the last version of the row x wrote (x may have updated
// it several times), or Vals nil when x deleted it.
func (t *Txn) moved(tb *Table, v *rowVersion, x XID) error {
	for {
		n := v.next.Load()
		if n == 0 {
			return &RowMoved{}
		}
		nv := tb.version(n - 1)
		if nv.getXmin() != x {
			return &RowMoved{}
		}
		if nv.getXmax() != x {
			return &RowMoved{Slot: n - 1, Vals: tb.logical(nv.vals)}
		}
		v = nv
	}
}

// Update replaces the version at slot, visible to t, with vals and
// returns the new version's slot. Errors: those of Delete (including
// *RowMoved, and a RowMoved with nil Vals for a version t itself already
// replaced) and Insert. Table writer lock held (see Txn).
func (t *Txn) Update(tb *Table, slot uint64, vals []any) (uint64, error) {
	n, err := t.update(tb, slot, vals)
	if err == nil {
		tb.Access.TupUpd.Add(1)
	}
	return n, err
}

// update is Update before it is counted (TableAccess).
func (t *Txn) update(tb *Table, slot uint64, vals []any) (uint64, error) {
	if t.waiting() && tb.version(slot).getXmax() == t.xid && t.xid != invalidXID {
		return 0, &RowMoved{}
	}
	if err := t.deleteVersion(tb, slot, true, vals); err != nil {
		return 0, err
	}
	ns, err := t.insert(tb, vals, tb.version(slot))
	if err != nil {
		return ns, err
	}
	tb.version(slot).next.Store(ns + 1)
	if len(tb.referencing()) > 0 {
		err = t.checkChildren(tb, tb.logical(tb.version(slot).vals), vals) // constraint_fk.go
	}
	return ns, err
}

func checkNotNull(tb *Table, vals []any) error {
	for i, c := range tb.Columns {
		if vals[i] == nil && c.NotNull {
			return pgerror.Errorf(pgerror.NotNullViolation,
				"null value in column %q of relation %q violates not-null constraint", c.Name, tb.Name).
				WithDetail(failingRow(tb, vals)).WithObject(tb.Name, c.Name, "")
		}
	}
	return nil
}

// failingRow is PostgreSQL's DETAIL for a row a constraint refuses:
// "Failing row contains (1, null, abc)." with each value in its text form.
func failingRow(tb *Table, vals []any) string {
	parts := make([]string, len(tb.Columns))
	for i, c := range tb.Columns {
		if vals[i] == nil {
			parts[i] = "null"
		} else {
			parts[i] = string(types.AppendText(nil, c.Type, vals[i]))
		}
	}
	return "Failing row contains (" + strings.Join(parts, ", ") + ")."
}

// checkUnique returns the primary-key map key of vals ("" when the table
// has no primary key) or 23505 when a possibly live version holds it.
// When t waits (SetWait) and the holder is a version another transaction
// in progress inserted or is deleting, it waits for that transaction and
// checks again.
func (t *Txn) checkUnique(tb *Table, vals []any) (string, error) {
	if len(tb.PrimaryKey) == 0 {
		return "", nil
	}
	key := pkeyOf(tb, vals)
	for {
		x, taken := t.holder(tb, tb.pkey[key])
		if !taken {
			return key, nil
		}
		if x == invalidXID || !t.waiting() {
			return "", pgerror.Errorf(pgerror.UniqueViolation,
				"duplicate key value violates unique constraint %q", bareName(tb.PKeyName)).
				WithDetail(fmt.Sprintf("Key (%s)=(%s) already exists.", pkeyNames(tb), pkeyText(tb, vals))).
				WithObject(tb.Name, "", tb.PKeyName)
		}
		if err := t.waitRow(tb, x); err != nil {
			return "", err
		}
	}
}

// holder reports whether a possibly live version among slots (those
// holding one key) holds it and, if its fate depends on another
// transaction in progress (its inserter, or its deleter), that
// transaction's xid (invalidXID: the key is taken for good).
func (t *Txn) holder(tb *Table, slots []uint64) (XID, bool) {
	var pending XID
	for _, s := range slots {
		v := tb.version(s)
		if !t.mayConflict(v) {
			continue
		}
		xmin := v.getXmin()
		if xmin != t.xid && t.c.isActive(xmin) {
			pending = xmin
			continue
		}
		xmax := v.getXmax()
		if xmax != invalidXID && xmax != t.xid && t.c.isActive(xmax) {
			pending = xmax
			continue
		}
		return invalidXID, true
	}
	return pending, pending != invalidXID
}

// LookupKey returns the row version visible to t whose primary key equals
// the primary-key columns of vals (vals has one value per table column;
// the others are ignored), for INSERT ... ON CONFLICT. ok is false when
// the table has no primary key, a key value is NULL (NULLs never
// conflict) or no visible version holds the key. Table writer lock held.
func (t *Txn) LookupKey(tb *Table, vals []any) (slot uint64, row []any, ok bool) {
	return t.LookupKeyOf(tb, nil, vals)
}

// LookupKeyOf is LookupKey for the unique key k of tb, the primary key
// when k is nil. Table writer lock held.
func (t *Txn) LookupKeyOf(tb *Table, k *Constraint, vals []any) (slot uint64, row []any, ok bool) {
	slots, ok := keySlots(tb, k, vals)
	if !ok {
		return 0, nil, false
	}
	for _, s := range slots {
		if v := tb.version(s); t.visible(v) {
			return s, tb.logical(v.vals), true
		}
	}
	return 0, nil, false
}

// LookupKeyLatest returns the live version holding the primary key of
// vals (as LookupKey) even when t's snapshot does not see it: one whose
// inserter committed (or is t) and that no committed transaction deleted,
// for ON CONFLICT after Insert waited for the key's inserter (PostgreSQL,
// READ COMMITTED, "INSERT ... ON CONFLICT DO UPDATE"). In REPEATABLE READ
// a version t's snapshot does not see is 40001. Table writer lock held.
func (t *Txn) LookupKeyLatest(tb *Table, vals []any) (slot uint64, row []any, ok bool, err error) {
	return t.LookupKeyLatestOf(tb, nil, vals)
}

// LookupKeyLatestOf is LookupKeyLatest for the unique key k of tb, the
// primary key when k is nil. Table writer lock held.
func (t *Txn) LookupKeyLatestOf(tb *Table, k *Constraint, vals []any) (slot uint64, row []any, ok bool, err error) {
	slots, ok := keySlots(tb, k, vals)
	if !ok {
		return 0, nil, false, nil
	}
	for _, s := range slots {
		v := tb.version(s)
		xmin := v.getXmin()
		if !t.mayConflict(v) || (xmin != t.xid && t.c.isActive(xmin)) {
			continue
		}
		if t.repeatable && !t.visible(v) {
			return 0, nil, false, errConcurrentUpdate
		}
		return s, tb.logical(v.vals), true, nil
	}
	return 0, nil, false, nil
}

// keySlots returns the slots holding the key of vals in tb's unique key
// k (the primary key when nil); false when there is no such key or the
// row's key has a NULL that never conflicts.
func keySlots(tb *Table, k *Constraint, vals []any) ([]uint64, bool) {
	if k != nil {
		key, ok := k.keyOf(vals)
		if !ok || k.keys == nil {
			return nil, false
		}
		return k.keys[key], true
	}
	if len(tb.PrimaryKey) == 0 {
		return nil, false
	}
	for _, c := range tb.PrimaryKey {
		if vals[c] == nil {
			return nil, false
		}
	}
	return tb.pkey[pkeyOf(tb, vals)], true
}

// pkeyOf is the primary-key map key of row vals: its key columns'
// types.AppendKey, equal exactly when = calls the keys equal (1.5 and
// 1.50, -0 and 0, jsonb 1.0 and 1), as for PostgreSQL's unique B-tree.
func pkeyOf(tb *Table, vals []any) string {
	var b []byte
	for _, c := range tb.PrimaryKey {
		b = types.AppendKey(b, vals[c])
	}
	return string(b)
}

func pkeyNames(tb *Table) string {
	names := make([]string, len(tb.PrimaryKey))
	for i, c := range tb.PrimaryKey {
		names[i] = tb.Columns[c].Name
	}
	return strings.Join(names, ", ")
}

func pkeyText(tb *Table, vals []any) string {
	parts := make([]string, len(tb.PrimaryKey))
	for i, c := range tb.PrimaryKey {
		parts[i] = string(types.AppendText(nil, tb.Columns[c].Type, vals[c]))
	}
	return strings.Join(parts, ", ")
}

// forgetSlot drops an aborted version from the primary-key map and the
// indexes. Table writer lock held.
func (tb *Table) forgetSlot(slot uint64, vals []any) {
	tb.keysMu.Lock()
	if len(tb.PrimaryKey) > 0 {
		key := pkeyOf(tb, tb.logical(vals))
		slots := tb.pkey[key]
		for i, s := range slots {
			if s == slot {
				slots = append(slots[:i], slots[i+1:]...)
				break
			}
		}
		if len(slots) == 0 {
			delete(tb.pkey, key)
		} else {
			tb.pkey[key] = slots
		}
	}
	tb.forgetKeysLocked(slot, tb.logical(vals))
	tb.keysMu.Unlock()
	tb.tombstone(slot)
}

// tombstone removes slot from every HNSW graph and B-tree (deleted or
// aborted version). Table writer lock held (or start-up).
func (tb *Table) tombstone(slot uint64) {
	for _, ix := range tb.Indexes {
		ix.forget(slot, tb.version(slot).vals)
	}
}

// forget removes one version's entry from ix (a no-op when absent).
func (ix *Index) forget(slot uint64, vals []any) {
	if ix.Graph != nil {
		ix.Graph.Delete(slot)
	}
	if ix.IVF != nil {
		ix.IVF.Delete(slot)
	}
	if ix.BTree != nil {
		if k, ok := ix.value(vals); ok {
			ix.BTree.Delete(k, slot)
		}
	}
}

// indexSlot adds a new version to the table's HNSW graphs (NULL vectors are
// not indexed, as in pgvector) and B-trees (NULLs included).
func (tb *Table) indexSlot(slot uint64, vals []any) error {
	for _, ix := range tb.Indexes {
		if err := ix.add(slot, vals); err != nil {
			return err
		}
	}
	return nil
}

// add enters one version into ix.
func (ix *Index) add(slot uint64, vals []any) error {
	k, ok, err := ix.key(vals)
	if err != nil || !ok {
		return err
	}
	if ix.BTree != nil {
		ix.BTree.Insert(k, slot)
	}
	if k == nil {
		return nil
	}
	if ix.IVF != nil {
		if err := ix.IVF.Insert(slot, graphVector(k)); err != nil {
			return pgerror.Internal(fmt.Errorf("index %s: %w", ix.Name, err))
		}
		return nil
	}
	if ix.Graph == nil {
		return nil
	}
	if err := checkGraphValue(k); err != nil {
		return err
	}
	if err := ix.Graph.Insert(slot, graphVector(k)); err != nil {
		return pgerror.Internal(fmt.Errorf("index %s: %w", ix.Name, err))
	}
	return nil
}
