package catalog

import (
	"sort"
	"sync"

	"github.com/vecgres/vecgres/sql/types"
)

// btreeBlockSize is the most entries a leaf block holds; a full block is
// split in two halves.
const btreeBlockSize = 256

// BTree is the structure of a secondary (method btree) index: entries
// (key, slot) kept in ascending order of key, then slot. It is a two-level
// B+-tree: a fence array of blocks, each a sorted run of at most
// btreeBlockSize entries; lookups binary-search the fences, then the block.
// Blocks split when full and are dropped when emptied (no merging, as
// PostgreSQL's B-tree does not merge pages outside VACUUM).
//
// Keys are column values as stored in rows (int64, float64, string, bool;
// see sql/types) ordered by types.Compare; NULL (nil) sorts after every
// value, as in a PostgreSQL B-tree with the default NULLS LAST. An entry
// exists for every row version that may be live (as for HNSW graphs); the
// caller checks visibility.
//
// Safe for concurrent use: an RWMutex is held inside one Insert, Delete or
// Count, and by Ascend only while it copies the next run of entries (at
// most one block), never while its callback runs. Writers are serialised
// by the table's writer lock anyway.
type BTree struct {
	mu     sync.RWMutex
	blocks [][]btreeEntry
	n      int
}

type btreeEntry struct {
	key  any
	slot uint64
}

// Bound is one end of a key range. A zero Bound is unbounded.
type Bound struct {
	Key       any  // nil with Set means NULL
	Set       bool // false: unbounded
	Inclusive bool
}

// CompositeKey is the key of a multi-column index: one value per key
// column. Keys order column by column (CompareKeys); a shorter key that
// is a prefix of a longer one sorts before it, so a bound on the leading
// columns is CompositeKey{v} (everything from v on) or CompositeKey{v,
// KeyMax} (everything up to v's last entry).
type CompositeKey []any

// KeyMax sorts after every value, NULL included: a bound element past
// every key with the same leading columns.
var KeyMax any = keyMax{}

type keyMax struct{}

// CompareKeys orders B-tree keys: types.Compare, with NULL after every
// value (PostgreSQL's NULLS LAST for ascending indexes); composite keys
// column by column.
func CompareKeys(a, b any) int {
	_, amax := a.(keyMax)
	_, bmax := b.(keyMax)
	switch {
	case amax && bmax:
		return 0
	case amax:
		return 1
	case bmax:
		return -1
	}
	if ca, ok := a.(CompositeKey); ok {
		if cb, ok := b.(CompositeKey); ok {
			return compareComposite(ca, cb)
		}
	}
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return types.Compare(a, b)
}

// compareComposite orders composite keys column by column, a prefix
// first.
func compareComposite(a, b CompositeKey) int {
	for i := range min(len(a), len(b)) {
		if c := CompareKeys(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

func compareEntries(a, b btreeEntry) int {
	if c := CompareKeys(a.key, b.key); c != 0 {
		return c
	}
	switch {
	case a.slot < b.slot:
		return -1
	case a.slot > b.slot:
		return 1
	}
	return 0
}

// Len returns the number of entries.
func (t *BTree) Len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.n
}

// findBlock returns the index of the block e belongs in: the last block
// whose first entry is <= e (0 when e precedes every block).
func (t *BTree) findBlock(e btreeEntry) int {
	i := sort.Search(len(t.blocks), func(i int) bool { return compareEntries(t.blocks[i][0], e) > 0 })
	return max(i-1, 0)
}

// Insert adds (key, slot). Inserting an entry already present is a no-op.
func (t *BTree) Insert(key any, slot uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := btreeEntry{key, slot}
	if len(t.blocks) == 0 {
		t.blocks = [][]btreeEntry{{e}}
		t.n = 1
		return
	}
	bi := t.findBlock(e)
	b := t.blocks[bi]
	j := sort.Search(len(b), func(j int) bool { return compareEntries(b[j], e) >= 0 })
	if j < len(b) && compareEntries(b[j], e) == 0 {
		return
	}
	b = append(b, btreeEntry{})
	copy(b[j+1:], b[j:])
	b[j] = e
	t.n++
	if len(b) <= btreeBlockSize {
		t.blocks[bi] = b
		return
	}
	half := len(b) / 2
	left := append(make([]btreeEntry, 0, btreeBlockSize+1), b[:half]...)
	right := append(make([]btreeEntry, 0, btreeBlockSize+1), b[half:]...)
	t.blocks = append(t.blocks, nil)
	copy(t.blocks[bi+2:], t.blocks[bi+1:])
	t.blocks[bi], t.blocks[bi+1] = left, right
}

// Delete removes (key, slot) and reports whether it was present.
func (t *BTree) Delete(key any, slot uint64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.blocks) == 0 {
		return false
	}
	e := btreeEntry{key, slot}
	bi := t.findBlock(e)
	b := t.blocks[bi]
	j := sort.Search(len(b), func(j int) bool { return compareEntries(b[j], e) >= 0 })
	if j == len(b) || compareEntries(b[j], e) != 0 {
		return false
	}
	b = append(b[:j], b[j+1:]...)
	t.n--
	if len(b) == 0 {
		t.blocks = append(t.blocks[:bi], t.blocks[bi+1:]...)
	} else {
		t.blocks[bi] = b
	}
	return true
}

// position returns the (block, offset) of the first entry not below lo.
func (t *BTree) position(lo Bound) (int, int) {
	if !lo.Set {
		return 0, 0
	}
	// Entries of key lo.Key: slots 0..max; inclusive starts at slot 0,
	// exclusive just after the last possible slot.
	below := func(x btreeEntry) bool {
		c := CompareKeys(x.key, lo.Key)
		return c < 0 || (c == 0 && !lo.Inclusive)
	}
	bi := sort.Search(len(t.blocks), func(i int) bool {
		b := t.blocks[i]
		return !below(b[len(b)-1])
	})
	if bi == len(t.blocks) {
		return bi, 0
	}
	b := t.blocks[bi]
	return bi, sort.Search(len(b), func(j int) bool { return !below(b[j]) })
}

// inRange reports whether key is not beyond hi.
func inRange(key any, hi Bound) bool {
	if !hi.Set {
		return true
	}
	c := CompareKeys(key, hi.Key)
	return c < 0 || (c == 0 && hi.Inclusive)
}

// Ascend calls fn for every entry with lo <= key <= hi (bounds as given),
// in ascending (key, slot) order, until fn returns false. An unbounded hi
// includes NULL keys; a caller that wants values only passes a bound.
// Entries are copied out a block at a time under the read lock, and the
// walk resumes after the last entry handed out, so fn runs unlocked;
// entries inserted or deleted meanwhile may or may not be seen.
func (t *BTree) Ascend(lo, hi Bound, fn func(key any, slot uint64) bool) {
	var buf []btreeEntry
	var after *btreeEntry
	for {
		var more bool
		buf, more = t.run(buf[:0], lo, hi, after)
		for _, e := range buf {
			if !fn(e.key, e.slot) {
				return
			}
		}
		if !more || len(buf) == 0 {
			return
		}
		last := buf[len(buf)-1]
		after = &last
	}
}

// run appends to dst the entries in range from the start (after == nil:
// the first not below lo; else the first above *after) to the end of that
// block, and reports whether entries beyond may still be in range.
func (t *BTree) run(dst []btreeEntry, lo, hi Bound, after *btreeEntry) ([]btreeEntry, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	var bi, j int
	if after == nil {
		bi, j = t.position(lo)
	} else {
		bi = sort.Search(len(t.blocks), func(i int) bool {
			b := t.blocks[i]
			return compareEntries(b[len(b)-1], *after) > 0
		})
		if bi < len(t.blocks) {
			b := t.blocks[bi]
			j = sort.Search(len(b), func(k int) bool { return compareEntries(b[k], *after) > 0 })
		}
	}
	if bi >= len(t.blocks) {
		return dst, false
	}
	b := t.blocks[bi]
	for ; j < len(b); j++ {
		if !inRange(b[j].key, hi) {
			return dst, false
		}
		dst = append(dst, b[j])
	}
	return dst, bi+1 < len(t.blocks)
}

// Count returns the number of entries with lo <= key <= hi, counting whole
// blocks without visiting their entries: O(blocks + log n).
func (t *BTree) Count(lo, hi Bound) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	bi, j := t.position(lo)
	n := 0
	for ; bi < len(t.blocks); bi, j = bi+1, 0 {
		b := t.blocks[bi]
		if inRange(b[len(b)-1].key, hi) {
			n += len(b) - j
			continue
		}
		k := sort.Search(len(b), func(k int) bool { return !inRange(b[k].key, hi) })
		return n + max(k-j, 0)
	}
	return n
}
