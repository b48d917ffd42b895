package vecindex

import (
	"errors"
	"math"
	"testing"
)

func TestNewValidates(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		ok   bool
	}{
		{"valid", Config{Dims: 3, M: 16, EfConstruction: 64}, true},
		{"minimums", Config{Dims: 1, M: 2, EfConstruction: 1, Metric: L1}, true},
		{"dims 0", Config{Dims: 0, M: 16, EfConstruction: 64}, false},
		{"m 1", Config{Dims: 3, M: 1, EfConstruction: 64}, false},
		{"ef_construction 0", Config{Dims: 3, M: 16, EfConstruction: 0}, false},
		{"unknown metric", Config{Dims: 3, M: 16, EfConstruction: 64, Metric: 4}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := New(tc.cfg)
			if (err == nil) != tc.ok {
				t.Fatalf("New(%+v) error = %v, want ok=%v", tc.cfg, err, tc.ok)
			}
			if tc.ok && h.Config() != tc.cfg {
				t.Errorf("Config() = %+v, want %+v", h.Config(), tc.cfg)
			}
		})
	}
}

func TestInsertErrors(t *testing.T) {
	h, _ := New(Config{Dims: 2, M: 4, EfConstruction: 8})
	if err := h.Insert(1, []float32{1, 2}); err != nil {
		t.Fatal(err)
	}
	if err := h.Insert(1, []float32{3, 4}); !errors.Is(err, ErrDuplicateKey) {
		t.Errorf("duplicate live key: err = %v, want ErrDuplicateKey", err)
	}
	if err := h.Insert(2, []float32{1, 2, 3}); !errors.Is(err, ErrDims) {
		t.Errorf("3 dims into 2: err = %v, want ErrDims", err)
	}
	for _, bad := range []float32{float32(math.NaN()), float32(math.Inf(-1))} {
		if err := h.Insert(3, []float32{0, bad}); err == nil {
			t.Errorf("Insert with %v: no error", bad)
		}
	}
	if h.Len() != 1 || h.Live() != 1 {
		t.Errorf("Len, Live = %d, %d after failed inserts, want 1, 1", h.Len(), h.Live())
	}
}

func TestInsertCopiesVector(t *testing.T) {
	h, _ := New(Config{Dims: 2, M: 4, EfConstruction: 8})
	v := []float32{1, 1}
	_ = h.Insert(7, v)
	v[0] = 100
	res := h.Search([]float32{1, 1}, 1, 1, nil)
	if len(res) != 1 || res[0].Key != 7 || res[0].Dist != 0 {
		t.Errorf("Search = %v, want [{7 0}]", res)
	}
}

func TestDeleteAndReinsert(t *testing.T) {
	h, _ := New(Config{Dims: 1, M: 4, EfConstruction: 8})
	for i := range 5 {
		_ = h.Insert(uint64(i), []float32{float32(i)})
	}
	h.Delete(2)
	h.Delete(2)   // already deleted: no-op
	h.Delete(999) // unknown: no-op
	if h.Len() != 5 || h.Live() != 4 {
		t.Fatalf("Len, Live = %d, %d, want 5, 4", h.Len(), h.Live())
	}
	if res := h.Search([]float32{2}, 1, 10, nil); res[0].Key == 2 {
		t.Fatalf("deleted key returned: %v", res)
	}
	if err := h.Insert(2, []float32{2.25}); !errors.Is(err, ErrTombstoned) {
		t.Fatalf("re-insert of a tombstoned key with another vector: %v, want ErrTombstoned", err)
	}
	if err := h.Insert(2, []float32{2}); err != nil || h.Len() != 5 || h.Live() != 5 {
		t.Fatalf("revive: %v; Len, Live = %d, %d, want 5, 5", err, h.Len(), h.Live())
	}
	if res := h.Search([]float32{2}, 1, 10, nil); len(res) != 1 || res[0].Key != 2 || res[0].Dist != 0 {
		t.Fatalf("after revive Search = %v, want [{2 0}]", res)
	}
	h.Delete(2)
	if freed := h.Compact(); freed != 1 {
		t.Fatalf("Compact freed %d, want 1", freed)
	}
	if err := h.Insert(2, []float32{2.25}); err != nil {
		t.Fatalf("re-insert of a reclaimed key: %v", err)
	}
	res := h.Search([]float32{2}, 1, 10, nil)
	if len(res) != 1 || res[0].Key != 2 || res[0].Dist != 0.0625 {
		t.Errorf("after re-insert Search = %v, want [{2 0.0625}]", res)
	}
	if h.Len() != 5 || h.Live() != 5 {
		t.Errorf("Len, Live = %d, %d, want 5, 5", h.Len(), h.Live())
	}
	if err := h.Insert(MaxKey+1, []float32{1}); !errors.Is(err, ErrKeyRange) {
		t.Errorf("Insert(MaxKey+1): %v, want ErrKeyRange", err)
	}
}

func TestSearchDegenerate(t *testing.T) {
	h, _ := New(Config{Dims: 2, M: 4, EfConstruction: 8})
	if res := h.Search([]float32{0, 0}, 3, 10, nil); res != nil {
		t.Errorf("empty index: %v, want nil", res)
	}
	_ = h.Insert(1, []float32{1, 0})
	if res := h.Search([]float32{0, 0}, 0, 10, nil); res != nil {
		t.Errorf("k=0: %v, want nil", res)
	}
	if res := h.Search([]float32{0}, 1, 10, nil); res != nil {
		t.Errorf("wrong dims: %v, want nil", res)
	}
	h.Delete(1)
	if res := h.Search([]float32{0, 0}, 1, 10, nil); res != nil {
		t.Errorf("all deleted: %v, want nil", res)
	}
	nan := float32(math.NaN())
	_ = h.Insert(2, []float32{0, 1})
	if res := h.Search([]float32{nan, 0}, 1, 10, nil); len(res) != 1 || res[0].Key != 2 {
		t.Errorf("NaN query: %v, want key 2 at +Inf", res)
	}
}
