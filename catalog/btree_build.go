package catalog

import "slices"

// bulkEntries returns the (key, slot) entries of ix's column for slots,
// in ascending order.
func bulkEntries(ix *Index, slots []uint64) []btreeEntry {
	entries := make([]btreeEntry, 0, len(slots))
	for _, s := range slots {
		if k, ok := ix.value(ix.Table.version(s).vals); ok {
			entries = append(entries, btreeEntry{key: k, slot: s})
		}
	}
	slices.SortFunc(entries, compareEntries)
	return entries
}

// load replaces the tree's contents with entries already in ascending
// order, cut into blocks filled to three quarters, so later inserts rarely
// split at once.
func (t *BTree) load(entries []btreeEntry) {
	const fill = btreeBlockSize * 3 / 4
	var blocks [][]btreeEntry
	n := len(entries)
	for len(entries) > 0 {
		k := min(fill, len(entries))
		b := make([]btreeEntry, k, btreeBlockSize+1)
		copy(b, entries[:k])
		blocks = append(blocks, b)
		entries = entries[k:]
	}
	t.mu.Lock()
	t.blocks, t.n = blocks, n
	t.mu.Unlock()
}

// bulkLoad builds a B-tree from entries already in ascending order.
func bulkLoad(entries []btreeEntry) *BTree {
	t := &BTree{}
	t.load(entries)
	return t
}
