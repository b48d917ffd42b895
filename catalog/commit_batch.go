package catalog

import (
	"slices"

	"github.com/vecgres/vecgres/wal"
)

// commitBatchBytes is how many payload bytes of a commit's records are
// gathered before they are written as one WAL batch. A commit smaller
// than this is a single batch; a larger one is written in batches of about
// this size, its last batch ending with the commit record; only that last
// batch waits for an fsync (wal.Log.Write), so a commit of any size is
// one fsync, as PostgreSQL's.
const commitBatchBytes = 4 << 20

// writeCommit writes t's records to the WAL: its row changes (TxnData,
// TxnDataPart) not written before the commit (txn_early.go) in batches of about commitBatchBytes, then, in the last
// batch, its DDL records (ddllog.go) and its TxnCommit record. Replay keeps
// row records until their transaction's commit record and applies DDL
// records as it meets them, so the DDL still takes effect before the rows,
// and DDL reaches the WAL only in the same write as the commit: a crash
// in the middle of a large commit leaves no DDL of it behind. Errors are
// appendAll's: already the client's (53100 or 58030).
func (t *Txn) writeCommit() error {
	if t.onlyTemp() { // temp.go
		return nil
	}
	b := &commitBatch{c: t.c}
	head, ops := t.earlyRecords() // txn_early.go
	for _, r := range head {
		if err := b.add(r); err != nil {
			return err
		}
	}
	if err := t.encodeOps(ops, t.c.maxRecordPayload(), b.add); err != nil {
		return err
	}
	b.tail = append(slices.Clip(t.ddl), record{recTxnCommit, t.encodeCommit()})
	b.last = true
	return b.flush()
}

// commitBatch gathers records for appendAll. Their payloads are copied
// into one buffer reused from batch to batch (the encoder reuses its own),
// so a large commit holds about commitBatchBytes besides its rows.
type commitBatch struct {
	c     *Catalog
	buf   []byte      // payloads of the gathered records, back to back
	spans []batchSpan // the gathered records, as ranges of buf
	tail  []record    // records appended after the row records, not copied
	last  bool        // the next flush is the commit's last: it waits for the fsync
	recs  []record    // scratch for flush
}

// batchSpan is one gathered record: its type and payload buf[from:to].
type batchSpan struct {
	typ      wal.RecordType
	from, to int
}

// add copies r into the batch, writing the batch once it holds
// commitBatchBytes.
func (b *commitBatch) add(r record) error {
	from := len(b.buf)
	b.buf = append(b.buf, r.payload...)
	b.spans = append(b.spans, batchSpan{r.typ, from, len(b.buf)})
	if len(b.buf) < commitBatchBytes {
		return nil
	}
	return b.flush()
}

// flush writes the gathered records, then the tail, as one batch; only
// the last batch waits until the WAL is durable (a crash before that
// loses the commit record, and replay drops the batches before it).
func (b *commitBatch) flush() error {
	b.recs = b.recs[:0]
	for _, sp := range b.spans {
		b.recs = append(b.recs, record{sp.typ, b.buf[sp.from:sp.to]})
	}
	b.recs = append(b.recs, b.tail...)
	write := b.c.writeRecords
	if b.last {
		write = b.c.appendAll
	}
	err := write(b.recs)
	b.buf, b.spans, b.tail = b.buf[:0], b.spans[:0], nil
	return err
}
