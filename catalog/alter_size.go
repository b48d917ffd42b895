package catalog

import "github.com/vecgres/vecgres/sql/types"

// Relation sizes for pg_relation_size and friends. vecgres keeps tables
// and indexes in memory: these are estimates of the memory they hold, in
// bytes, not sizes on disk (the WAL and snapshots are not counted).

// versionOverhead is the bytes of one row version besides its values
// (xmin, xmax, next, the values slice header).
const versionOverhead = 48

// TableBytes estimates the memory t's row versions hold (live, dead and
// aborted alike, as PostgreSQL counts dead tuples until VACUUM): a fixed
// overhead per version plus each value's size. Schema lock held shared.
func (c *Catalog) TableBytes(t *Table) int64 {
	var n int64
	for s := range t.Slots() {
		n += versionOverhead
		for _, v := range t.version(s).vals {
			n += datumBytes(v)
		}
	}
	return n
}

// datumBytes estimates the memory of one value (16 bytes of interface
// plus its data).
func datumBytes(v any) int64 {
	const iface = 16
	switch x := v.(type) {
	case nil:
		return iface
	case string:
		return iface + 16 + int64(len(x))
	case []byte:
		return iface + 24 + int64(len(x))
	case types.Vector:
		return iface + 24 + 4*int64(len(x))
	case types.HalfVec:
		return iface + 24 + 2*int64(len(x))
	case types.Bits:
		return iface + 32 + int64(len(x.Data))
	case types.SparseVec:
		return iface + 56 + 8*int64(len(x.Indices))
	case types.ShapedArray:
		return iface + 48 + 8*int64(len(x.Dims)) + datumBytes(x.Elems)
	case types.Array:
		n := int64(iface + 24)
		for _, e := range x {
			n += datumBytes(e)
		}
		return n
	}
	return iface + 8
}

// btreeEntryBytes estimates one B-tree or primary-key entry (key and slot).
const btreeEntryBytes = 40

// Bytes estimates the memory ix holds: an HNSW graph's vectors and
// neighbour lists (vecindex.HNSW.MemoryBytes), a B-tree's entries, or
// for a primary key's map one entry per row version.
func (ix *Index) Bytes() int64 {
	switch {
	case ix.Graph != nil:
		v, g := ix.Graph.MemoryBytes()
		return v + g
	case ix.IVF != nil:
		v, o := ix.IVF.MemoryBytes()
		return v + o
	case ix.BTree != nil:
		return int64(ix.BTree.Len()) * btreeEntryBytes
	}
	return int64(ix.Table.Slots()) * btreeEntryBytes
}

// TableIndexes returns t's indexes, its primary key's first. Schema lock
// held.
func (c *Catalog) TableIndexes(t *Table) []*Index {
	var out []*Index
	if ix, ok := c.indexes[t.PKeyName]; ok && t.PKeyName != "" {
		out = append(out, ix)
	}
	return append(out, t.Indexes...)
}
