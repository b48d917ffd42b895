package catalog

import (
	"slices"
	"sync"
)

// snapshot is the set of transactions a statement treats as committed, as
// PostgreSQL's snapshots: every xid below xmax that is not in active
// (sorted) and did not abort. Aborted transactions undo their row changes
// in place before they leave the active set, so "not active" below xmax
// means committed for any version still carrying the xid.
type snapshot struct {
	xmax   XID
	active []XID
	seq    uint64 // txState.ended when taken (tombstone reaping, reap.go)
	reg    bool   // counted in txState.snaps until released
}

// committed reports whether x (not invalidXID) had committed when s was
// taken.
func (s *snapshot) committed(x XID) bool {
	if x >= s.xmax {
		return false
	}
	_, found := slices.BinarySearch(s.active, x)
	return !found
}

// txState is the transaction bookkeeping of a Catalog, under its own
// mutex (never held while taking another lock).
type txState struct {
	mu      sync.Mutex
	nextXID XID // last xid handed out
	active  map[XID]struct{}
	ended   uint64         // transactions ended so far
	snaps   map[uint64]int // registered snapshots by seq -> count
	pending []tombstoneBatch
}

// takeSnapshot captures the committed set now; a registered snapshot holds
// back the reaping of index entries it may still need (reap.go) until
// releaseSnapshot.
func (c *Catalog) takeSnapshot(register bool) *snapshot {
	tx := &c.tx
	tx.mu.Lock()
	defer tx.mu.Unlock()
	s := &snapshot{xmax: tx.nextXID + 1, seq: tx.ended, reg: register}
	if len(tx.active) > 0 {
		s.active = make([]XID, 0, len(tx.active))
		for x := range tx.active {
			s.active = append(s.active, x)
		}
		slices.Sort(s.active)
	}
	if register {
		tx.snaps[s.seq]++
	}
	return s
}

// retakeSnapshot releases old (nil: none) and returns a registered
// snapshot taken now, as releaseSnapshot then takeSnapshot(true) do. When
// no transaction began or ended since old was taken, now's snapshot would
// hold the same values, so old itself is registered again: a statement
// outside a transaction (Catalog.ReadTxn, then StartStatement) makes one
// snapshot, not two.
func (c *Catalog) retakeSnapshot(old *snapshot) *snapshot {
	tx := &c.tx
	tx.mu.Lock()
	if old == nil || old.seq != tx.ended || old.xmax != tx.nextXID+1 {
		tx.mu.Unlock()
		c.releaseSnapshot(old)
		return c.takeSnapshot(true)
	}
	if !old.reg {
		old.reg = true
		tx.snaps[old.seq]++
	}
	tx.mu.Unlock()
	return old
}

func (c *Catalog) releaseSnapshot(s *snapshot) {
	if s == nil || !s.reg {
		return
	}
	s.reg = false
	tx := &c.tx
	tx.mu.Lock()
	if tx.snaps[s.seq]--; tx.snaps[s.seq] <= 0 {
		delete(tx.snaps, s.seq)
	}
	tx.mu.Unlock()
}

// isActive reports whether x is in progress right now.
func (c *Catalog) isActive(x XID) bool {
	c.tx.mu.Lock()
	_, ok := c.tx.active[x]
	c.tx.mu.Unlock()
	return ok
}

// mayBeLive reports whether a version is not aborted and not deleted by a
// committed transaction, right now. A rollback resets xmax before its xid
// leaves the active set, so an xmax that is unchanged after its xid was
// found inactive belongs to a committed delete.
func (c *Catalog) mayBeLive(v *rowVersion) bool {
	if v.getXmin() == invalidXID {
		return false
	}
	for {
		x := v.getXmax()
		if x == invalidXID || c.isActive(x) {
			return true
		}
		if v.getXmax() == x {
			return false
		}
	}
}

// nextXIDValue returns the last xid handed out.
func (c *Catalog) nextXIDValue() XID {
	c.tx.mu.Lock()
	defer c.tx.mu.Unlock()
	return c.tx.nextXID
}
