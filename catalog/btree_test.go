package catalog

import (
	"math/rand"
	"slices"
	"testing"
)

// TestBTreeAgainstSorted applies random inserts and deletes to a B-tree and
// to a plain sorted slice, and compares ranges and counts.
func TestBTreeAgainstSorted(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	bt := &BTree{}
	var ref []btreeEntry
	for i := 0; i < 20000; i++ {
		var key any = int64(rng.Intn(500))
		if rng.Intn(50) == 0 {
			key = nil
		}
		e := btreeEntry{key, uint64(rng.Intn(4000))}
		j, found := slices.BinarySearchFunc(ref, e, compareEntries)
		if rng.Intn(3) == 0 {
			if got := bt.Delete(e.key, e.slot); got != found {
				t.Fatalf("Delete(%v,%d) = %v, want %v", e.key, e.slot, got, found)
			}
			if found {
				ref = slices.Delete(ref, j, j+1)
			}
			continue
		}
		bt.Insert(e.key, e.slot)
		if !found {
			ref = slices.Insert(ref, j, e)
		}
	}
	if bt.Len() != len(ref) {
		t.Fatalf("Len = %d, want %d", bt.Len(), len(ref))
	}
	cases := []struct{ lo, hi Bound }{
		{},
		{Bound{int64(100), true, true}, Bound{int64(100), true, true}},
		{Bound{int64(100), true, false}, Bound{int64(200), true, false}},
		{Bound{int64(100), true, true}, Bound{int64(200), true, true}},
		{Bound{int64(-5), true, true}, Bound{int64(3), true, true}},
		{Bound{int64(450), true, false}, Bound{}},
		{Bound{nil, true, true}, Bound{nil, true, true}},
		{Bound{}, Bound{int64(10), true, false}},
		{Bound{float64(99.5), true, true}, Bound{float64(100.5), true, true}},
	}
	for _, c := range cases {
		var want []btreeEntry
		for _, e := range ref {
			if !(c.lo.Set && (CompareKeys(e.key, c.lo.Key) < 0 || (!c.lo.Inclusive && CompareKeys(e.key, c.lo.Key) == 0))) && inRange(e.key, c.hi) {
				want = append(want, e)
			}
		}
		var got []btreeEntry
		bt.Ascend(c.lo, c.hi, func(k any, s uint64) bool { got = append(got, btreeEntry{k, s}); return true })
		if !slices.EqualFunc(got, want, func(a, b btreeEntry) bool { return compareEntries(a, b) == 0 }) {
			t.Fatalf("Ascend(%+v, %+v): %d entries, want %d", c.lo, c.hi, len(got), len(want))
		}
		if n := bt.Count(c.lo, c.hi); n != len(want) {
			t.Fatalf("Count(%+v, %+v) = %d, want %d", c.lo, c.hi, n, len(want))
		}
	}
	loaded := bulkLoad(slices.Clone(ref))
	if loaded.Count(Bound{}, Bound{}) != len(ref) {
		t.Fatalf("bulkLoad count %d, want %d", loaded.Len(), len(ref))
	}
}

func TestBTreeStrings(t *testing.T) {
	bt := &BTree{}
	for i, s := range []string{"pear", "apple", "fig", "apple", "kiwi"} {
		bt.Insert(s, uint64(i))
	}
	var got []uint64
	bt.Ascend(Bound{"apple", true, true}, Bound{"fig", true, true}, func(_ any, s uint64) bool { got = append(got, s); return true })
	if !slices.Equal(got, []uint64{1, 3, 2}) {
		t.Fatalf("got %v, want [1 3 2]", got)
	}
}
