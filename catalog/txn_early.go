package catalog

// Writing a transaction's rows to the WAL before its commit. A COPY of
// many rows would otherwise encode and write them all at COMMIT, after
// the last row was parsed and stored; a RowLog writes them while the COPY
// goes on, on a goroutine of its own, without waiting for an fsync
// (wal.Log.Write), so that the commit writes only what is left and its
// commit record, and fsyncs once.
//
// The records are TxnData records like the commit's; replay keeps them
// until the transaction's commit record, and a crash before that record
// is durable loses them all, as it loses the whole transaction. Two
// things can make them wrong by commit time, and the commit then writes
// a TxnReset record (replay drops the xid's records before it) and all
// its rows again, as if nothing had been written early:
//   - a checkpoint fixed its LSN after the first early record: replay
//     from that checkpoint would not see the records before it
//     (checkpointDue defers background checkpoints while such a
//     transaction runs, earlyDeferFactor);
//   - a ROLLBACK TO SAVEPOINT, or DDL logged after the early records (an
//     ALTER TABLE after the COPY could change the rows' layout), in the
//     same transaction.

// earlyLog is what a transaction wrote to the WAL before its commit.
type earlyLog struct {
	ops   int    // t.ops[:ops] are in the WAL
	epoch uint64 // checkpoint epoch when the first was written
	ddl   int    // len(t.ddl) then
	stale bool   // the records are void: the commit writes all again
}

// RowLog writes a transaction's row changes to the WAL while it runs.
// The transaction's goroutine calls Flush after each batch of changes and
// Close before anything else ends, rolls back to a savepoint in, or
// commits the transaction; until Close the transaction's changes made
// before the last Flush must not be undone.
type RowLog struct {
	t    *Txn
	sent int        // t.ops[:sent] were handed to the writer
	work chan []op  // changes to write, in order
	done chan error // the writer's first error, at its end
	enc  *txnEncoder
}

// StartRowLog starts writing t's row changes as Flush hands them over,
// from the first not yet written (changes made before, by an INSERT of
// the same transaction, go with the first Flush).
func (t *Txn) StartRowLog() *RowLog {
	l := &RowLog{t: t, sent: t.early.ops, work: make(chan []op, 2), done: make(chan error, 1)}
	// Each record is written as it is encoded: no fsync to share, so no
	// gathering (commitBatch) and no copy.
	l.enc = newTxnEncoder(t.xid, t.c.maxRecordPayload(), func(r record) error { return t.c.writeRecords([]record{r}) })
	if t.early.ops > 0 && len(t.ddl) != t.early.ddl {
		t.early.stale = true
	}
	if t.early.stale {
		l.sent = -1 // the commit writes all the changes
	}
	go l.run()
	return l
}

// Flush hands the changes made since the last Flush to the writer; it
// waits only while the writer is two batches behind.
func (l *RowLog) Flush() {
	if l.sent < 0 || l.sent == len(l.t.ops) {
		return
	}
	l.work <- l.t.ops[l.sent:len(l.t.ops):len(l.t.ops)]
	l.sent = len(l.t.ops)
}

// Close waits until everything handed over is written and returns the
// first write error (53100 on a full disk, else 58030), after which the
// transaction must roll back.
func (l *RowLog) Close() error {
	close(l.work)
	return <-l.done
}

func (l *RowLog) run() {
	var err error
	for ops := range l.work {
		if err == nil {
			err = l.t.logEarly(ops, l.enc)
		}
	}
	l.done <- err
}

// logEarly writes ops, the changes after t.early.ops, to the WAL without
// waiting for durability, under the commit lock held shared so that a
// checkpoint's LSN falls between two writes; it writes nothing once the
// early records are stale.
func (t *Txn) logEarly(ops []op, enc *txnEncoder) error {
	c := t.c
	c.ckpt.commitMu.RLock()
	defer c.ckpt.commitMu.RUnlock()
	e := &t.early
	switch {
	case e.stale:
		return nil
	case e.ops == 0:
		e.epoch, e.ddl = c.ckpt.epoch, len(t.ddl)
		c.ckpt.early.Add(1)
	case e.epoch != c.ckpt.epoch:
		e.stale = true
		return nil
	}
	if err := enc.addOps(ops); err != nil {
		return err
	}
	e.ops += len(ops)
	return nil
}

// earlyRecords returns the records writeCommit starts with and the
// changes it still encodes: none and all of t.ops when nothing was
// written early, nothing and the rest when the early records stand, and
// a TxnReset record and all of t.ops when they are void. Commit lock held
// shared.
func (t *Txn) earlyRecords() ([]record, []op) {
	e := &t.early
	if e.ops == 0 {
		return nil, t.ops
	}
	if e.stale || e.epoch != t.c.ckpt.epoch || e.ddl != len(t.ddl) || e.ops > len(t.ops) {
		return []record{{recTxnReset, appendUvarint(nil, uint64(t.xid))}}, t.ops
	}
	return nil, t.ops[e.ops:]
}

// endEarly forgets t's early records when t ends.
func (t *Txn) endEarly() {
	if t.early.ops > 0 {
		t.c.ckpt.early.Add(-1)
	}
	t.early = earlyLog{}
}
