package catalog

import "slices"

// commitBatchBytes is how many payload bytes of a commit's records are
// gathered before they are written as one WAL batch (one write, one
// fsync). A commit smaller than this is a single batch; a larger one is
// written in batches of about this size, its last batch ending with the
// commit record.
const commitBatchBytes = 16 << 20

// writeCommit writes t's records to the WAL: its row changes (TxnData,
// TxnDataPart) in batches of about commitBatchBytes, then, in the last
// batch, its DDL records (ddllog.go) and its TxnCommit record. Replay keeps
// row records until their transaction's commit record and applies DDL
// records as it meets them, so the DDL still takes effect before the rows,
// and DDL reaches the WAL only in the same write as the commit: a crash
// in the middle of a large commit leaves no DDL of it behind. Errors are
// the WAL's (walWriteError makes them the client's).
func (t *Txn) writeCommit() error {
	b := &commitBatch{c: t.c}
	if err := t.encodeTo(t.c.maxRecordPayload(), b.add); err != nil {
		return err
	}
	b.recs = append(b.recs, t.ddl...)
	b.recs = append(b.recs, record{recTxnCommit, t.encodeCommit()})
	return b.flush()
}

// commitBatch gathers records for appendAll.
type commitBatch struct {
	c     *Catalog
	recs  []record
	bytes int // payload bytes in recs
}

// add keeps a copy of r (the encoder reuses r's buffer), writing the batch
// once it holds commitBatchBytes.
func (b *commitBatch) add(r record) error {
	b.recs = append(b.recs, record{r.typ, slices.Clone(r.payload)})
	b.bytes += len(r.payload)
	if b.bytes < commitBatchBytes {
		return nil
	}
	return b.flush()
}

// flush writes the gathered records as one batch.
func (b *commitBatch) flush() error {
	err := b.c.appendAll(b.recs)
	b.recs, b.bytes = b.recs[:0], 0
	return err
}
