package catalog

import "unsafe"

// bigDatumBytes is the length from which a string or bytea value is
// written to the WAL from the row itself, in pieces, rather than copied
// whole into an encoding buffer first.
const bigDatumBytes = 64 << 10

// txnEncoder writes a transaction's row changes as TxnData records whose
// payload is at most limit bytes, handing each to emit as soon as it is
// full (emit must be done with the payload when it returns: the buffer is
// reused). An op that does not fit in one record is spread over
// TxnDataPart records and the TxnData record ending it (layout in
// walrec.go), its large values read from the row in pieces, so a commit
// holds at most one record's bytes besides the rows.
type txnEncoder struct {
	xid   []byte // uvarint xid, the start of every payload
	limit int
	emit  func(record) error
	ops   []byte // room for the record's header (head bytes), then the encoded ops of the TxnData record being built
	n     int    // number of ops in ops
	cur   []byte // the op being encoded, without its large values
	holes []hole // large values of cur, by offset
	out   []byte // payload buffer
	err   error  // first emit error
}

// hole is a large value that belongs at offset at of txnEncoder.cur.
type hole struct {
	at   int
	data []byte
}

func newTxnEncoder(xid XID, limit int, emit func(record) error) *txnEncoder {
	e := &txnEncoder{xid: appendUvarint(nil, uint64(xid)), limit: limit, emit: emit}
	e.ops = make([]byte, e.head())
	return e
}

// head is the room kept before the ops for the record's header (xid and
// op count), so that flush writes the header in place instead of copying
// the ops behind it.
func (e *txnEncoder) head() int { return len(e.xid) + maxUvarint }

// add encodes one op.
func (e *txnEncoder) add(kind opKind, tableOID uint32, slot uint64, vals []any) {
	e.cur = appendUvarint(appendUvarint(append(e.cur[:0], byte(kind)), uint64(tableOID)), slot)
	e.holes = e.holes[:0]
	if kind == opInsert {
		e.cur = appendUvarint(e.cur, uint64(len(vals)))
		for _, v := range vals {
			e.appendValue(v)
		}
	}
	size := len(e.cur)
	for _, h := range e.holes {
		size += len(h.data)
	}
	if e.n > 0 && len(e.ops)+size > e.limit {
		e.flush()
	}
	if len(e.xid)+maxUvarint+size > e.limit {
		e.spread()
		return
	}
	e.ops = e.expand(e.ops)
	e.n++
}

// maxUvarint is the longest uvarint (the op count's room).
const maxUvarint = 10

// appendValue appends v's datum to cur, a large string or bytea as a hole.
func (e *txnEncoder) appendValue(v any) {
	var data []byte
	switch x := v.(type) {
	case string:
		if len(x) >= bigDatumBytes {
			e.cur = appendUvarint(append(e.cur, tagString), uint64(len(x)))
			data = unsafe.Slice(unsafe.StringData(x), len(x)) // only read
		}
	case []byte:
		if len(x) >= bigDatumBytes {
			e.cur = appendUvarint(append(e.cur, tagBytes), uint64(len(x)))
			data = x
		}
	}
	if data == nil {
		e.cur = appendDatum(e.cur, v)
		return
	}
	e.holes = append(e.holes, hole{at: len(e.cur), data: data})
}

// expand appends cur with its holes filled to dst.
func (e *txnEncoder) expand(dst []byte) []byte {
	prev := 0
	for _, h := range e.holes {
		dst = append(append(dst, e.cur[prev:h.at]...), h.data...)
		prev = h.at
	}
	return append(dst, e.cur[prev:]...)
}

// flush writes the ops gathered so far as one TxnData record.
func (e *txnEncoder) flush() {
	if e.n == 0 {
		return
	}
	var hdr [2 * maxUvarint]byte
	h := appendUvarint(append(hdr[:0], e.xid...), uint64(e.n))
	start := e.head() - len(h)
	copy(e.ops[start:], h)
	e.write(record{recTxnData, e.ops[start:]})
	e.ops, e.n = e.ops[:e.head()], 0
}

// spread writes cur, alone, as TxnDataPart records and a TxnData record
// (ops gathered before it were flushed).
func (e *txnEncoder) spread() {
	e.out = appendUvarint(append(e.out[:0], e.xid...), 1)
	prev := 0
	for _, h := range e.holes {
		e.part(e.cur[prev:h.at])
		e.part(h.data)
		prev = h.at
	}
	e.part(e.cur[prev:])
	e.write(record{recTxnData, e.out})
}

// part appends p to the payload being built, writing each full one as a
// TxnDataPart record.
func (e *txnEncoder) part(p []byte) {
	for len(p) > 0 {
		if len(e.out) == e.limit {
			e.write(record{recTxnDataPart, e.out})
			e.out = append(e.out[:0], e.xid...)
		}
		k := min(e.limit-len(e.out), len(p))
		e.out = append(e.out, p[:k]...)
		p = p[k:]
	}
}

func (e *txnEncoder) write(r record) {
	if e.err == nil {
		e.err = e.emit(r)
	}
}

// encodeOps hands t's changes ops (t.ops or a part of it) to emit as
// TxnData (and TxnDataPart) records of at most limit payload bytes (the
// TxnCommit record is the caller's: writeCommit). It reads only t's own
// versions, whose values never change: no lock.
func (t *Txn) encodeOps(ops []op, limit int, emit func(record) error) error {
	return newTxnEncoder(t.xid, limit, emit).addOps(ops)
}

// addOps encodes ops and flushes the last record; the encoder's buffers
// stay for its next use (RowLog encodes every batch with one encoder).
func (e *txnEncoder) addOps(ops []op) error {
	for _, o := range ops {
		if o.table.Unlogged || o.table.Temp {
			continue // unlogged.go, temp.go
		}
		var vals []any
		if o.kind == opInsert {
			vals = o.table.version(o.slot).vals
		}
		e.add(o.kind, o.table.OID, o.slot, vals)
		if e.err != nil {
			return e.err
		}
	}
	e.flush()
	return e.err
}

// encodeCommit is the TxnCommit payload: xid and the sequences' values.
func (t *Txn) encodeCommit() []byte {
	c := appendUvarint(nil, uint64(t.xid))
	nseq := 0
	for tb, cols := range t.seqs {
		if !tb.Temp { // temp.go
			nseq += len(cols)
		}
	}
	c = appendUvarint(c, uint64(nseq))
	for tb, cols := range t.seqs {
		if tb.Temp {
			continue
		}
		for col, v := range tb.seqEntries(cols) {
			c = appendUvarint(appendUvarint(c, uint64(tb.OID)), uint64(col))
			c = appendVarint(c, v)
		}
	}
	return c
}
