package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/vecgres/vecgres/vecindex/fmnist"
)

// groundTruth holds, per query, the ids (indexes into the base set) of the k
// exact nearest neighbours by L2 distance, nearest first, and their L2
// distances (not squared).
type groundTruth struct {
	IDs   [][]int32
	Dists [][]float32
}

// l2 returns the Euclidean distance between a and b (equal lengths),
// accumulated in float64.
func l2(a, b []float32) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(a); i += 4 {
		d0 := float64(a[i] - b[i])
		d1 := float64(a[i+1] - b[i+1])
		d2 := float64(a[i+2] - b[i+2])
		d3 := float64(a[i+3] - b[i+3])
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
	}
	for ; i < len(a); i++ {
		d := float64(a[i] - b[i])
		s0 += d * d
	}
	return math.Sqrt(s0 + s1 + s2 + s3)
}

// exactKNN computes the k nearest base vectors of every query by brute force,
// splitting the queries over runtime.NumCPU() goroutines. Ties are broken by
// the smaller id.
func exactKNN(base, queries [][]float32, k int) *groundTruth {
	gt := &groundTruth{IDs: make([][]int32, len(queries)), Dists: make([][]float32, len(queries))}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := range next {
				gt.IDs[q], gt.Dists[q] = topK(base, queries[q], k)
			}
		}()
	}
	for q := range queries {
		next <- q
	}
	close(next)
	wg.Wait()
	return gt
}

// topK returns the k nearest base vectors to q (fewer when len(base) < k),
// nearest first, by keeping a sorted list of the best k seen so far.
func topK(base [][]float32, q []float32, k int) ([]int32, []float32) {
	ids := make([]int32, 0, k)
	dists := make([]float64, 0, k)
	for i, v := range base {
		d := l2(q, v)
		if len(ids) == k && d >= dists[k-1] {
			continue
		}
		if len(ids) < k {
			ids = append(ids, 0)
			dists = append(dists, 0)
		}
		j := len(ids) - 1
		for j > 0 && dists[j-1] > d {
			ids[j], dists[j] = ids[j-1], dists[j-1]
			j--
		}
		ids[j], dists[j] = int32(i), d
	}
	out := make([]float32, len(dists))
	for i, d := range dists {
		out[i] = float32(d)
	}
	return ids, out
}

// groundTruthCachePath names the cache file for the exact k-NN of the first
// nq test images against the first nbase train images of dataDir.
// derived names the data set variant (fmnist.Derive), "" for the raw pixels.
func groundTruthCachePath(dataDir, derived string, nbase, nq, k int) string {
	abs, _ := filepath.Abs(dataDir)
	var size int64
	if fi, err := os.Stat(filepath.Join(dataDir, fmnist.TrainImages)); err == nil {
		size = fi.Size()
	}
	h := uint32(2166136261) // FNV-1a over the directory name
	for _, c := range []byte(abs) {
		h = (h ^ uint32(c)) * 16777619
	}
	name := fmt.Sprintf("vecgres-ann-gt-%08x-%d%s-b%d-q%d-k%d.bin", h, size, derivedSuffix(derived), nbase, nq, k)
	return filepath.Join(os.TempDir(), name)
}

// Cache file format: little-endian uint32 nq, uint32 k, then per query k int32
// ids followed by k float32 distances.

// writeGroundTruth stores gt at path (k ids per query; every query must have
// exactly k neighbours).
func writeGroundTruth(path string, gt *groundTruth, k int) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create ground-truth cache: %w", err)
	}
	w := bufio.NewWriter(f)
	hdr := []uint32{uint32(len(gt.IDs)), uint32(k)}
	err = binary.Write(w, binary.LittleEndian, hdr)
	for q := 0; err == nil && q < len(gt.IDs); q++ {
		if len(gt.IDs[q]) != k {
			err = fmt.Errorf("query %d has %d neighbours, want %d", q, len(gt.IDs[q]), k)
			break
		}
		if err = binary.Write(w, binary.LittleEndian, gt.IDs[q]); err == nil {
			err = binary.Write(w, binary.LittleEndian, gt.Dists[q])
		}
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("write ground-truth cache %s: %w", path, err)
	}
	return nil
}

// readGroundTruth loads a cache written by writeGroundTruth and checks that
// it holds nq queries of k neighbours.
func readGroundTruth(path string, nq, k int) (*groundTruth, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var hdr [2]uint32
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return nil, fmt.Errorf("read ground-truth cache %s: %w", path, err)
	}
	if int(hdr[0]) != nq || int(hdr[1]) != k {
		return nil, fmt.Errorf("ground-truth cache %s holds %dx%d, want %dx%d", path, hdr[0], hdr[1], nq, k)
	}
	gt := &groundTruth{IDs: make([][]int32, nq), Dists: make([][]float32, nq)}
	for q := 0; q < nq; q++ {
		gt.IDs[q] = make([]int32, k)
		gt.Dists[q] = make([]float32, k)
		if err := binary.Read(r, binary.LittleEndian, gt.IDs[q]); err != nil {
			return nil, fmt.Errorf("read ground-truth cache %s: %w", path, err)
		}
		if err := binary.Read(r, binary.LittleEndian, gt.Dists[q]); err != nil {
			return nil, fmt.Errorf("read ground-truth cache %s: %w", path, err)
		}
	}
	return gt, nil
}

// loadOrComputeGroundTruth returns the cached exact k-NN when a valid cache
// exists, else computes it and writes the cache (a cache write failure is
// reported through logf only).
func loadOrComputeGroundTruth(dataDir, derived string, base, queries [][]float32, k int, logf func(string, ...any)) *groundTruth {
	path := groundTruthCachePath(dataDir, derived, len(base), len(queries), k)
	if gt, err := readGroundTruth(path, len(queries), k); err == nil {
		logf("ground truth: read %s", path)
		return gt
	}
	gt := exactKNN(base, queries, k)
	if err := writeGroundTruth(path, gt, k); err != nil {
		logf("ground truth: %v", err)
	} else {
		logf("ground truth: cached in %s", path)
	}
	return gt
}

// recallAtK counts, as ann-benchmarks does, how many of the returned ids lie
// within the true k-th nearest distance (plus recallEpsilon) of query q, and
// divides by k. Duplicate or unknown (out-of-range) ids are not hits.
func recallAtK(base [][]float32, query []float32, trueDists []float32, got []int32, k int) float64 {
	if k == 0 || len(trueDists) < k {
		return 0
	}
	limit := float64(trueDists[k-1]) + recallEpsilon
	seen := make(map[int32]bool, len(got))
	hits := 0
	for _, id := range got {
		if id < 0 || int(id) >= len(base) || seen[id] {
			continue
		}
		seen[id] = true
		if l2(query, base[id]) <= limit {
			hits++
		}
	}
	if hits > k {
		hits = k
	}
	return float64(hits) / float64(k)
}

// recallEpsilon is ann-benchmarks' distance tolerance for recall (1e-3).
const recallEpsilon = 1e-3

// derivedSuffix is "-<derived>", or "" for the raw pixels.
func derivedSuffix(derived string) string {
	if derived == "" {
		return ""
	}
	return "-" + derived
}
