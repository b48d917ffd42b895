package vecindex

import (
	"bytes"
	"testing"
)

// TestHolesBoundMemory: node ids are row slots, and an UPDATE gives a row
// a new slot, so a table that updates every row again and again leaves
// ranges of ids without nodes. Twenty such rounds of 2,048 rows (each
// inserts the rows under new keys and deletes the old keys, then
// Compact) keep the index's memory within twice a single build's: emptied
// segments become holes (segment.go). A checkpoint writes the free slots
// as runs, so it stays near a single build's size too, and loads with the
// same memory and answers.
func TestHolesBoundMemory(t *testing.T) {
	const rows, dims = 2 * segSize, 8
	rounds := 20
	if raceEnabled {
		rounds = 2 // without holes, memory would already be 3 builds' (> 2)
	}
	data := gaussian(rows, dims, 141)
	h, _ := New(Config{Dims: dims, M: 8, EfConstruction: 32, Seed: 1})
	h.SetCompactThreshold(0)
	keys := make([]uint64, rows)
	for i := range keys {
		keys[i] = uint64(i)
	}
	if err := h.InsertBatch(keys, data, 2); err != nil {
		t.Fatal(err)
	}
	v0, g0 := h.MemoryBytes()
	ck0 := len(checkpointOf(t, h))
	for r := 1; r <= rounds; r++ {
		old := keys
		keys = make([]uint64, rows)
		for i := range keys {
			keys[i] = uint64(r*rows + i)
		}
		if err := h.InsertBatch(keys, data, 2); err != nil {
			t.Fatal(err)
		}
		for _, k := range old {
			h.Delete(k)
		}
		if freed := h.Compact(); freed != rows {
			t.Fatalf("round %d: Compact freed %d, want %d", r, freed, rows)
		}
	}
	v, g := h.MemoryBytes()
	if v > 2*v0 || g > 2*g0 {
		t.Fatalf("after %d rounds: vectors %d, graph %d bytes; one build: %d, %d", rounds, v, g, v0, g0)
	}
	raw := checkpointOf(t, h)
	if len(raw) > 2*ck0 {
		t.Fatalf("checkpoint %d bytes after %d rounds, %d after one build", len(raw), rounds, ck0)
	}
	loaded, err := ReadFrom(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if lv, lg := loaded.MemoryBytes(); lv != v || lg > g+g/10 { // upper tables' spare capacity differs
		t.Fatalf("loaded: vectors %d, graph %d bytes; before: %d, %d", lv, lg, v, g)
	}
	checkGraph(t, loaded)
	for _, q := range gaussian(20, dims, 142) {
		a, b := h.Search(q, 10, 64, nil), loaded.Search(q, 10, 64, nil)
		if len(a) != 10 || len(b) != 10 || a[0] != b[0] {
			t.Fatalf("search before and after load: %v / %v", a, b)
		}
	}
	// A freed key takes a vector again: its segment gets storage back.
	if err := h.Insert(5, data[5]); err != nil {
		t.Fatal(err)
	}
	if got := h.Search(data[5], 1, 64, nil); len(got) != 1 || got[0].Key != 5 && got[0].Dist != 0 {
		t.Fatalf("re-inserted key 5: %v", got)
	}
}
