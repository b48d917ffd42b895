package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// gtK is how many exact neighbours the ground truth keeps per query.
const gtK = 100

// truth holds per query the gtK exact neighbours (ids, unsquared L2).
type truth struct {
	ids   [][]int32
	dists [][]float32
}

type cand struct {
	d  float32
	id int32
}

// offer inserts c into top (ascending, at most gtK long).
func offer(top []cand, c cand) []cand {
	if len(top) == gtK && c.d >= top[gtK-1].d {
		return top
	}
	i := sort.Search(len(top), func(i int) bool { return top[i].d > c.d })
	if len(top) < gtK {
		top = append(top, cand{})
	}
	copy(top[i+1:], top[i:])
	top[i] = c
	return top
}

// groundTruth computes the exact neighbours by brute force on all cores,
// or loads them from cache (written by a previous run) when it matches.
func groundTruth(base, queries [][]float32, cache string) (*truth, error) {
	if t, err := loadTruth(cache, len(queries)); err == nil {
		return t, nil
	}
	t := &truth{ids: make([][]int32, len(queries)), dists: make([][]float32, len(queries))}
	// Queries are processed in blocks so that each base vector is read
	// from memory once per block, not once per query.
	const block = 32
	var wg sync.WaitGroup
	next := make(chan int, len(queries)/block+1)
	for i := 0; i < len(queries); i += block {
		next <- i
	}
	close(next)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tops := make([][]cand, block)
			for lo := range next {
				hi := min(lo+block, len(queries))
				for i := range tops {
					tops[i] = tops[i][:0]
				}
				for j, v := range base {
					for qi := lo; qi < hi; qi++ {
						tops[qi-lo] = offer(tops[qi-lo], cand{distance.L2Squared(queries[qi], v), int32(j)})
					}
				}
				for qi := lo; qi < hi; qi++ {
					top := tops[qi-lo]
					ids, ds := make([]int32, gtK), make([]float32, gtK)
					for k := range gtK {
						ids[k], ds[k] = top[k].id, float32(math.Sqrt(float64(top[k].d)))
					}
					t.ids[qi], t.dists[qi] = ids, ds
				}
			}
		}()
	}
	wg.Wait()
	if cache != "" {
		_ = saveTruth(cache, t)
	}
	return t, nil
}

func saveTruth(dir string, t *truth) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var ids []int32
	var ds []float32
	for i := range t.ids {
		ids = append(ids, t.ids[i]...)
		ds = append(ds, t.dists[i]...)
	}
	if err := writeLE(filepath.Join(dir, "gt_ids.i32"), ids); err != nil {
		return err
	}
	return writeLE(filepath.Join(dir, "gt_dist.f32"), ds)
}

func loadTruth(dir string, nq int) (*truth, error) {
	if dir == "" {
		return nil, fmt.Errorf("no cache")
	}
	ids := make([]int32, nq*gtK)
	ds := make([]float32, nq*gtK)
	if err := readLE(filepath.Join(dir, "gt_ids.i32"), ids); err != nil {
		return nil, err
	}
	if err := readLE(filepath.Join(dir, "gt_dist.f32"), ds); err != nil {
		return nil, err
	}
	t := &truth{}
	for i := range nq {
		t.ids = append(t.ids, ids[i*gtK:(i+1)*gtK])
		t.dists = append(t.dists, ds[i*gtK:(i+1)*gtK])
	}
	return t, nil
}

// export writes the raw files the native drivers read (see doc.go), and
// DIR/shape: "N DIM" of the base.
func export(dir string, base, queries [][]float32) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	shape := fmt.Sprintf("%d %d\n", len(base), len(base[0]))
	if err := os.WriteFile(filepath.Join(dir, "shape"), []byte(shape), 0o644); err != nil {
		return fmt.Errorf("write shape: %w", err)
	}
	if err := writeLE(filepath.Join(dir, "base.f32"), flatten(base)); err != nil {
		return err
	}
	return writeLE(filepath.Join(dir, "queries.f32"), flatten(queries))
}

func flatten(vs [][]float32) []float32 {
	out := make([]float32, 0, len(vs)*len(vs[0]))
	for _, v := range vs {
		out = append(out, v...)
	}
	return out
}

func writeLE[T int32 | float32](path string, xs []T) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := binary.Write(f, binary.LittleEndian, xs); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

// readLE fills xs from path, which must hold exactly len(xs) elements.
func readLE[T int32 | float32](path string, xs []T) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() != int64(len(xs))*4 {
		return fmt.Errorf("%s: wrong size", path)
	}
	return binary.Read(f, binary.LittleEndian, xs)
}
