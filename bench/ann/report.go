package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
)

// row is one (connections, ef_search) measurement; for an ivfflat run
// EfSearch holds ivfflat.probes and Setting says so.
type row struct {
	Conns      int     `json:"conns"`
	EfSearch   int     `json:"ef_search"`
	Setting    string  `json:"setting,omitempty"` // the SET name EfSearch is the value of
	Queries    int     `json:"queries"`           // measured queries (warm-up excluded)
	QPS        float64 `json:"qps"`               // Queries / wall seconds over all connections
	P50Ms      float64 `json:"p50_ms"`            // median per-query latency, milliseconds
	P99Ms      float64 `json:"p99_ms"`            // 99th percentile latency (nearest rank), milliseconds
	RecallAt10 float64 `json:"recall_at_10"`      // mean recall@10, ann-benchmarks rule
	// ServerCPUUs is the server's CPU time (user + system, /proc) in that
	// run per query, microseconds, in 10 ms ticks; 0 when not measured
	// (servercpu.go).
	ServerCPUUs float64 `json:"server_cpu_us_per_query,omitempty"`
}

// machine describes the client host (the benchmark usually runs on the same
// host as the server).
type machine struct {
	NumCPU    int    `json:"num_cpu"`
	GOOS      string `json:"goos"`
	GOARCH    string `json:"goarch"`
	CPUModel  string `json:"cpu_model"`
	GoVersion string `json:"go_version"`
}

// params records the benchmark settings.
type params struct {
	Dataset        string `json:"dataset"`
	Base           int    `json:"base"`
	Dim            int    `json:"dim"`
	Queries        int    `json:"queries"`
	Warmup         int    `json:"warmup"`
	Runs           int    `json:"runs"` // timed runs per row; the fastest is reported
	K              int    `json:"k"`
	M              int    `json:"m"`
	EfConstruction int    `json:"ef_construction"`
	EfSearch       []int  `json:"ef_search"`
	Conns          []int  `json:"conns"`
	SkipLoad       bool   `json:"skip_load"`
	Shape          string `json:"shape,omitempty"` // --shape: plain, join, lateral
	Query          string `json:"query"`
	Type           string `json:"type,omitempty"`          // --type: the column type (vector, halfvec, sparsevec)
	IndexOptions   string `json:"index_options,omitempty"` // --with
	Index          string `json:"index,omitempty"`         // --index ivfflat (absent: hnsw)
	Lists          int    `json:"lists,omitempty"`         // ivfflat lists
	Probes         []int  `json:"probes,omitempty"`        // ivfflat.probes swept
}

// report is the JSON document written to --out.
type report struct {
	Target        string `json:"target"`
	Date          string `json:"date"` // RFC 3339, UTC
	ServerVersion string `json:"server_version,omitempty"`
	GitCommit     string `json:"git_commit,omitempty"`
	// LoadAvgAtStart is /proc/loadavg when the benchmark started: other
	// processes on the host skew every figure.
	LoadAvgAtStart string  `json:"loadavg_at_start,omitempty"`
	Machine        machine `json:"machine"`
	Params         params  `json:"params"`
	LoadSeconds    float64 `json:"load_seconds,omitempty"`  // COPY of the base vectors
	BuildSeconds   float64 `json:"build_seconds,omitempty"` // CREATE INDEX ... USING hnsw
	Rows           []row   `json:"rows"`
}

// machineInfo fills machine from the Go runtime and /proc/cpuinfo.
func machineInfo() machine {
	return machine{
		NumCPU:    runtime.NumCPU(),
		GOOS:      runtime.GOOS,
		GOARCH:    runtime.GOARCH,
		CPUModel:  cpuModel("/proc/cpuinfo"),
		GoVersion: runtime.Version(),
	}
}

// cpuModel returns the first "model name" value of a /proc/cpuinfo file, or
// "" when there is none.
func cpuModel(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(val)
		}
	}
	return ""
}

// loadAvg returns the first three fields of /proc/loadavg, or "".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// printTable writes the rows as an aligned table, QPS next to recall@10;
// setting names the swept value's column (hnsw.ef_search, ivfflat.probes).
func printTable(w io.Writer, rows []row, setting string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "conns\t"+setting+"\tQPS\tp50 ms\tp99 ms\trecall@10\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%d\t%d\t%.1f\t%.2f\t%.2f\t%.4f\t\n", r.Conns, r.EfSearch, r.QPS, r.P50Ms, r.P99Ms, r.RecallAt10)
	}
	tw.Flush()
}

// writeReport writes rep as indented JSON to path, creating its directory.
func writeReport(path string, rep *report) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("create results directory: %w", err)
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}
