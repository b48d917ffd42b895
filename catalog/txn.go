package catalog

import "github.com/vecgres/vecgres/sql/pgerror"

// XID is a transaction id. 0 marks a version whose creator aborted;
// frozenXID marks versions restored from the WAL at start-up.
type XID uint64

const (
	invalidXID XID = 0
	frozenXID  XID = 1
)

type opKind uint8

const (
	opInsert opKind = iota + 1
	opDelete
)

// op is one row change of a transaction, kept until commit or rollback.
type op struct {
	kind  opKind
	table *Table
	slot  uint64
}

// Txn is one transaction. Its methods that read or change rows must be
// called with the catalog lock held (shared for reads, exclusive for
// writes); Commit and Rollback take the lock themselves.
type Txn struct {
	c    *Catalog
	xid  XID
	ops  []op
	seqs map[*Table]map[int]int64 // serial values handed out, for the WAL
	done bool
}

// Begin starts a transaction.
func (c *Catalog) Begin() *Txn {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextXID++
	x := c.nextXID
	c.active[x] = struct{}{}
	return &Txn{c: c, xid: x}
}

// XID returns the transaction's id.
func (t *Txn) XID() XID { return t.xid }

// Wrote reports whether the transaction changed any row.
func (t *Txn) Wrote() bool { return len(t.ops) > 0 }

// visible reports whether version v is visible to t (see package doc).
func (t *Txn) visible(v *rowVersion) bool {
	if v.xmin == invalidXID {
		return false
	}
	if v.xmin != t.xid && t.c.isActive(v.xmin) {
		return false
	}
	switch {
	case v.xmax == invalidXID:
		return true
	case v.xmax == t.xid:
		return false
	default:
		return t.c.isActive(v.xmax)
	}
}

// mayConflict reports whether v may still be live for someone: not aborted
// and not deleted by a committed transaction or by t. Unique checks count
// such versions as taken.
func (t *Txn) mayConflict(v *rowVersion) bool {
	if v.xmin == invalidXID {
		return false
	}
	if v.xmin != t.xid && t.c.isActive(v.xmin) {
		return true
	}
	return v.xmax == invalidXID || (v.xmax != t.xid && t.c.isActive(v.xmax))
}

func (c *Catalog) isActive(x XID) bool {
	_, ok := c.active[x]
	return ok
}

// Rollback undoes every change of t and ends it.
func (t *Txn) Rollback() {
	if t.done {
		return
	}
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(t.ops) - 1; i >= 0; i-- {
		o := t.ops[i]
		v := &o.table.rows[o.slot]
		switch o.kind {
		case opInsert:
			v.xmin = invalidXID
			o.table.forgetSlot(o.slot, v.vals)
		case opDelete:
			if v.xmax == t.xid {
				v.xmax = invalidXID
			}
		}
	}
	t.finish()
}

func (t *Txn) finish() {
	delete(t.c.active, t.xid)
	t.ops = nil
	t.done = true
}

// Commit makes t's changes durable (one WAL write, fsynced) and then
// visible to other transactions, all at once. On a WAL error nothing becomes
// visible, the transaction is rolled back, and the error (58030) is returned.
func (t *Txn) Commit() error {
	if t.done {
		return nil
	}
	if len(t.ops) == 0 && len(t.seqs) == 0 {
		t.c.mu.Lock()
		t.finish()
		t.c.mu.Unlock()
		return nil
	}
	// Held until the rows are visible, so that a checkpoint never sees this
	// commit in the WAL but not in memory (checkpoint.go).
	t.c.ckpt.commitMu.RLock()
	defer t.c.ckpt.commitMu.RUnlock()
	t.c.mu.RLock()
	records := t.encode()
	t.c.mu.RUnlock()
	if err := t.c.appendAll(records); err != nil {
		t.Rollback()
		return pgerror.Errorf(pgerror.IOError, "could not write to the write-ahead log: %v", err)
	}
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	for _, o := range t.ops {
		if o.kind == opDelete {
			o.table.tombstone(o.slot)
		}
	}
	t.finish()
	return nil
}
