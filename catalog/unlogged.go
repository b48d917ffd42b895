package catalog

import "slices"

// Unlogged tables (PostgreSQL docs, CREATE TABLE "UNLOGGED"). A table
// whose Unlogged is set has its definition, indexes and DDL logged as any
// table's, but its rows never reach the WAL: a commit's TxnData records
// leave its changes out (walrec_txn.go). Checkpoints write its rows as
// any table's; a start-up after a clean shutdown (the WAL's end file says
// so, wal.Log.CleanShutdown) keeps them, any other start-up empties the
// table and its indexes, as PostgreSQL resets an unlogged relation to its
// init fork after a crash. The sequences of an unlogged table's serial
// and identity columns are unlogged too (PostgreSQL 15): such a start-up
// restarts them. pg_class.relpersistence shows 'u'.

// persistenceFormat marks the persistence section of a CreateTable
// record: after the comments section, one byte, 'u' for an unlogged
// table; absent for a permanent one.
const persistenceFormat = 'P'

// appendPersistence appends t's persistence section, when t is unlogged.
func appendPersistence(b []byte, t *Table) []byte {
	if !t.Unlogged {
		return b
	}
	return append(b, persistenceFormat, 'u')
}

// readPersistence restores appendPersistence's section, when present.
func readPersistence(d *decoder, t *Table) {
	if len(d.b) == 0 || d.err != nil || d.b[0] != persistenceFormat {
		return
	}
	d.byte1()
	t.Unlogged = d.byte1() == 'u'
}

// SetUnlogged makes t, a table or sequence CREATE UNLOGGED TABLE just
// made in the running DDL statement's transaction, unlogged (logged with
// it). Lock held exclusively.
func (c *Catalog) SetUnlogged(t *Table) error {
	nt := c.proposal(t)
	nt.Unlogged = true
	return c.alter(t, nt)
}

// resetUnlogged empties every unlogged table and its indexes and
// restarts every unlogged sequence (Open, after a start-up that was no
// clean shutdown's).
func (c *Catalog) resetUnlogged() {
	var names []string
	for name, t := range c.tables {
		if t.Unlogged && t.Seq != nil {
			t.seq = seqState{ver: t.seq.ver + 1, last: t.Seq.Start}
			continue
		}
		if t.Unlogged && t.nrows.Load() > 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		if _, err := c.truncate(c.tables[name]); err != nil {
			c.logger().Error("catalog: emptying an unlogged table", "table", name, "err", err)
			continue
		}
		c.logger().Info("catalog: unlogged table emptied after an unclean shutdown", "table", name)
	}
}
