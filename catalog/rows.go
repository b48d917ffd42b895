package catalog

import (
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Scan calls fn with every row version visible to t, in slot order, until
// fn returns false. vals must not be modified or kept past the statement.
// It takes no lock: versions appended during the scan belong to
// transactions t's snapshot does not see.
func (t *Txn) Scan(tb *Table, fn func(slot uint64, vals []any) bool) {
	n := tb.Slots()
	if n == 0 {
		return
	}
	cs := *tb.chunks.Load()
	for i := uint64(0); i < n; i++ {
		v := &cs[i>>chunkBits][i&chunkMask]
		if t.visible(v) && !fn(i, v.vals) {
			return
		}
	}
}

// Get returns the values of slot if that version is visible to t.
func (t *Txn) Get(tb *Table, slot uint64) ([]any, bool) {
	if slot >= tb.Slots() {
		return nil, false
	}
	v := tb.version(slot)
	if !t.visible(v) {
		return nil, false
	}
	return v.vals, true
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
// duplicate primary key. Table writer lock held (see Txn).
func (t *Txn) Insert(tb *Table, vals []any) (uint64, error) {
	if err := checkNotNull(tb, vals); err != nil {
		return 0, err
	}
	key, err := t.checkUnique(tb, vals)
	if err != nil {
		return 0, err
	}
	slot := tb.appendVersion(t.xid, vals)
	if key != "" {
		tb.pkey[key] = append(tb.pkey[key], slot)
	}
	tb.changes.Add(1)
	// Recorded before indexing, so a failed index insert is still undone
	// by rollback (the statement's error aborts the transaction).
	t.ops = append(t.ops, op{kind: opInsert, table: tb, slot: slot})
	if err := tb.indexSlot(slot, vals); err != nil {
		return 0, err
	}
	return slot, nil
}

// Delete marks the visible version at slot deleted by t. A version another
// open transaction already deleted or updated is a 40001 error (vecgres does
// not wait for row locks). That includes a version a transaction deleted
// after t's snapshot was taken. Table writer lock held (see Txn).
func (t *Txn) Delete(tb *Table, slot uint64) error {
	v := tb.version(slot)
	xmax := v.getXmax()
	if xmax != invalidXID && xmax != t.xid {
		return pgerror.New(pgerror.SerializationFailure, "could not serialize access due to concurrent update")
	}
	if xmax == t.xid {
		return nil
	}
	v.xmax.Store(uint64(t.xid))
	tb.changes.Add(1)
	t.ops = append(t.ops, op{kind: opDelete, table: tb, slot: slot})
	return nil
}

// Update replaces the visible version at slot with vals and returns the new
// version's slot. Table writer lock held (see Txn).
func (t *Txn) Update(tb *Table, slot uint64, vals []any) (uint64, error) {
	if err := t.Delete(tb, slot); err != nil {
		return 0, err
	}
	return t.Insert(tb, vals)
}

func checkNotNull(tb *Table, vals []any) error {
	for i, c := range tb.Columns {
		if vals[i] == nil && c.NotNull {
			return pgerror.Errorf(pgerror.NotNullViolation,
				"null value in column %q of relation %q violates not-null constraint", c.Name, tb.Name).
				WithObject(tb.Name, c.Name, "")
		}
	}
	return nil
}

// checkUnique returns the primary-key map key of vals ("" when the table
// has no primary key) or 23505 when a possibly live version holds it.
func (t *Txn) checkUnique(tb *Table, vals []any) (string, error) {
	if len(tb.PrimaryKey) == 0 {
		return "", nil
	}
	key := pkeyOf(tb, vals)
	for _, s := range tb.pkey[key] {
		if t.mayConflict(tb.version(s)) {
			return "", pgerror.Errorf(pgerror.UniqueViolation,
				"duplicate key value violates unique constraint %q", tb.PKeyName).
				WithDetail(fmt.Sprintf("Key (%s)=(%s) already exists.", pkeyNames(tb), pkeyText(tb, vals))).
				WithObject(tb.Name, "", tb.PKeyName)
		}
	}
	return key, nil
}

// LookupKey returns the row version visible to t whose primary key equals
// the primary-key columns of vals (vals has one value per table column;
// the others are ignored), for INSERT ... ON CONFLICT. ok is false when
// the table has no primary key, a key value is NULL (NULLs never
// conflict) or no visible version holds the key. Table writer lock held.
func (t *Txn) LookupKey(tb *Table, vals []any) (slot uint64, row []any, ok bool) {
	if len(tb.PrimaryKey) == 0 {
		return 0, nil, false
	}
	for _, c := range tb.PrimaryKey {
		if vals[c] == nil {
			return 0, nil, false
		}
	}
	for _, s := range tb.pkey[pkeyOf(tb, vals)] {
		if v := tb.version(s); t.visible(v) {
			return s, v.vals, true
		}
	}
	return 0, nil, false
}

func pkeyOf(tb *Table, vals []any) string {
	var b []byte
	for _, c := range tb.PrimaryKey {
		b = appendDatum(b, vals[c])
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
	if len(tb.PrimaryKey) > 0 {
		key := pkeyOf(tb, vals)
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
	if ix.BTree != nil {
		ix.BTree.Delete(vals[ix.Column], slot)
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
	if ix.BTree != nil {
		ix.BTree.Insert(vals[ix.Column], slot)
	}
	if ix.Graph == nil || vals[ix.Column] == nil {
		return nil
	}
	if err := ix.Graph.Insert(slot, vals[ix.Column].(types.Vector)); err != nil {
		return pgerror.Internal(fmt.Errorf("index %s: %w", ix.Name, err))
	}
	return nil
}
