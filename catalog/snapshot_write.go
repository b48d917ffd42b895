package catalog

import (
	"bufio"
	"fmt"
	"path/filepath"

	"github.com/vecgres/vecgres/wal"
)

// snapshotState is what a checkpoint captures at its LSN while holding the
// locks (checkpoint.go): roles are copied, the rest is read in place under
// the catalog's shared lock.
type snapshotState struct {
	lsn   wal.LSN
	roles []Role
}

// committedLive reports whether v belongs in a snapshot: created by a
// committed transaction and not deleted by one. A delete in progress does
// not count (its commit, if any, is in the WAL after the snapshot).
func (c *Catalog) committedLive(v *rowVersion) bool {
	return v.xmin != invalidXID && !c.isActive(v.xmin) && (v.xmax == invalidXID || c.isActive(v.xmax))
}

// writeSnapshot writes every file of a snapshot into dir (which exists and
// is empty) and fsyncs each. Catalog lock held (shared).
func (c *Catalog) writeSnapshot(fs wal.FS, dir string, st *snapshotState) error {
	tables := c.Tables()
	for _, t := range tables {
		if err := c.writeFile(fs, filepath.Join(dir, rowsFileName(t.OID)), func(f wal.File) error {
			return c.writeRows(f, t)
		}); err != nil {
			return err
		}
		for _, ix := range t.Indexes {
			if ix.Graph == nil {
				continue
			}
			if err := c.writeFile(fs, filepath.Join(dir, graphFileName(ix.OID)), func(f wal.File) error {
				w := bufio.NewWriterSize(f, 1<<20)
				if _, err := ix.Graph.WriteTo(w); err != nil {
					return err
				}
				return w.Flush()
			}); err != nil {
				return err
			}
		}
	}
	// The catalog file goes last: a snapshot directory without it is
	// incomplete (never renamed into place anyway).
	return c.writeFile(fs, filepath.Join(dir, catalogFile), func(f wal.File) error {
		return c.writeCatalog(f, tables, st)
	})
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
// exists, per role its encodeRole payload.
func (c *Catalog) writeCatalog(f wal.File, tables []*Table, st *snapshotState) error {
	bw := newBlockWriter(f, snapKindCatalog)
	nix := 0
	for _, t := range tables {
		nix += len(t.Indexes)
	}
	b := appendUvarint(bw.cur, uint64(st.lsn))
	b = appendUvarint(b, uint64(c.nextOID))
	b = appendUvarint(b, uint64(c.nextXID))
	b = appendUvarint(b, uint64(len(tables)))
	b = appendUvarint(b, uint64(nix))
	bw.cur = appendUvarint(b, uint64(len(st.roles)))
	bw.item()
	for _, t := range tables {
		b := appendString(bw.cur, string(encodeCreateTable(t)))
		b = appendUvarint(b, uint64(len(t.seqs)))
		for col, v := range t.seqs {
			b = appendVarint(appendUvarint(b, uint64(col)), v)
		}
		bw.cur = b
		bw.item()
	}
	for _, t := range tables {
		for _, ix := range t.Indexes {
			bw.cur = append(appendString(bw.cur, string(encodeCreateIndex(ix))), boolByte(ix.Graph != nil))
			bw.item()
		}
	}
	for _, r := range st.roles {
		bw.cur = appendString(bw.cur, string(encodeRole(r)))
		bw.item()
	}
	return bw.close()
}

// writeRows writes a rows file: an item (table OID, slot count), then one
// item per committed live version: slot, column count, datums. Dead,
// aborted and uncommitted versions are left out (their slots stay empty).
func (c *Catalog) writeRows(f wal.File, t *Table) error {
	bw := newBlockWriter(f, snapKindRows)
	bw.cur = appendUvarint(appendUvarint(bw.cur, uint64(t.OID)), uint64(len(t.rows)))
	bw.item()
	for slot := range t.rows {
		v := &t.rows[slot]
		if !c.committedLive(v) {
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
