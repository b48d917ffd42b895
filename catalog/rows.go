package catalog

import (
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// rowVersion is one version of a row (see package doc, MVCC).
type rowVersion struct {
	xmin, xmax XID
	vals       []any
}

// Scan calls fn with every row version visible to t, in slot order, until
// fn returns false. vals must not be modified or kept past the statement.
func (t *Txn) Scan(tb *Table, fn func(slot uint64, vals []any) bool) {
	for i := range tb.rows {
		v := &tb.rows[i]
		if t.visible(v) && !fn(uint64(i), v.vals) {
			return
		}
	}
}

// Get returns the values of slot if that version is visible to t.
func (t *Txn) Get(tb *Table, slot uint64) ([]any, bool) {
	if slot >= uint64(len(tb.rows)) {
		return nil, false
	}
	v := &tb.rows[slot]
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
	tb.seqs[col]++
	v := tb.seqs[col]
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
// duplicate primary key.
func (t *Txn) Insert(tb *Table, vals []any) (uint64, error) {
	if err := checkNotNull(tb, vals); err != nil {
		return 0, err
	}
	key, err := t.checkUnique(tb, vals)
	if err != nil {
		return 0, err
	}
	slot := uint64(len(tb.rows))
	tb.rows = append(tb.rows, rowVersion{xmin: t.xid, vals: vals})
	if key != "" {
		tb.pkey[key] = append(tb.pkey[key], slot)
	}
	if err := tb.indexSlot(slot, vals); err != nil {
		return 0, err
	}
	tb.changes.Add(1)
	t.ops = append(t.ops, op{kind: opInsert, table: tb, slot: slot})
	return slot, nil
}

// Delete marks the visible version at slot deleted by t. A version another
// open transaction already deleted or updated is a 40001 error (vecgres does
// not wait for row locks).
func (t *Txn) Delete(tb *Table, slot uint64) error {
	v := &tb.rows[slot]
	if v.xmax != invalidXID && v.xmax != t.xid {
		return pgerror.New(pgerror.SerializationFailure, "could not serialize access due to concurrent update")
	}
	if v.xmax == t.xid {
		return nil
	}
	v.xmax = t.xid
	tb.changes.Add(1)
	t.ops = append(t.ops, op{kind: opDelete, table: tb, slot: slot})
	return nil
}

// Update replaces the visible version at slot with vals and returns the new
// version's slot.
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
		if t.mayConflict(&tb.rows[s]) {
			return "", pgerror.Errorf(pgerror.UniqueViolation,
				"duplicate key value violates unique constraint %q", tb.PKeyName).
				WithDetail(fmt.Sprintf("Key (%s)=(%s) already exists.", pkeyNames(tb), pkeyText(tb, vals))).
				WithObject(tb.Name, "", tb.PKeyName)
		}
	}
	return key, nil
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
// HNSW graphs.
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
// aborted version).
func (tb *Table) tombstone(slot uint64) {
	for _, ix := range tb.Indexes {
		if ix.Graph != nil {
			ix.Graph.Delete(slot)
		}
		if ix.BTree != nil {
			ix.BTree.Delete(tb.rows[slot].vals[ix.Column], slot)
		}
	}
}

// indexSlot adds a new version to the table's HNSW graphs (NULL vectors are
// not indexed, as in pgvector) and B-trees (NULLs included).
func (tb *Table) indexSlot(slot uint64, vals []any) error {
	for _, ix := range tb.Indexes {
		if ix.BTree != nil {
			ix.BTree.Insert(vals[ix.Column], slot)
		}
		if ix.Graph == nil || vals[ix.Column] == nil {
			continue
		}
		if err := ix.Graph.Insert(slot, vals[ix.Column].(types.Vector)); err != nil {
			return pgerror.Internal(fmt.Errorf("index %s: %w", ix.Name, err))
		}
	}
	return nil
}
