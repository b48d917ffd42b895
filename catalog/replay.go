package catalog

import (
	"errors"
	"fmt"
	"slices"

	"github.com/vecgres/vecgres/vecindex"

	"github.com/vecgres/vecgres/wal"
)

// replayState gathers TxnData records until their transaction's commit.
type replayState struct {
	c       *Catalog
	byOID   map[uint32]*Table
	pending map[XID][][]byte
	parts   map[XID][][]byte // TxnDataPart payloads before the xid's next TxnData
	maxXID  XID
	touched map[*Table][]uint64 // slots changed by replayed commits
}

// replay rebuilds the catalog from the WAL records after the snapshot ls
// (nil: from the start), then every primary-key map and index graph.
func (c *Catalog) replay(ls *loadedSnapshot) error {
	st := &replayState{c: c, byOID: map[uint32]*Table{}, pending: map[XID][][]byte{},
		parts: map[XID][][]byte{}, touched: map[*Table][]uint64{}}
	var from wal.LSN
	if ls != nil {
		from = ls.lsn
		for _, t := range c.tables {
			st.byOID[t.OID] = t
		}
	}
	err := c.log.ReplayFrom(from, func(lsn wal.LSN, typ wal.RecordType, payload []byte) error {
		c.recovery.WALRecords++ // recovery.go
		if err := st.apply(typ, payload); err != nil {
			return fmt.Errorf("record at LSN %d (type %d): %w", lsn, typ, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if st.maxXID > c.tx.nextXID {
		c.tx.nextXID = st.maxXID
	}
	return c.rebuildIndexes(ls, st.touched)
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
		body := joinParts(st.parts[x], d.b) // payload is only valid during the callback
		delete(st.parts, x)
		st.pending[x] = append(st.pending[x], body)
		return d.err
	case recTxnDataPart:
		d := &decoder{b: p}
		x := XID(d.uvarint())
		st.noteXID(x)
		st.parts[x] = append(st.parts[x], slices.Clone(d.b))
		return d.err
	case recTxnReset:
		d := &decoder{b: p}
		x := XID(d.uvarint())
		st.noteXID(x)
		delete(st.pending, x)
		delete(st.parts, x)
		return d.err
	case recTxnCommit:
		return st.commit(p)
	case recCreateRole, recAlterRole, recDropRole:
		return c.replayRole(typ, p)
	case recTableGrant:
		return c.replayTableGrant(p)
	case recSchemaGrant:
		return c.replaySchemaGrant(p)
	case recSchema:
		return c.replaySchema(p)
	case recDatabase:
		return c.replayDatabase(p)
	case recAlterTable:
		return st.replayAlter(p)
	case recTruncate:
		return st.replayTruncate(p)
	case recRenameIndex:
		return c.replayRenameIndex(p)
	default:
		return fmt.Errorf("unknown record type %d", typ)
	}
	return nil
}

// joinParts returns the TxnDataPart payloads parts followed by last, in
// one buffer of their size.
func joinParts(parts [][]byte, last []byte) []byte {
	n := len(last)
	for _, p := range parts {
		n += len(p)
	}
	body := make([]byte, 0, n)
	for _, p := range parts {
		body = append(body, p...)
	}
	return append(body, last...)
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
		if t != nil {
			t.restoreSeq(col, v)
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
		if t != nil {
			st.touched[t] = append(st.touched[t], slot)
		}
		switch kind {
		case opInsert:
			ncol := d.uvarint()
			vals := make([]any, 0, ncol)
			for j := uint64(0); j < ncol && d.err == nil; j++ {
				vals = append(vals, d.datum())
			}
			if t != nil && d.err == nil {
				t.putVersion(slot, frozenXID, vals)
			}
		case opDelete:
			if t != nil && slot < t.Slots() {
				t.version(slot).xmax.Store(uint64(frozenXID))
			}
		default:
			return fmt.Errorf("unknown row operation %d", kind)
		}
	}
	return d.err
}

// rebuildIndexes fills primary-key maps, B-trees and HNSW graphs from the
// rows. A graph read from the snapshot ls gets the live rows of the slots
// that replayed commits touched as its pending set, inserted in the
// background (refreshGraph); every other graph is built with parallel
// inserts before Open returns.
func (c *Catalog) rebuildIndexes(ls *loadedSnapshot, touched map[*Table][]uint64) error {
	for _, t := range c.tables {
		t.pkey = map[string][]uint64{} // an ALTER TABLE replayed may have filled it
		for slot := range t.Slots() {
			v := t.version(slot)
			if len(t.PrimaryKey) > 0 && c.mayBeLive(v) {
				k := pkeyOf(t, t.logical(v.vals))
				t.pkey[k] = append(t.pkey[k], slot)
			}
		}
		for _, k := range t.Constraints {
			if k.hasKeys() {
				k.keys = map[string][]uint64{}
				c.fillKeys(t, k)
			}
		}
		indexes := t.Indexes
		t.Indexes = nil
		for _, ix := range indexes {
			if ix.Graph == nil {
				c.attachIndex(ix)
				continue
			}
			t.Indexes = append(t.Indexes, ix)
			c.indexes[ix.Name] = ix
			c.version++
			var err error
			if ls != nil && ls.graphs[ix] {
				err = c.refreshGraph(ix, touched[t])
			} else {
				err = c.fillGraph(ix, nil)
			}
			if err != nil {
				return fmt.Errorf("index %s: %w", ix.Name, err)
			}
		}
	}
	return nil
}

// refreshGraph brings a graph read from a snapshot up to date: each touched
// slot is removed, and those whose version may be live become the index's
// pending set, inserted in the background (catchup.go) while queries scan
// them exactly. Then every other live indexed row is offered to the graph
// (a live key is refused as a duplicate, cheaply): a snapshot written
// during a catch-up, or while rows were being written, may lack rows or
// hold a tombstone for a row that is live again, and a count of live nodes
// cannot tell those apart from nodes it holds in excess. Only the rows the
// graph gained (its count of live nodes grew: nothing else changes the
// graph until the catch-up starts) are counted in the warning: a zero
// vector under cosine is offered every time but never indexed.
func (c *Catalog) refreshGraph(ix *Index, slots []uint64) error {
	var pending []uint64
	if len(slots) > 0 {
		slots = slices.Clone(slots) // shared by the table's indexes: Compact clears its tail
		slices.Sort(slots)
		slots = slices.Compact(slots)
		for _, s := range slots {
			ix.Graph.Delete(s)
		}
		pending, _ = c.liveVectors(ix, slots)
	}
	c.setPending(ix, pending)
	t := ix.Table
	added := 0
	for s := range t.Slots() {
		v := t.version(s)
		x, _ := ix.value(v.vals)
		if !c.mayBeLive(v) || x == nil {
			continue
		}
		if _, ok := slices.BinarySearch(pending, s); ok {
			continue
		}
		live := ix.Graph.Live()
		err := ix.Graph.Insert(s, graphVector(x))
		switch {
		case err == nil:
			if ix.Graph.Live() > live { // not a vector the graph leaves out (zero under cosine)
				added++
			}
		case !errors.Is(err, vecindex.ErrDuplicateKey):
			return err
		}
	}
	if added > 0 {
		c.logger().Warn("catalog: snapshot graph lacked rows, indexed them", "index", ix.Name, "rows", added)
	}
	return nil
}

// fillGraph inserts the live, non-NULL vectors of the given slots (nil:
// all) into ix's graph, in parallel (vecindex.InsertBatch).
func (c *Catalog) fillGraph(ix *Index, slots []uint64) error {
	t := ix.Table
	var keys []uint64
	var vecs [][]float32
	add := func(slot uint64) {
		if slot >= t.Slots() {
			return
		}
		v := t.version(slot)
		if x, _ := ix.value(v.vals); c.mayBeLive(v) && x != nil {
			keys = append(keys, slot)
			vecs = append(vecs, graphVector(x))
		}
	}
	if slots == nil {
		for s := range t.Slots() {
			add(s)
		}
	} else {
		for _, s := range slots {
			add(s)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	return ix.Graph.InsertBatch(keys, vecs, 0)
}
