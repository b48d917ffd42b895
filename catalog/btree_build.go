package catalog

import "slices"

// fillBTree loads ix's B-tree from every version of its table that may
// still be live: the entries are sorted once and cut into blocks filled to
// three quarters, so later inserts rarely split at once.
func (c *Catalog) fillBTree(ix *Index) {
	t := ix.Table
	var entries []btreeEntry
	for slot := range t.rows {
		v := &t.rows[slot]
		if c.mayBeLive(v) {
			entries = append(entries, btreeEntry{key: v.vals[ix.Column], slot: uint64(slot)})
		}
	}
	slices.SortFunc(entries, compareEntries)
	ix.BTree = bulkLoad(entries)
}

// bulkLoad builds a B-tree from entries already in ascending order.
func bulkLoad(entries []btreeEntry) *BTree {
	const fill = btreeBlockSize * 3 / 4
	t := &BTree{n: len(entries)}
	for len(entries) > 0 {
		n := min(fill, len(entries))
		b := make([]btreeEntry, n, btreeBlockSize+1)
		copy(b, entries[:n])
		t.blocks = append(t.blocks, b)
		entries = entries[n:]
	}
	return t
}
