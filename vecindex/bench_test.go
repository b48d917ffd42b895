package vecindex

import (
	"fmt"
	"testing"
)

// BenchmarkSearch: k = 10 queries on 5,000 synthetic gaussian vectors of
// 64 dims (L2, m = 16, ef_construction = 64), unfiltered and with 10% of
// keys accepted.
func BenchmarkSearch(b *testing.B) {
	data := gaussian(5000, 64, 42)
	h := build(b, Config{Dims: 64, M: 16, EfConstruction: 64, Seed: 1}, data)
	qs := gaussian(256, 64, 7)
	tenth := func(key uint64) bool { return key%10 == 0 }
	for _, ef := range []int{40, 100} {
		for _, f := range []struct {
			name   string
			accept func(uint64) bool
		}{{"all", nil}, {"10pct", tenth}} {
			b.Run(fmt.Sprintf("ef=%d/%s", ef, f.name), func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					h.Search(qs[i%len(qs)], 10, ef, f.accept)
					i++
				}
			})
		}
	}
}

// BenchmarkInsert: building an index of 64-dim gaussian vectors (L2,
// m = 16, ef_construction = 64); ns/op is per inserted vector.
func BenchmarkInsert(b *testing.B) {
	data := gaussian(20000, 64, 42)
	h, _ := New(Config{Dims: 64, M: 16, EfConstruction: 64, Seed: 1})
	i := 0
	for b.Loop() {
		if i == len(data) {
			b.StopTimer()
			h, _ = New(h.Config())
			i = 0
			b.StartTimer()
		}
		if err := h.Insert(uint64(i), data[i]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
