package catalog

import (
	"fmt"

	"github.com/vecgres/vecgres/wal"
)

// replayState gathers TxnData records until their transaction's commit.
type replayState struct {
	c       *Catalog
	byOID   map[uint32]*Table
	pending map[XID][][]byte
	maxXID  XID
}

// replay rebuilds the catalog from the WAL, then every primary-key map and
// index graph.
func (c *Catalog) replay() error {
	st := &replayState{c: c, byOID: map[uint32]*Table{}, pending: map[XID][][]byte{}}
	err := c.log.Replay(func(lsn wal.LSN, typ wal.RecordType, payload []byte) error {
		if err := st.apply(typ, payload); err != nil {
			return fmt.Errorf("record at LSN %d (type %d): %w", lsn, typ, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if st.maxXID > c.nextXID {
		c.nextXID = st.maxXID
	}
	c.rebuildIndexes()
	return nil
}

func (st *replayState) apply(typ wal.RecordType, p []byte) error {
	c := st.c
	switch typ {
	case recCreateTable:
		t, err := decodeCreateTable(p)
		if err != nil {
			return err
		}
		c.addTable(t)
		st.byOID[t.OID] = t
	case recDropTable:
		d := &decoder{b: p}
		name := d.str()
		if t, ok := c.tables[name]; ok {
			c.removeTable(t)
			delete(st.byOID, t.OID)
		}
		return d.err
	case recCreateIndex:
		return st.createIndex(p)
	case recDropIndex:
		d := &decoder{b: p}
		if ix, ok := c.indexes[d.str()]; ok {
			c.removeIndex(ix)
		}
		return d.err
	case recTxnData:
		d := &decoder{b: p}
		x := XID(d.uvarint())
		st.noteXID(x)
		st.pending[x] = append(st.pending[x], d.b)
		return d.err
	case recTxnCommit:
		return st.commit(p)
	default:
		return fmt.Errorf("unknown record type %d", typ)
	}
	return nil
}

func (st *replayState) noteXID(x XID) {
	if x > st.maxXID {
		st.maxXID = x
	}
}

// createIndex registers the index without filling its graph: the graphs
// are built once, after all rows are back.
func (st *replayState) createIndex(p []byte) error {
	oid, def, err := decodeCreateIndex(p)
	if err != nil {
		return err
	}
	ix, err := st.c.newIndex(oid, def)
	if err != nil {
		return err
	}
	ix.Table.Indexes = append(ix.Table.Indexes, ix)
	st.c.indexes[ix.Name] = ix
	if oid >= st.c.nextOID {
		st.c.nextOID = oid + 1
	}
	return nil
}

// commit applies the pending data of one committed transaction.
func (st *replayState) commit(p []byte) error {
	d := &decoder{b: p}
	x := XID(d.uvarint())
	st.noteXID(x)
	for _, data := range st.pending[x] {
		if err := st.applyData(data); err != nil {
			return err
		}
	}
	delete(st.pending, x)
	nseq := d.uvarint()
	for i := uint64(0); i < nseq && d.err == nil; i++ {
		t := st.byOID[uint32(d.uvarint())]
		col := int(d.uvarint())
		v := d.varint()
		if t != nil && v > t.seqs[col] {
			t.seqs[col] = v
		}
	}
	return d.err
}

func (st *replayState) applyData(p []byte) error {
	d := &decoder{b: p}
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		kind := opKind(d.byte1())
		t := st.byOID[uint32(d.uvarint())]
		slot := d.uvarint()
		switch kind {
		case opInsert:
			ncol := d.uvarint()
			vals := make([]any, 0, ncol)
			for j := uint64(0); j < ncol && d.err == nil; j++ {
				vals = append(vals, d.datum())
			}
			if t != nil && d.err == nil {
				t.putVersion(slot, rowVersion{xmin: frozenXID, vals: vals})
			}
		case opDelete:
			if t != nil && slot < uint64(len(t.rows)) {
				t.rows[slot].xmax = frozenXID
			}
		default:
			return fmt.Errorf("unknown row operation %d", kind)
		}
	}
	return d.err
}

// putVersion stores v at slot, growing the table; slots in between stay
// empty (xmin 0: aborted).
func (t *Table) putVersion(slot uint64, v rowVersion) {
	for uint64(len(t.rows)) <= slot {
		t.rows = append(t.rows, rowVersion{})
	}
	t.rows[slot] = v
}

// rebuildIndexes fills primary-key maps and HNSW graphs from the rows.
func (c *Catalog) rebuildIndexes() {
	for _, t := range c.tables {
		for slot := range t.rows {
			v := &t.rows[slot]
			if len(t.PrimaryKey) > 0 && c.mayBeLive(v) {
				k := pkeyOf(t, v.vals)
				t.pkey[k] = append(t.pkey[k], uint64(slot))
			}
		}
		hnsw := t.Indexes
		t.Indexes = nil
		for _, ix := range hnsw {
			c.attachIndex(ix)
		}
	}
}
