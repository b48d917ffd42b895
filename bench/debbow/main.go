// Command debbow benchmarks sparsevec's HNSW on a sparse real data set
// made from what apt ships: bag-of-words TF-IDF vectors of Debian package
// summaries and debtags (`apt-cache dumpavail`, no download), over the
// vocabulary of the -dims most frequent words. Every -holdout-th document
// is a query, the rest the base. In process (vecindex, one query thread),
// each round it measures queries per second and recall@10 against the
// exact answer for: the sparse HNSW index (-opclass's metric, inner
// product by default; the vectors are unit length, so inner product, L2
// and cosine order alike) over an ef_search sweep, an exact scan of the
// sparse vectors (vecindex.Distance per row, the plan without an index),
// the same data as dense vector(dims) in an HNSW index
// (vecindex.InnerProduct, the default quantization) and an exact scan of
// the dense vectors. With -wire it measures servers through SQL instead
// (wire.go). See README.md.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vecgres/vecgres/vecindex"
)

// row is one measurement of the report.
type row struct {
	Round    int     `json:"round"`
	Index    string  `json:"index"`
	EfSearch int     `json:"ef_search,omitempty"`
	Queries  int     `json:"queries"`
	QPS      float64 `json:"qps"`
	Recall   float64 `json:"recall_at_10"`
}

// report is the JSON written to -out.
type report struct {
	Date         string         `json:"date"`
	CPU          string         `json:"cpu"`
	NumCPU       int            `json:"num_cpu"`
	GoVersion    string         `json:"go_version"`
	LoadAvg      string         `json:"loadavg_at_start"`
	Opclass      string         `json:"opclass,omitempty"`
	Packages     int            `json:"packages"`
	Dims         int            `json:"dims"`
	Base         int            `json:"base"`
	Queries      int            `json:"queries"`
	MeanNNZ      float64        `json:"mean_nnz"`
	M            int            `json:"m"`
	EfConstr     int            `json:"ef_construction"`
	BuildSeconds map[string]any `json:"build_seconds"`
	VectorBytes  map[string]any `json:"vector_bytes"`
	Rows         []row          `json:"rows"`
}

func main() {
	in := flag.String("in", "", "read `apt-cache dumpavail` output from this file instead of running it")
	dims := flag.Int("dims", 2000, "vocabulary size: the sparse vectors' dimensions (vector HNSW takes at most 2,000)")
	holdout := flag.Int("holdout", 60, "every n-th document is a query")
	maxQ := flag.Int("queries", 1000, "at most this many queries")
	exactQ := flag.Int("exact-queries", 100, "queries timed for the exact scans")
	efList := flag.String("ef-search", "10,20,40,80,160,320", "hnsw ef_search values")
	m := flag.Int("m", 16, "HNSW m")
	efc := flag.Int("ef-construction", 64, "HNSW ef_construction")
	rounds := flag.Int("rounds", 2, "rounds; each measures every index in turn")
	noDense := flag.Bool("no-dense", false, "skip the dense vector index and scan")
	out := flag.String("out", "", "JSON report (default bench/results/debbow-<UTC date>.json)")
	wire := flag.String("wire", "", "measure through SQL instead, on each `name=DSN` of this comma-separated list (see wire.go)")
	indexFirst := flag.Bool("index-first", false, "-wire: create the index on the empty table, then COPY the rows (one insert each)")
	repair := flag.String("auto-repair", "", "in process: on or off sets the indexes' reachability repair (default: vecindex's, off under inner product)")
	noLoad := flag.Bool("no-load", false, "-wire: query the servers' debbow tables as an earlier run left them")
	opclass := flag.String("opclass", "sparsevec_ip_ops", "operator class: of the -wire index, and its metric in process (the vectors are unit length, so all three order alike)")
	flag.Parse()
	efs, err := parseInts(*efList)
	if err != nil {
		log.Fatal(err)
	}
	raw, err := readDump(*in)
	if err != nil {
		log.Fatal(err)
	}
	docs, err := parsePackages(bytes.NewReader(raw))
	if err != nil {
		log.Fatal(err)
	}
	c := buildCorpus(docs, *dims)
	var base, queries []int
	for i := range c.idx {
		if i%*holdout == *holdout-1 && len(queries) < *maxQ {
			queries = append(queries, i)
		} else {
			base = append(base, i)
		}
	}
	rep := report{Date: time.Now().UTC().Format(time.RFC3339), CPU: cpuModel(), NumCPU: runtime.NumCPU(),
		GoVersion: runtime.Version(), LoadAvg: loadAvg(), Packages: len(docs), Dims: len(c.vocab),
		Base: len(base), Queries: len(queries), M: *m, EfConstr: *efc,
		BuildSeconds: map[string]any{}, VectorBytes: map[string]any{}}
	var nnz int
	for _, i := range base {
		nnz += len(c.idx[i])
	}
	rep.MeanNNZ = float64(nnz) / float64(len(base))
	log.Printf("%d packages, %d distinct vectors over %d words: base %d, queries %d, mean nnz %.1f",
		len(docs), len(c.idx), len(c.vocab), len(base), len(queries), rep.MeanNNZ)

	sparse := make([][]float32, len(base))
	for j, i := range base {
		sparse[j] = vecindex.SparseVector(c.idx[i], c.val[i])
	}
	qs := make([][]float32, len(queries))
	for j, i := range queries {
		qs[j] = vecindex.SparseVector(c.idx[i], c.val[i])
	}
	truth := exactTopK(c, base, queries, 10)
	rep.Opclass = *opclass
	if *wire != "" {
		servers, err := parseServers(*wire)
		if err != nil {
			log.Fatal(err)
		}
		runWire(&rep, servers, *opclass, *indexFirst, *noLoad, c, base, queries, truth, efs, *m, *efc, *rounds)
		writeReport(&rep, *out)
		return
	}
	metric, err := metricFor(*opclass)
	if err != nil {
		log.Fatal(err)
	}
	sp, secs := buildIndex(vecindex.Config{Dims: vecindex.SparseDims, M: *m, EfConstruction: *efc, Metric: metric, Seed: 1}, sparse, *repair)
	rep.BuildSeconds["sparsevec_hnsw"] = secs
	rep.VectorBytes["sparsevec_hnsw"], _ = sp.MemoryBytes()
	var dn *vecindex.HNSW
	var dvecs, dqs [][]float32
	if !*noDense {
		dvecs = make([][]float32, len(base))
		for j, i := range base {
			dvecs[j] = dense(c.idx[i], c.val[i], len(c.vocab))
		}
		dqs = make([][]float32, len(queries))
		for j, i := range queries {
			dqs[j] = dense(c.idx[i], c.val[i], len(c.vocab))
		}
		dn, secs = buildIndex(vecindex.Config{Dims: len(c.vocab), M: *m, EfConstruction: *efc, Metric: vecindex.InnerProduct, Seed: 1}, dvecs, *repair)
		rep.BuildSeconds["vector_hnsw"] = secs
		rep.VectorBytes["vector_hnsw"], _ = dn.MemoryBytes()
	}
	for r := 1; r <= *rounds; r++ {
		for _, ef := range efs {
			rep.Rows = append(rep.Rows, measure(r, "sparsevec_hnsw", ef, qs, truth, func(q []float32) []vecindex.Result { return sp.Search(q, 10, ef, nil) }))
			if dn != nil {
				rep.Rows = append(rep.Rows, measure(r, "vector_hnsw", ef, dqs, truth, func(q []float32) []vecindex.Result { return dn.Search(q, 10, ef, nil) }))
			}
		}
		nq := min(*exactQ, len(qs))
		rep.Rows = append(rep.Rows, measure(r, "sparsevec_exact", 0, qs[:nq], truth, func(q []float32) []vecindex.Result { return scan(metric, sparse, q) }))
		if dn != nil {
			rep.Rows = append(rep.Rows, measure(r, "vector_exact", 0, dqs[:nq], truth, func(q []float32) []vecindex.Result { return scan(vecindex.InnerProduct, dvecs, q) }))
		}
	}
	for _, x := range rep.Rows {
		fmt.Printf("round %d  %-16s ef %4d  QPS %9.1f  recall@10 %.4f\n", x.Round, x.Index, x.EfSearch, x.QPS, x.Recall)
	}
	writeReport(&rep, *out)
}

// writeReport writes rep as JSON to path (default
// bench/results/debbow-<UTC date>.json).
func writeReport(rep *report, path string) {
	if path == "" {
		path = filepath.Join("bench", "results", "debbow-"+time.Now().UTC().Format("2006-01-02")+".json")
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", path)
}

// readDump returns the bytes of `apt-cache dumpavail`, or of the file in.
func readDump(in string) ([]byte, error) {
	if in != "" {
		return os.ReadFile(in)
	}
	out, err := exec.Command("apt-cache", "dumpavail").Output()
	if err != nil {
		return nil, fmt.Errorf("apt-cache dumpavail: %w", err)
	}
	return out, nil
}

// buildIndex inserts vecs under keys 0..n-1 and returns the index and the
// build's wall-clock seconds; repair "on" or "off" sets the index's
// automatic reachability repair (vecindex.SetAutoRepair; "": its default,
// off under inner product).
func buildIndex(cfg vecindex.Config, vecs [][]float32, repair string) (*vecindex.HNSW, float64) {
	h, err := vecindex.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	if repair != "" {
		h.SetAutoRepair(repair == "on")
	}
	keys := make([]uint64, len(vecs))
	for i := range keys {
		keys[i] = uint64(i)
	}
	start := time.Now()
	if err := h.InsertBatch(keys, vecs, 0); err != nil {
		log.Fatal(err)
	}
	return h, time.Since(start).Seconds()
}

// measure runs search on every query once (one thread) and returns its
// QPS and mean recall@10.
func measure(round int, index string, ef int, qs [][]float32, truth []answer, search func(q []float32) []vecindex.Result) row {
	got := make([][]vecindex.Result, len(qs))
	start := time.Now()
	for i, q := range qs {
		got[i] = search(q)
	}
	secs := time.Since(start).Seconds()
	var rec float64
	for i, g := range got {
		rec += truth[i].recall(g)
	}
	return row{Round: round, Index: index, EfSearch: ef, Queries: len(qs), QPS: float64(len(qs)) / secs, Recall: rec / float64(len(qs))}
}

// scan is the exact k = 10 nearest by metric m over vecs, as a scan
// without an index computes it.
func scan(m vecindex.Metric, vecs [][]float32, q []float32) []vecindex.Result {
	best := make([]vecindex.Result, 0, 11)
	for i, v := range vecs {
		d := vecindex.Distance(m, q, v)
		if len(best) == 10 && d >= best[9].Dist {
			continue
		}
		at, _ := slices.BinarySearchFunc(best, d, func(r vecindex.Result, d float32) int {
			if r.Dist <= d {
				return -1
			}
			return 1
		})
		best = slices.Insert(best, at, vecindex.Result{Key: uint64(i), Dist: d})
		best = best[:min(len(best), 10)]
	}
	return best
}

// answer is a query's exact inner products with every base vector that
// shares a word with it, and its 10th smallest distance (-inner product).
type answer struct {
	dist map[uint64]float64
	kth  float64
}

// recall is the share of got whose true distance is within 1e-5 of the
// 10th nearest's (ann-benchmarks' rule, ties counted as hits).
func (a answer) recall(got []vecindex.Result) float64 {
	hits := 0
	for _, r := range got {
		if a.dist[r.Key] <= a.kth+1e-5 {
			hits++
		}
	}
	return float64(hits) / 10
}

// exactTopK computes each query's answer in float64 through an inverted
// index of the base vectors (base vectors sharing no word are at
// distance 0).
func exactTopK(c *corpus, base, queries []int, k int) []answer {
	post := make([][]struct {
		doc uint64
		v   float32
	}, len(c.vocab))
	for j, i := range base {
		for n, w := range c.idx[i] {
			post[w] = append(post[w], struct {
				doc uint64
				v   float32
			}{uint64(j), c.val[i][n]})
		}
	}
	out := make([]answer, len(queries))
	for qi, i := range queries {
		dot := map[uint64]float64{}
		for n, w := range c.idx[i] {
			for _, p := range post[w] {
				dot[p.doc] += float64(c.val[i][n]) * float64(p.v)
			}
		}
		a := answer{dist: make(map[uint64]float64, len(dot))}
		ds := make([]float64, 0, len(base))
		for d, x := range dot {
			a.dist[d] = -x
			ds = append(ds, -x)
		}
		for len(ds) < k { // the rest are at 0
			ds = append(ds, 0)
		}
		slices.Sort(ds)
		a.kth = ds[k-1]
		out[qi] = a
	}
	return out
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("bad integer %q", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "model name") {
			_, v, _ := strings.Cut(l, ":")
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.TrimSpace(string(b))
}
