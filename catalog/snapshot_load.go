package catalog

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// loadedSnapshot is what loadSnapshot restored.
type loadedSnapshot struct {
	lsn    wal.LSN
	graphs map[*Index]bool // HNSW indexes whose graph was read, not rebuilt
}

// loadSnapshot restores the snapshot at lsn in dir into the (empty) catalog: the
// catalog file first, then every table's rows and every HNSW graph file in
// parallel. A missing graph file leaves that index to be rebuilt from the
// rows, as does one written before node ids were row slots
// (vecindex.ErrKeyLayout); any damage returns an error wrapping
// ErrSnapshotCorrupt, as does a file whose header names another snapshot's
// LSN (snapshot_format.go).
func (c *Catalog) loadSnapshot(fs wal.FS, dir string, lsn wal.LSN) (*loadedSnapshot, error) {
	ls := &loadedSnapshot{graphs: map[*Index]bool{}}
	withGraph, err := c.loadCatalogFile(fs, filepath.Join(dir, catalogFile), lsn, ls)
	if err != nil {
		return nil, err
	}
	var wg sync.WaitGroup
	errs := make([]error, 0, 8)
	var mu sync.Mutex
	fail := func(err error) {
		mu.Lock()
		errs = append(errs, err)
		mu.Unlock()
	}
	for _, ix := range withGraph {
		if ix.IVF != nil {
			if err := c.readIVF(fs, dir, lsn, ix); err != nil {
				fail(err)
			}
			continue
		}
		wg.Go(func() {
			g, err := readGraph(fs, filepath.Join(dir, graphFileName(ix.OID)), lsn, ix)
			switch {
			case errors.Is(err, os.ErrNotExist):
				c.logger().Warn("catalog: snapshot has no graph file, rebuilding the index", "index", ix.Name)
			case errors.Is(err, vecindex.ErrKeyLayout):
				c.logger().Warn("catalog: graph file predates row-slot node ids, rebuilding the index", "index", ix.Name)
			case err != nil:
				fail(err)
			default:
				ix.Graph = g
				mu.Lock()
				ls.graphs[ix] = true
				mu.Unlock()
			}
		})
	}
	for _, t := range c.tables {
		if err := loadRows(fs, filepath.Join(dir, rowsFileName(t.OID)), lsn, t); err != nil {
			fail(err)
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	// A graph holds nodes of versions the snapshot leaves out (in
	// progress, or written after the snapshot was taken while the graph
	// was being written; their keys are below the rows file's slot count):
	// tombstone them (a no-op for keys without a node).
	for ix := range ls.graphs {
		t := ix.Table
		for slot := range t.Slots() {
			if t.version(slot).getXmin() == invalidXID {
				ix.Graph.Delete(slot)
			}
		}
	}
	return ls, nil
}

// loadCatalogFile restores tables, sequences, indexes (with empty graphs)
// and roles, and returns the indexes that have a graph file.
func (c *Catalog) loadCatalogFile(fs wal.FS, path string, lsn wal.LSN, ls *loadedSnapshot) ([]*Index, error) {
	r, closeFn, err := openSnapFile(fs, path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSnapshotCorrupt, err)
	}
	defer closeFn()
	br, err := newBlockReader(r, path, snapKindCatalog, lsn)
	if err != nil {
		return nil, err
	}
	items := itemReader{br: br}
	d := items.need()
	ls.lsn = wal.LSN(d.uvarint())
	c.nextOID = uint32(d.uvarint())
	c.tx.nextXID = XID(d.uvarint())
	ntab, nix, nrole := d.uvarint(), d.uvarint(), d.uvarint()
	for i := uint64(0); i < ntab && items.err == nil; i++ {
		d := items.need()
		t, err := decodeCreateTable([]byte(d.str()))
		if err != nil {
			return nil, br.corrupt("table %d: %v", i, err)
		}
		c.addTable(t)
		for n := d.uvarint(); n > 0 && d.err == nil; n-- {
			col := int(d.uvarint())
			t.restoreSeq(col, d.varint())
		}
	}
	var withGraph []*Index
	for i := uint64(0); i < nix && items.err == nil; i++ {
		d := items.need()
		oid, def, err := decodeCreateIndex([]byte(d.str()))
		if err != nil {
			return nil, br.corrupt("index %d: %v", i, err)
		}
		hasGraph := d.byte1() == 1
		ix, err := c.newIndex(oid, def)
		if err != nil {
			return nil, br.corrupt("index %s: %v", def.Name, err)
		}
		ix.Table.Indexes = append(ix.Table.Indexes, ix)
		c.indexes[ix.Name] = ix
		if hasGraph && (ix.Graph != nil || ix.IVF != nil) {
			withGraph = append(withGraph, ix)
		}
	}
	for i := uint64(0); i < nrole && items.err == nil; i++ {
		d := items.need()
		role, err := decodeRole([]byte(d.str()))
		if err != nil {
			return nil, br.corrupt("role %d: %v", i, err)
		}
		c.addRole(role)
	}
	if items.err == nil {
		if d := items.next(); d != nil { // absent in older snapshots
			c.readSchemaGrants(d)
		}
	}
	if items.err == nil {
		if d := items.next(); d != nil { // absent in snapshots before schemas
			c.readSchemas(d)
		}
	}
	if items.err == nil {
		if d := items.next(); d != nil { // absent in snapshots before database comments
			c.dbComment = d.str()
		}
	}
	if err := items.finish(); err != nil {
		return nil, err
	}
	return withGraph, nil
}

// loadRows fills t.rows from its rows file of the snapshot at lsn.
func loadRows(fs wal.FS, path string, lsn wal.LSN, t *Table) error {
	r, closeFn, err := openSnapFile(fs, path)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSnapshotCorrupt, err)
	}
	defer closeFn()
	br, err := newBlockReader(r, path, snapKindRows, lsn)
	if err != nil {
		return err
	}
	items := itemReader{br: br}
	d := items.need()
	if oid := uint32(d.uvarint()); oid != t.OID && items.err == nil {
		return br.corrupt("rows of table OID %d, want %d", oid, t.OID)
	}
	n := d.uvarint()
	if items.err == nil && n > 1<<40 {
		return br.corrupt("slot count %d", n)
	}
	t.setSlots(n)
	for items.err == nil {
		d := items.next()
		if d == nil {
			break
		}
		slot := d.uvarint()
		ncol := d.uvarint()
		if d.err == nil && (slot >= n || ncol > uint64(t.currentLayout().width)) { // fewer: stored before ADD COLUMN
			return br.corrupt("row at slot %d with %d columns", slot, ncol)
		}
		vals := make([]any, 0, ncol)
		for j := uint64(0); j < ncol && d.err == nil; j++ {
			vals = append(vals, d.datum())
		}
		if d.err != nil {
			items.err = br.corrupt("row at slot %d: %v", slot, d.err)
			break
		}
		t.putVersion(slot, frozenXID, vals)
	}
	return items.finish()
}

// readGraph reads one HNSW graph file of the snapshot at lsn and checks it
// matches the index: its header (snapshot_format.go) then vecindex's
// format, or vecindex's format alone in a version 1 snapshot. The graph is
// then made reachable (vecindex.RepairReachability): inserts since its last
// repair may have cut nodes off layer 0.
func readGraph(fs wal.FS, path string, lsn wal.LSN, ix *Index) (*vecindex.HNSW, error) {
	r, closeFn, err := openSnapFile(fs, path)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	br := bufio.NewReaderSize(r, 1<<20)
	if magic, _ := br.Peek(len(snapMagic)); string(magic) == snapMagic {
		if _, err := readSnapHeader(br, path, snapKindGraph, lsn); err != nil {
			return nil, err
		}
	}
	g, err := vecindex.ReadFrom(br)
	if errors.Is(err, vecindex.ErrKeyLayout) {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrSnapshotCorrupt, path, err)
	}
	g.RepairReachability()
	want, got := ix.Graph.Config(), g.Config()
	if got.Dims != want.Dims || got.Metric != want.Metric || got.M != want.M {
		return nil, fmt.Errorf("%w: %s: graph of %d dims, metric %v, m %d does not match index %s",
			ErrSnapshotCorrupt, path, got.Dims, got.Metric, got.M, ix.Name)
	}
	return g, nil
}

// itemReader hands out the items of a block file one decoder at a time.
// Decoding errors of the previous item are collected before moving on.
type itemReader struct {
	br   *blockReader
	cur  *decoder
	err  error
	last bool
}

// next returns a decoder positioned at the next item, or nil at the end
// (or after an error, kept in err).
func (ir *itemReader) next() *decoder {
	if ir.cur != nil && ir.cur.err != nil && ir.err == nil {
		ir.err = ir.br.corrupt("item: %v", ir.cur.err)
	}
	if ir.err != nil {
		return &decoder{err: ir.err}
	}
	if ir.cur == nil || len(ir.cur.b) == 0 {
		b, err := ir.br.next()
		if err != nil {
			ir.err = err
			return &decoder{err: err}
		}
		if b == nil {
			ir.last = true
			return nil
		}
		ir.cur = &decoder{b: b}
	}
	return ir.cur
}

// need is next for an item that must exist.
func (ir *itemReader) need() *decoder {
	d := ir.next()
	if d == nil {
		ir.err = ir.br.corrupt("file ends early")
		return &decoder{err: ir.err}
	}
	return d
}

// finish checks that the file ended cleanly after the last item.
func (ir *itemReader) finish() error {
	if ir.err != nil {
		return ir.err
	}
	if ir.cur != nil && ir.cur.err != nil {
		return ir.br.corrupt("item: %v", ir.cur.err)
	}
	if ir.last {
		return nil
	}
	if ir.cur != nil && len(ir.cur.b) > 0 {
		return ir.br.corrupt("%d unread bytes", len(ir.cur.b))
	}
	b, err := ir.br.next()
	if err != nil {
		return err
	}
	if b != nil {
		return ir.br.corrupt("unexpected data after the last item")
	}
	return nil
}
