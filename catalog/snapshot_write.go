package catalog

import (
	"bufio"
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/vecgres/vecgres/wal"
)

// snapshotState is what a checkpoint captures at its LSN (capture): the
// MVCC snapshot that decides which versions are written, the tables with
// their index lists and sequence values, the counters and the roles. The
// files are then written from it without the schema lock.
type snapshotState struct {
	lsn       wal.LSN
	snap      *snapshot
	tables    []*Table
	indexes   map[*Table][]*Index
	seqs      map[*Table]map[int]int64
	nextOID   uint32
	nextXID   XID
	roles     []Role
	schemas   []Schema          // user schemas (schema.go)
	dbComment string            // COMMENT ON DATABASE (comment_shared.go)
	defs      map[*Table][]byte // CreateTable payloads (with owner and grants)
	schema    []string          // grantees of CREATE on schema public
}

// capture fixes the snapshot LSN. With the schema lock shared (no DDL
// half-way) it takes the commit lock exclusively, so no commit is between
// its WAL records and leaving the active set: every commit below the LSN
// is committed in the MVCC snapshot, every later one is not. It returns
// nil while a transaction holds DDL records (ddllog.go): the catalog in
// memory then holds DDL that is not committed, which a snapshot must not.
func (c *Catalog) capture() *snapshotState {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.ddlPending() {
		return nil
	}
	c.ckpt.commitMu.Lock()
	st := &snapshotState{lsn: c.log.NextLSN(), snap: c.takeSnapshot(false)}
	c.ckpt.epoch++ // rows logged before this by transactions in progress are not replayed from it (txn_early.go)
	c.ckpt.commitMu.Unlock()
	st.nextOID, st.nextXID = c.nextOID, c.nextXIDValue()
	st.tables = slices.DeleteFunc(c.Tables(), func(t *Table) bool { return t.Temp }) // temp.go
	st.indexes = map[*Table][]*Index{}
	st.seqs = map[*Table]map[int]int64{}
	st.defs = map[*Table][]byte{}
	for _, t := range st.tables {
		st.defs[t] = encodeCreateTable(t) // grants change under the schema lock
		st.indexes[t] = t.Indexes         // replaced, never changed in place
		t.seqMu.Lock()
		st.seqs[t] = maps.Clone(t.seqs)
		t.seqMu.Unlock()
		st.seqs[t] = t.seqEntries(st.seqs[t]) // a sequence's state (sequence.go)
	}
	c.roles.mu.Lock()
	defer c.roles.mu.Unlock()
	if c.ddlPending() { // role DDL runs without the schema lock
		return nil
	}
	for _, r := range c.roles.byName() {
		st.roles = append(st.roles, r)
	}
	st.schema = c.schemaGranteesLocked()
	st.schemas = slices.DeleteFunc(c.userSchemasLocked(), func(s Schema) bool { return s.Temp })
	st.dbComment = c.dbComment
	return st
}

// committedLive reports whether v belongs in the snapshot: created by a
// transaction committed in st.snap and not deleted by one. A delete in
// progress does not count (its commit, if any, is in the WAL after the
// snapshot).
func (st *snapshotState) committedLive(v *rowVersion) bool {
	xmin := v.getXmin()
	if xmin == invalidXID || !st.snap.committed(xmin) {
		return false
	}
	xmax := v.getXmax()
	return xmax == invalidXID || !st.snap.committed(xmax)
}

// writeSnapshot writes every file of a snapshot into dir (which exists and
// is empty) and fsyncs each. Neither the schema lock nor the commit lock is
// held: readers and writers go on, except that writers of a table wait
// while its graphs are written (writeGraphs). A table's graphs are written
// before its rows, and the rows file's slot count is read after them, so
// every graph key is below it; graph nodes of versions the snapshot leaves
// out (committed after it, in progress or aborted) are tombstoned at load
// (snapshot_load.go).
func (c *Catalog) writeSnapshot(fs wal.FS, dir string, st *snapshotState) error {
	tables := st.tables
	for _, t := range tables {
		if err := c.writeGraphs(fs, dir, st.lsn, st.indexes[t]); err != nil {
			return err
		}
		if err := c.writeFile(fs, filepath.Join(dir, rowsFileName(t.OID)), func(f wal.File) error {
			return st.writeRows(f, t)
		}); err != nil {
			return err
		}
	}
	// The catalog file goes last: a snapshot directory without it is
	// incomplete (never renamed into place anyway).
	return c.writeFile(fs, filepath.Join(dir, catalogFile), func(f wal.File) error {
		return c.writeCatalog(f, tables, st)
	})
}

// writeGraphs writes the HNSW graph files of a table's indexes for the
// snapshot at lsn while writers go on: a snapshot file header
// (snapKindGraph), then vecindex.WriteTo, which writes a graph that loads
// even with concurrent inserts, deletes and compaction
// (vecindex/persist.go). Nodes of rows newer than the snapshot may be in
// it; the loader tombstones nodes whose row the snapshot lacks and indexes
// rows the graph lacks.
func (c *Catalog) writeGraphs(fs wal.FS, dir string, lsn wal.LSN, indexes []*Index) error {
	for _, ix := range indexes {
		if ix.IVF != nil {
			if err := c.writeIVF(fs, dir, lsn, ix); err != nil {
				return err
			}
			continue
		}
		if ix.Graph == nil {
			continue
		}
		if err := c.writeFile(fs, filepath.Join(dir, graphFileName(ix.OID)), func(f wal.File) error {
			w := bufio.NewWriterSize(f, 1<<20)
			if _, err := w.Write(snapHeader(snapKindGraph, lsn)); err != nil {
				return err
			}
			if _, err := ix.Graph.WriteTo(w); err != nil {
				return err
			}
			return w.Flush()
		}); err != nil {
			return err
		}
	}
	return nil
}

// writeFile creates path, fills it with fill and fsyncs it.
func (c *Catalog) writeFile(fs wal.FS, path string, fill func(wal.File) error) error {
	f, err := fs.Create(path)
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	if err := fill(f); err != nil {
		f.Close()
		return fmt.Errorf("snapshot: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("snapshot: fsync %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("snapshot: close %s: %w", path, err)
	}
	return nil
}

// writeCatalog writes the catalog file: header item (lsn, next OID, next
// XID, tables, indexes, roles), then per table its CreateTable payload and
// sequences, per index its CreateIndex payload and whether a graph file
// exists, per role its encodeRole payload, then the schema grants item
// (owner_schema.go).
func (c *Catalog) writeCatalog(f wal.File, tables []*Table, st *snapshotState) error {
	bw := newBlockWriter(f, snapKindCatalog, st.lsn)
	nix := 0
	for _, t := range tables {
		nix += len(st.indexes[t])
	}
	b := appendUvarint(bw.cur, uint64(st.lsn))
	b = appendUvarint(b, uint64(st.nextOID))
	b = appendUvarint(b, uint64(st.nextXID))
	b = appendUvarint(b, uint64(len(tables)))
	b = appendUvarint(b, uint64(nix))
	bw.cur = appendUvarint(b, uint64(len(st.roles)))
	bw.item()
	for _, t := range tables {
		b := appendString(bw.cur, string(st.defs[t]))
		b = appendUvarint(b, uint64(len(st.seqs[t])))
		for col, v := range st.seqs[t] {
			b = appendVarint(appendUvarint(b, uint64(col)), v)
		}
		bw.cur = b
		bw.item()
	}
	for _, t := range tables {
		for _, ix := range st.indexes[t] {
			bw.cur = append(appendString(bw.cur, string(encodeCreateIndex(ix))), boolByte(ix.Graph != nil || ix.IVF != nil))
			bw.item()
		}
	}
	for _, r := range st.roles {
		bw.cur = appendString(bw.cur, string(encodeRole(r)))
		bw.item()
	}
	bw.cur = appendSchemaGrants(bw.cur, st.schema)
	bw.item()
	bw.cur = appendSchemas(bw.cur, st.schemas)
	bw.item()
	bw.cur = appendString(bw.cur, st.dbComment)
	bw.item()
	return bw.close()
}

// writeRows writes a rows file: an item (table OID, slot count), then one
// item per version live in the snapshot: slot, column count, datums. Dead,
// aborted and uncommitted versions are left out (their slots stay empty).
func (st *snapshotState) writeRows(f wal.File, t *Table) error {
	bw := newBlockWriter(f, snapKindRows, st.lsn)
	n := t.Slots()
	bw.cur = appendUvarint(appendUvarint(bw.cur, uint64(t.OID)), n)
	bw.item()
	for slot := range n {
		v := t.version(slot)
		if !st.committedLive(v) {
			continue
		}
		b := appendUvarint(bw.cur, uint64(slot))
		b = appendUvarint(b, uint64(len(v.vals)))
		for _, d := range v.vals {
			b = appendDatum(b, d)
		}
		bw.cur = b
		bw.item()
	}
	return bw.close()
}
