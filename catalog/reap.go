package catalog

// Deferred tombstones. A committed DELETE or UPDATE leaves the old
// version's index entries in place until no registered snapshot (a
// running statement) can still see that version; only then are they
// removed from the HNSW graphs and B-trees. Removing them at commit would
// let an index scan of a statement whose snapshot predates the commit miss
// a row it must see. Entries of aborted inserts go at rollback: no
// snapshot ever sees those.

// tableSlot names one row version.
type tableSlot struct {
	table *Table
	slot  uint64
}

// tombstoneBatch is the versions one committed transaction deleted; seq is
// txState.ended just after it ended.
type tombstoneBatch struct {
	seq   uint64
	slots []tableSlot
}

// reapTombstones removes the index entries of every pending batch that all
// registered snapshots were taken after. A table whose writer lock is busy
// is left for a later call (the next commit), so a committer never waits
// for another table's COPY batch.
func (c *Catalog) reapTombstones() {
	tx := &c.tx
	tx.mu.Lock()
	horizon := tx.ended
	for s := range tx.snaps {
		horizon = min(horizon, s)
	}
	n := 0
	for n < len(tx.pending) && tx.pending[n].seq <= horizon {
		n++
	}
	if n == 0 {
		tx.mu.Unlock()
		return
	}
	ready := tx.pending[:n]
	tx.pending = append([]tombstoneBatch(nil), tx.pending[n:]...)
	tx.mu.Unlock()
	var retry []tombstoneBatch
	for _, b := range ready {
		if left := reapBatch(b.slots); len(left) > 0 {
			retry = append(retry, tombstoneBatch{seq: b.seq, slots: left})
		}
	}
	if len(retry) > 0 {
		tx.mu.Lock()
		tx.pending = append(retry, tx.pending...)
		tx.mu.Unlock()
	}
}

// reapBatch tombstones slots table by table and returns those of tables
// whose writer lock was busy.
func reapBatch(slots []tableSlot) []tableSlot {
	var left []tableSlot
	busy := map[*Table]bool{}
	var held *Table
	for _, ts := range slots {
		if ts.table != held {
			if held != nil {
				held.wmu.Unlock()
				held = nil
			}
			if busy[ts.table] || !ts.table.wmu.TryLock() {
				busy[ts.table] = true
				left = append(left, ts)
				continue
			}
			held = ts.table
		}
		ts.table.tombstone(ts.slot)
	}
	if held != nil {
		held.wmu.Unlock()
	}
	return left
}

// PendingTombstones returns how many deleted versions still wait for
// their index entries to be removed (for tests and monitoring).
func (c *Catalog) PendingTombstones() int {
	c.tx.mu.Lock()
	defer c.tx.mu.Unlock()
	n := 0
	for _, b := range c.tx.pending {
		n += len(b.slots)
	}
	return n
}
