package catalog

// RestartSeq is TRUNCATE ... RESTART IDENTITY's restart of sequence tb
// at its START (as setval(tb, start, false)); a rollback of t, or of a
// savepoint before it, puts back the state tb had before (PostgreSQL 15
// docs, TRUNCATE: the reset is transactional). Values handed out between
// the two are not handed out again only if they were below the restored
// state. The restored state is logged with the next commit that notes
// tb (t's own at a savepoint rollback). Errors: SetVal's.
func (t *Txn) RestartSeq(tb *Table) error {
	tb.seqMu.Lock()
	old := tb.seq
	tb.seqMu.Unlock()
	if err := t.SetVal(tb, tb.Seq.Start, false); err != nil {
		return err
	}
	t.addUndo(func() error {
		tb.seqMu.Lock()
		tb.seq = seqState{ver: tb.seq.ver + 1, last: old.last, called: old.called}
		tb.seqMu.Unlock()
		return nil
	})
	return nil
}
