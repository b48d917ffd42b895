package catalog

import "sync/atomic"

// Row storage: a table's versions live in fixed-size chunks that never
// move once allocated, so readers index them without a lock while a writer
// appends. The chunk directory is copied when it grows and published with
// an atomic pointer; the version count is published after the version is
// written, so a reader that loads the count sees every version below it.
const (
	chunkBits = 12
	chunkSize = 1 << chunkBits // versions per chunk
	chunkMask = chunkSize - 1
)

// rowVersion is one version of a row (see package doc, MVCC). vals is
// written once, before the version is published, and never changed; xmin
// and xmax change (abort, delete) and are read atomically.
type rowVersion struct {
	xmin, xmax atomic.Uint64
	// next is 1 + the slot of the version an UPDATE wrote in place of
	// this one (0: none), set with xmax under the writer lock and reset
	// by rollback; a waiting writer follows it to the newest version
	// (rows.go, RowMoved).
	next atomic.Uint64
	vals []any
}

func (v *rowVersion) getXmin() XID { return XID(v.xmin.Load()) }
func (v *rowVersion) getXmax() XID { return XID(v.xmax.Load()) }

// Slots returns the number of row slots ever used (live, dead or aborted).
func (t *Table) Slots() uint64 { return t.nrows.Load() }

// version returns the version at slot (slot < Slots()).
func (t *Table) version(slot uint64) *rowVersion {
	cs := *t.chunks.Load()
	return &cs[slot>>chunkBits][slot&chunkMask]
}

// ensureSlots grows the chunk directory to hold n versions. Writers only
// (table writer lock, or single-threaded start-up).
func (t *Table) ensureSlots(n uint64) {
	var cs [][]rowVersion
	if p := t.chunks.Load(); p != nil {
		cs = *p
	}
	if uint64(len(cs))*chunkSize >= n {
		return
	}
	grown := make([][]rowVersion, len(cs), (n+chunkMask)>>chunkBits)
	copy(grown, cs)
	for uint64(len(grown))*chunkSize < n {
		grown = append(grown, make([]rowVersion, chunkSize))
	}
	t.chunks.Store(&grown)
}

// appendVersion stores a new version created by xmin and publishes it;
// it returns the slot. Table writer lock held.
func (t *Table) appendVersion(xmin XID, vals []any) uint64 {
	slot := t.nrows.Load()
	t.ensureSlots(slot + 1)
	v := t.version(slot)
	v.vals = vals
	v.xmin.Store(uint64(xmin))
	t.nrows.Store(slot + 1)
	return slot
}

// putVersion stores a version at slot, growing the table; slots in
// between stay empty (xmin 0: aborted). Start-up only (single-threaded).
func (t *Table) putVersion(slot uint64, xmin XID, vals []any) {
	t.ensureSlots(slot + 1)
	v := t.version(slot)
	v.vals = vals
	v.xmin.Store(uint64(xmin))
	v.xmax.Store(0)
	if slot >= t.nrows.Load() {
		t.nrows.Store(slot + 1)
	}
}

// setSlots sets the slot count (start-up, after putVersion of a sparse
// rows file: trailing empty slots count too).
func (t *Table) setSlots(n uint64) {
	t.ensureSlots(n)
	if n > t.nrows.Load() {
		t.nrows.Store(n)
	}
}

// initRows gives a new table an empty chunk directory.
func (t *Table) initRows() {
	if t.chunks.Load() == nil {
		t.chunks.Store(&[][]rowVersion{})
	}
}
