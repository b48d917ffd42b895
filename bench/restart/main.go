// Command restart measures how long vecgres takes to accept queries again
// after a clean shutdown (snapshot read, nothing replayed) and after a
// SIGKILL with a given amount of WAL written since the last checkpoint, on
// a table of synthetic, seeded vectors with an HNSW index.
//
//	go build -o /tmp/vecgres ./cmd/vecgres
//	go run ./bench/restart -bin /tmp/vecgres -data /tmp/restart-data -n 200000 -wal-mb 100
//
// The data directory is kept between runs (-reuse skips loading), so the
// long HNSW build happens once. Output: one JSON object on stdout.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
	pgxvector "github.com/pgvector/pgvector-go/pgx"
)

type result struct {
	Rows             int     `json:"rows"`
	Dims             int     `json:"dims"`
	LoadSeconds      float64 `json:"load_seconds,omitempty"`
	IndexSeconds     float64 `json:"index_seconds,omitempty"`
	SnapshotBytes    int64   `json:"snapshot_bytes"`
	CleanRestartSecs float64 `json:"clean_restart_seconds"`
	TailRows         int     `json:"tail_rows"`
	TailWALBytes     int64   `json:"tail_wal_bytes"`
	CrashRestartSecs float64 `json:"crash_restart_seconds"`
	// With -catchup: seconds from the crash restart's start until no index
	// has rows pending (background catch-up done), and the mean latency of
	// a k-NN query (LIMIT 10) meanwhile.
	CatchUpSecs       float64 `json:"catchup_seconds,omitempty"`
	PendingQueryMs    float64 `json:"pending_query_ms,omitempty"`
	CaughtUpQueryMs   float64 `json:"caught_up_query_ms,omitempty"`
	PendingAtFirstRow int     `json:"pending_at_first_query,omitempty"`
}

type server struct {
	cmd  *exec.Cmd
	addr string
	done chan struct{}
}

func start(bin, dir string, args ...string) (*server, time.Duration, error) {
	t0 := time.Now()
	cmd := exec.Command(bin, append([]string{"--listen", "127.0.0.1:0", "--data-dir", dir, "--log-level", "warn"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, 0, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	s := &server{cmd: cmd, done: make(chan struct{})}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
			s.addr = a
			break
		}
	}
	go func() { cmd.Wait(); close(s.done) }()
	if s.addr == "" {
		return nil, 0, fmt.Errorf("server did not start")
	}
	// Accepting queries: one k-NN query answered through the index.
	conn, err := s.connect()
	if err != nil {
		return nil, 0, err
	}
	defer conn.Close(context.Background())
	var id int64
	q := pgvector.NewVector(vector(rand.New(rand.NewPCG(1, 1)), 128))
	if err := conn.QueryRow(context.Background(), "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 1", q).Scan(&id); err != nil {
		return nil, 0, err
	}
	return s, time.Since(t0), nil
}

func (s *server) connect() (*pgx.Conn, error) {
	conn, err := pgx.Connect(context.Background(), "postgres://postgres@"+s.addr+"/postgres?sslmode=disable")
	if err != nil {
		return nil, err
	}
	return conn, pgxvector.RegisterTypes(context.Background(), conn)
}

func (s *server) stop(sig syscall.Signal) {
	s.cmd.Process.Signal(sig)
	<-s.done
}

func vector(r *rand.Rand, dims int) []float32 {
	v := make([]float32, dims)
	for i := range v {
		v[i] = r.Float32()*2 - 1
	}
	return v
}

// load creates the table, COPYs n seeded vectors and builds the index.
func load(s *server, n, dims int, res *result) error {
	ctx := context.Background()
	conn, err := s.connect()
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, fmt.Sprintf("CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(%d))", dims)); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(42, uint64(dims)))
	t0 := time.Now()
	const batch = 20000
	for lo := 0; lo < n; lo += batch {
		rows := make([][]any, 0, batch)
		for i := lo; i < min(n, lo+batch); i++ {
			rows = append(rows, []any{int64(i), pgvector.NewVector(vector(r, dims))})
		}
		if _, err := conn.CopyFrom(ctx, pgx.Identifier{"items"}, []string{"id", "embedding"}, pgx.CopyFromRows(rows)); err != nil {
			return err
		}
	}
	res.LoadSeconds = time.Since(t0).Seconds()
	t0 = time.Now()
	if _, err := conn.Exec(ctx, "CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)"); err != nil {
		return err
	}
	res.IndexSeconds = time.Since(t0).Seconds()
	return nil
}

// tail inserts rows (single-row autocommit INSERTs from 4 connections)
// until walBytes of WAL were written.
func tail(s *server, dir string, n, dims int, walBytes int64, res *result) error {
	ctx := context.Background()
	before := walSize(dir)
	r := rand.New(rand.NewPCG(7, 7))
	id := int64(n) + 10_000_000
	conn, err := s.connect()
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	for walSize(dir)-before < walBytes {
		rows := make([][]any, 0, 2000)
		for range 2000 {
			rows = append(rows, []any{id, pgvector.NewVector(vector(r, dims))})
			id++
		}
		if _, err := conn.CopyFrom(ctx, pgx.Identifier{"items"}, []string{"id", "embedding"}, pgx.CopyFromRows(rows)); err != nil {
			return err
		}
		res.TailRows += len(rows)
	}
	res.TailWALBytes = walSize(dir) - before
	return nil
}

// walSize estimates the bytes of WAL written: the position of the end of
// the log is not visible from outside, so it counts full segments and the
// non-zero prefix of the last one.
func walSize(dir string) int64 {
	names, _ := filepath.Glob(filepath.Join(dir, "*.wal"))
	var total int64
	for i, n := range names {
		if i < len(names)-1 {
			st, _ := os.Stat(n)
			total += st.Size()
			continue
		}
		b, _ := os.ReadFile(n)
		end := len(b)
		for end > 0 && b[end-1] == 0 {
			end--
		}
		total += int64(end)
	}
	return total
}

func dirSize(dir string) int64 {
	var total int64
	filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			total += info.Size()
		}
		return nil
	})
	return total
}

func main() {
	bin := flag.String("bin", "/tmp/vecgres", "vecgres binary")
	dir := flag.String("data", "/tmp/restart-data", "data directory (kept outside the repository)")
	n := flag.Int("n", 200000, "rows")
	dims := flag.Int("dims", 128, "dimensions")
	walMB := flag.Int64("wal-mb", 100, "MiB of WAL to leave for crash recovery")
	reuse := flag.Bool("reuse", false, "reuse a data directory loaded by an earlier run")
	flag.BoolVar(&measureCatchUp, "catchup", false, "after the crash restart, also time the background index catch-up")
	fmnist := flag.String("copy-fmnist", "", "instead: time COPY of this train-images-idx3-ubyte.gz with --synchronous-commit on and off")
	flag.Parse()
	if *fmnist != "" {
		if err := copyBench(*bin, *dir, *fmnist); err != nil {
			fmt.Fprintln(os.Stderr, "restart:", err)
			os.Exit(1)
		}
		return
	}
	res := &result{Rows: *n, Dims: *dims}
	if err := run(*bin, *dir, *n, *dims, *walMB<<20, *reuse, res); err != nil {
		fmt.Fprintln(os.Stderr, "restart:", err)
		os.Exit(1)
	}
	json.NewEncoder(os.Stdout).Encode(res)
}

// copyBench times COPY of the images with fsync on and off, alternating,
// three runs each, and prints the fastest of each.
func copyBench(bin, dir, path string) error {
	vecs, err := readIDX(path)
	if err != nil {
		return err
	}
	best := map[string]float64{}
	for range 3 {
		for _, mode := range []string{"on", "off"} {
			secs, err := copyRun(bin, dir, mode, vecs)
			if err != nil {
				return err
			}
			if b, ok := best[mode]; !ok || secs < b {
				best[mode] = secs
			}
		}
	}
	return json.NewEncoder(os.Stdout).Encode(map[string]any{"rows": len(vecs), "dims": len(vecs[0]),
		"copy_seconds_sync_on": best["on"], "copy_seconds_sync_off": best["off"], "ratio": best["on"] / best["off"]})
}

func run(bin, dir string, n, dims int, walBytes int64, reuse bool, res *result) error {
	noCkpt := []string{"--checkpoint-interval", "-1s", "--checkpoint-wal-mb", "-1"}
	if !reuse {
		os.RemoveAll(dir)
		s, err := startEmpty(bin, dir)
		if err != nil {
			return err
		}
		if err := load(s, n, dims, res); err != nil {
			return err
		}
		s.stop(syscall.SIGTERM) // clean shutdown: checkpoint
	}
	base := dir + ".base"
	os.RemoveAll(base)
	if err := exec.Command("cp", "-a", dir, base).Run(); err != nil {
		return err
	}
	res.SnapshotBytes = dirSize(dir)
	s, took, err := start(bin, dir, noCkpt...)
	if err != nil {
		return err
	}
	res.CleanRestartSecs = took.Seconds()
	if err := tail(s, dir, n, dims, walBytes, res); err != nil {
		return err
	}
	s.stop(syscall.SIGKILL)
	s, took, err = start(bin, dir, noCkpt...)
	if err != nil {
		return err
	}
	res.CrashRestartSecs = took.Seconds()
	if measureCatchUp {
		if err := catchUp(s, took, res); err != nil {
			return err
		}
	}
	s.stop(syscall.SIGKILL)
	// Put the loaded, checkpointed directory back for the next -reuse run.
	os.RemoveAll(dir)
	return os.Rename(base, dir)
}

// startEmpty starts a server without querying it (no items table yet).
func startEmpty(bin, dir string, args ...string) (*server, error) {
	cmd := exec.Command(bin, append([]string{"--listen", "127.0.0.1:0", "--data-dir", dir, "--log-level", "warn"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, done: make(chan struct{})}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
			s.addr = a
			break
		}
	}
	go func() { cmd.Wait(); close(s.done) }()
	if s.addr == "" {
		return nil, fmt.Errorf("server did not start")
	}
	return s, nil
}

var measureCatchUp bool

// catchUp polls EXPLAIN ANALYZE of a k-NN query until it reports no
// pending rows, timing the queries meanwhile and once caught up.
func catchUp(s *server, sinceStart time.Duration, res *result) error {
	ctx := context.Background()
	conn, err := s.connect()
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	t0 := time.Now().Add(-sinceStart)
	r := rand.New(rand.NewPCG(3, 3))
	var total time.Duration
	n := 0
	knn := func() (time.Duration, error) {
		q := pgvector.NewVector(vector(r, 128))
		t := time.Now()
		rows, err := conn.Query(ctx, "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10", q)
		if err != nil {
			return 0, err
		}
		rows.Close()
		return time.Since(t), rows.Err()
	}
	for {
		var lines []string
		rows, err := conn.Query(ctx, "EXPLAIN ANALYZE SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10",
			pgvector.NewVector(vector(r, 128)))
		if err != nil {
			return err
		}
		for rows.Next() {
			var l string
			rows.Scan(&l)
			lines = append(lines, l)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		pending := 0
		for _, l := range lines {
			if _, v, ok := strings.Cut(l, "Pending Rows (not yet in the graph): "); ok {
				fmt.Sscan(v, &pending)
			}
		}
		if res.PendingAtFirstRow == 0 {
			res.PendingAtFirstRow = pending
		}
		if pending == 0 {
			res.CatchUpSecs = time.Since(t0).Seconds()
			break
		}
		d, err := knn()
		if err != nil {
			return err
		}
		total += d
		n++
		time.Sleep(time.Second)
	}
	if n > 0 {
		res.PendingQueryMs = float64(total.Microseconds()) / 1000 / float64(n)
	}
	total = 0
	for range 20 {
		d, err := knn()
		if err != nil {
			return err
		}
		total += d
	}
	res.CaughtUpQueryMs = float64(total.Microseconds()) / 1000 / 20
	return nil
}
