package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/vecindex/distance"
	"github.com/vecgres/vecgres/vecindex/fmnist"
)

const k = 10

type point struct {
	EfSearch    int     `json:"ef_search"`
	Queries     int     `json:"queries"`
	QPS1        float64 `json:"qps_1_thread"`
	QPS1CPU     float64 `json:"qps_1_thread_cpu,omitempty"`
	QPSAll      float64 `json:"qps_all_cores"`
	Recall      float64 `json:"recall_at_10"`
	Recall10k   float64 `json:"recall_at_10_10k_queries,omitempty"`
	QPS1Of10k   float64 `json:"qps_1_thread_10k_queries,omitempty"`
	QPSAllOf10k float64 `json:"qps_all_cores_10k_queries,omitempty"`
}

type run struct {
	M              int     `json:"m"`
	EfConstruction int     `json:"ef_construction"`
	BuildSerialS   float64 `json:"build_seconds_1_worker,omitempty"`
	BuildParallelS float64 `json:"build_seconds_all_workers"`
	BuildSerialCPU float64 `json:"build_cpu_seconds_1_worker,omitempty"`
	BuildParCPU    float64 `json:"build_cpu_seconds_all_workers"`
	Workers        int     `json:"workers"`
	RecallSerial   float64 `json:"recall_at_10_ef40_serial_build,omitempty"`
	RecallParallel float64 `json:"recall_at_10_ef40_parallel_build"`
	VectorBytes    int64   `json:"vector_bytes"`
	GraphBytes     int64   `json:"graph_bytes"`
	Sweep          []point `json:"sweep"`
}

type report struct {
	Target    string `json:"target"`
	Derived   string `json:"derived,omitempty"`
	Date      string `json:"date"`
	Commit    string `json:"git_commit"`
	NumCPU    int    `json:"num_cpu"`
	Go        string `json:"go_version"`
	Kernels   string `json:"kernels"`
	Base      int    `json:"base"`
	Dims      int    `json:"dims"`
	LoadStart string `json:"loadavg_at_start"`
	Runs      []run  `json:"runs"`
}

func main() {
	dir := flag.String("data", fmnist.DefaultDir, "Fashion-MNIST directory")
	exportDir := flag.String("export", "", "write raw base/queries/ground truth for bench/hnswlib to this directory")
	efcs := flag.String("efc", "64,200", "ef_construction values")
	efs := flag.String("ef", "10,12,14,16,20,24,32,40,48,64,80,96,128,200", "ef_search sweep")
	m := flag.Int("m", 16, "m")
	serial := flag.Bool("serial", true, "also time a one-worker build")
	big := flag.Bool("10k", true, "also sweep all 10,000 queries")
	cacheDir := flag.String("cache", "/tmp/vecgres-fmnist", "ground-truth cache directory")
	save := flag.String("save", "", "save each built index (vecindex checkpoint) to DIR/vecgres-m<m>-efc<efc>.idx")
	buildOnly := flag.Bool("buildonly", false, "only time one build per ef_construction at GOMAXPROCS workers; print JSON lines")
	floats := flag.Bool("floats", false, "with -sweep: walk on float32 only (HNSW.DisableByteCodes)")
	sweepDir := flag.String("sweep", "", "only load the indexes -save wrote in DIR and print one JSON line per index: a 1,000-query one-thread sweep")
	out := flag.String("out", "", "JSON path (default bench/results/inproc-<date>.json)")
	deriveKind := flag.String("derive", "", "turn the pixels into non-byte floats: scaled (pixel/255 + seeded ±0.002) or unit (L2-normalised), see derive.go; or glove-100: GloVe 100-d under cosine instead (dataset.go)")
	cpuProfile := flag.String("cpuprofile", "", "with -sweep: write a CPU profile of the sweeps' searches (runtime/pprof) to this path")
	sq := flag.Bool("sq", false, "build with vecindex.QuantSQ8 (scalar-quantized walk, float re-ranking); indexes saved as ...-sq.idx, target vecgres-inproc-sq8")
	flag.Parse()
	log.SetFlags(0)
	if *gloveN > 0 {
		path := *out
		if path == "" {
			path = filepath.Join("bench", "results", "inproc-glove-"+time.Now().Format("2006-01-02")+".json")
		}
		runGloVe(*m, ints(*efcs)[0], ints(*efs), *cacheDir, path)
		return
	}

	d, err := loadData(*deriveKind, *dir, *gloveRoot)
	if err != nil {
		log.Fatal(err)
	}
	if *sq {
		quant, targetName = vecindex.QuantSQ8, "vecgres-inproc-sq8"
	}
	cache := *cacheDir
	if *exportDir != "" {
		cache = *exportDir
	}
	if *exportDir != "" {
		if err := export(*exportDir, d.Train, d.Test); err != nil {
			log.Fatal(err)
		}
	}
	t0 := time.Now()
	gt, err := groundTruth(d.Train, d.Test, cache)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("ground truth: %.1fs", time.Since(t0).Seconds())
	if *exportDir != "" && *out == "-" {
		return
	}
	if *buildOnly {
		keys := make([]uint64, len(d.Train))
		for i := range keys {
			keys[i] = uint64(i)
		}
		for _, efc := range ints(*efcs) {
			cfg := vecindex.Config{Dims: len(d.Train[0]), M: *m, EfConstruction: efc, Metric: metric, Seed: 1, Quantization: quant}
			h, secs := build(cfg, keys, d.Train, 0)
			vb, gb := h.MemoryBytes()
			fmt.Printf("{\"target\":%q,\"m\":%d,\"ef_construction\":%d,\"threads\":%d,\"build_seconds\":%.3f,\"vector_bytes\":%d,\"graph_bytes\":%d,\"sweep\":[]}\n",
				targetName, *m, efc, runtime.GOMAXPROCS(0), secs, vb, gb)
			runtime.GC()
		}
		return
	}
	if *sweepDir != "" {
		stop := startProfile(*cpuProfile)
		defer stop()
		for _, efc := range ints(*efcs) {
			sweepOnly(d, gt, *sweepDir, *m, efc, ints(*efs), *floats)
		}
		return
	}
	saveDir = *save
	rep := report{Target: targetName, Derived: *deriveKind, Date: time.Now().UTC().Format(time.RFC3339), Commit: gitCommit(),
		NumCPU: runtime.NumCPU(), Go: runtime.Version(), Kernels: distance.Implementation(),
		Base: len(d.Train), Dims: len(d.Train[0]), LoadStart: loadavg()}
	for _, efc := range ints(*efcs) {
		rep.Runs = append(rep.Runs, bench(d, gt, *m, efc, ints(*efs), *serial, *big))
	}
	path := *out
	if path == "" {
		path = filepath.Join("bench", "results", "inproc-"+time.Now().Format("2006-01-02")+".json")
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", path)
}

func bench(d *fmnist.Dataset, gt *truth, m, efc int, efs []int, serial, big bool) run {
	cfg := vecindex.Config{Dims: len(d.Train[0]), M: m, EfConstruction: efc, Metric: metric, Seed: 1, Quantization: quant}
	r := run{M: m, EfConstruction: efc, Workers: runtime.GOMAXPROCS(0)}
	keys := make([]uint64, len(d.Train))
	for i := range keys {
		keys[i] = uint64(i)
	}
	if serial {
		h, secs := build(cfg, keys, d.Train, 1)
		r.BuildSerialS, r.BuildSerialCPU = secs, lastBuildCPU
		r.RecallSerial = recallAt(h, d.Test[:1000], gt, 40)
		log.Printf("m=%d efc=%d build 1 worker: %.2fs recall@10(ef 40) %.4f", m, efc, secs, r.RecallSerial)
		runtime.GC()
	}
	h, secs := build(cfg, keys, d.Train, 0)
	r.BuildParallelS, r.BuildParCPU = secs, lastBuildCPU
	r.RecallParallel = recallAt(h, d.Test[:1000], gt, 40)
	r.VectorBytes, r.GraphBytes = h.MemoryBytes()
	if saveDir != "" {
		if err := saveIndex(h, indexPath(saveDir, m, efc)); err != nil {
			log.Fatal(err)
		}
	}
	log.Printf("m=%d efc=%d build %d workers: %.2fs recall@10(ef 40) %.4f", m, efc, r.Workers, secs, r.RecallParallel)
	for _, ef := range efs {
		p := point{EfSearch: ef, Queries: 1000}
		qs := d.Test[:1000]
		h.Search(qs[0], k, ef, nil) // warm the scratch pool
		p.QPS1 = qps(h, qs, ef, 1, 3)
		p.QPSAll = qps(h, qs, ef, runtime.GOMAXPROCS(0), 3)
		p.Recall = recallAt(h, qs, gt, ef)
		if big {
			p.QPS1Of10k = qps(h, d.Test, ef, 1, 1)
			p.QPSAllOf10k = qps(h, d.Test, ef, runtime.GOMAXPROCS(0), 1)
			p.Recall10k = recallAt(h, d.Test, gt, ef)
		}
		log.Printf("  ef %3d: 1 thread %7.0f QPS, all %7.0f QPS, recall %.4f (10k: %.4f)", ef, p.QPS1, p.QPSAll, p.Recall, p.Recall10k)
		r.Sweep = append(r.Sweep, p)
	}
	return r
}

func build(cfg vecindex.Config, keys []uint64, vecs [][]float32, workers int) (*vecindex.HNSW, float64) {
	h, err := vecindex.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	c0 := cpuSeconds()
	t0 := time.Now()
	if err := h.InsertBatch(keys, vecs, workers); err != nil {
		log.Fatal(err)
	}
	secs := time.Since(t0).Seconds()
	lastBuildCPU = cpuSeconds() - c0
	return h, secs
}

// lastBuildCPU is the process CPU time (user + system seconds, all
// threads) of the last build: on a loaded machine it varies less than the
// wall time, which includes waiting for a core.
var lastBuildCPU float64

// cpuSeconds is the process's user + system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

// qps runs all queries on threads goroutines, best of runs.
func qps(h *vecindex.HNSW, qs [][]float32, ef, threads, runs int) float64 {
	best := 0.0
	for range runs {
		var next atomic.Int64
		var wg sync.WaitGroup
		t0 := time.Now()
		for range threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := next.Add(1) - 1; i < int64(len(qs)); i = next.Add(1) - 1 {
					h.Search(qs[i], k, ef, nil)
				}
			}()
		}
		wg.Wait()
		best = max(best, float64(len(qs))/time.Since(t0).Seconds())
	}
	return best
}

// qps1 runs all queries on this goroutine, runs times, and returns the
// best queries per wall second and per CPU second of the process (the
// latter varies less on a machine shared with other work).
func qps1(h *vecindex.HNSW, qs [][]float32, ef, runs int) (wall, cpu float64) {
	for range runs {
		t0, c0 := time.Now(), cpuSeconds()
		for _, q := range qs {
			h.Search(q, k, ef, nil)
		}
		wall = max(wall, float64(len(qs))/time.Since(t0).Seconds())
		cpu = max(cpu, float64(len(qs))/(cpuSeconds()-c0))
	}
	return wall, cpu
}

// recallAt is mean recall@10 by the ann-benchmarks rule.
func recallAt(h *vecindex.HNSW, qs [][]float32, gt *truth, ef int) float64 {
	hits := 0
	for i, q := range qs {
		lim := gt.dists[i][k-1] + 1e-3
		for _, r := range h.Search(q, k, ef, nil) {
			if euclid(r.Dist) <= lim {
				hits++
			}
		}
	}
	return float64(hits) / float64(k*len(qs))
}

func ints(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			log.Fatalf("bad number %q", f)
		}
		out = append(out, n)
	}
	return out
}

// gitCommit is the measured commit: $INPROC_COMMIT if set (ab.sh runs
// builds of other commits from this tree), else this tree's HEAD.
func gitCommit() string {
	if c := os.Getenv("INPROC_COMMIT"); c != "" {
		return c
	}
	b, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

var saveDir string

// quant and targetName follow -sq.
var (
	quant      = vecindex.QuantAuto
	targetName = "vecgres-inproc"
)

func indexPath(dir string, m, efc int) string {
	suffix := ""
	if quant == vecindex.QuantSQ8 {
		suffix = "-sq"
	}
	return filepath.Join(dir, fmt.Sprintf("vecgres-m%d-efc%d%s.idx", m, efc, suffix))
}

func saveIndex(h *vecindex.HNSW, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := h.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// sweepOnly loads a saved index and prints one JSON line in the native
// drivers' format (bench/hnswlib): one-thread QPS, best of 3, and recall.
func sweepOnly(d *fmnist.Dataset, gt *truth, dir string, m, efc int, efs []int, floats bool) {
	f, err := os.Open(indexPath(dir, m, efc))
	if err != nil {
		log.Fatal(err)
	}
	h, err := vecindex.ReadFrom(bufio.NewReaderSize(f, 1<<20))
	f.Close()
	if err != nil {
		log.Fatal(err)
	}
	line := struct {
		Target string  `json:"target"`
		M      int     `json:"m"`
		Efc    int     `json:"ef_construction"`
		Sweep  []point `json:"sweep"`
	}{Target: targetName, M: m, Efc: efc}
	if floats {
		h.DisableByteCodes()
		line.Target = targetName + "-floats"
	}
	qs := d.Test[:1000]
	for _, ef := range efs {
		h.Search(qs[0], k, ef, nil)
		wall, cpu := qps1(h, qs, ef, 3)
		line.Sweep = append(line.Sweep, point{EfSearch: ef, Queries: len(qs), QPS1: wall, QPS1CPU: cpu, Recall: recallAt(h, qs, gt, ef)})
	}
	b, _ := json.Marshal(line)
	fmt.Println(string(b))
}
