// Command filtered measures filtered k-NN search in-process (planner and
// catalog, no wire protocol) on Fashion-MNIST: for each filter
// selectivity and each plan (the cost-based choice, each plan forced, and
// pgvector's default hnsw.iterative_scan = off emulated by the
// ef_postfilter plan) it reports queries per second, recall@10 against
// exact filtered ground truth, and how many queries came back short.
// See README.md.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/fmnist"
	"github.com/vecgres/vecgres/wal"
	"github.com/vecgres/vecgres/wire/backend"
)

// filter is one WHERE clause with a parameter ($2) chosen per query.
type filter struct {
	name  string
	where string
	arg   func(q int) any
	match func(label uint8, r int64, q int) bool
}

// rank is the synthetic attribute of row id: a hash spread over 0..999.
func rank(id int) int64 { return int64((uint64(id)*2654435761 + 12345) % 1000) }

var filters = []filter{
	{"0.1% (r < 1)", "r < $2", func(int) any { return int64(1) }, func(_ uint8, r int64, _ int) bool { return r < 1 }},
	{"1% (r < 10)", "r < $2", func(int) any { return int64(10) }, func(_ uint8, r int64, _ int) bool { return r < 10 }},
	{"5% (r < 50)", "r < $2", func(int) any { return int64(50) }, func(_ uint8, r int64, _ int) bool { return r < 50 }},
	{"10% (category = class)", "category = $2", func(q int) any { return fmt.Sprint(q % 10) },
		func(l uint8, _ int64, q int) bool { return int(l) == q%10 }},
	{"20% (r < 200)", "r < $2", func(int) any { return int64(200) }, func(_ uint8, r int64, _ int) bool { return r < 200 }},
	{"50% (r < 500)", "r < $2", func(int) any { return int64(500) }, func(_ uint8, r int64, _ int) bool { return r < 500 }},
	{"100% (no filter)", "", nil, func(uint8, int64, int) bool { return true }},
}

var plans = []string{"auto", "prefilter", "traversal", "postfilter", "ef_postfilter"}

// result is one row of the report.
type result struct {
	Filter        string  `json:"filter"`
	Plan          string  `json:"plan"`
	QPS           float64 `json:"qps"`
	RecallAt10    float64 `json:"recall_at_10"`
	MeanRows      float64 `json:"mean_rows"`
	ShortQueries  int     `json:"short_queries"`
	AutoChoseMost string  `json:"auto_plan,omitempty"`
}

func main() {
	dir := flag.String("data-dir", fmnist.DefaultDir, "Fashion-MNIST directory")
	base := flag.Int("base", 60000, "train images loaded")
	nq := flag.Int("queries", 200, "test images queried per filter and plan")
	ef := flag.Int("ef-search", 40, "hnsw.ef_search")
	out := flag.String("out", filepath.Join("bench", "results", "filtered-"+time.Now().Format("2006-01-02")+".json"), "report path")
	flag.Parse()
	ds, err := fmnist.LoadN(*dir, *base, *nq)
	if err != nil {
		log.Fatal(err)
	}
	s, err := open()
	if err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	load(s, ds)
	log.Printf("loaded %d rows and built indexes in %v", len(ds.Train), time.Since(start).Round(time.Millisecond))
	run(s, "SET hnsw.ef_search = "+fmt.Sprint(*ef))
	var results []result
	for _, f := range filters {
		truth := groundTruth(ds, f)
		for _, p := range plans {
			r := measure(s, ds, f, p, truth)
			log.Printf("%-24s %-14s qps=%8.1f recall@10=%.4f mean_rows=%.2f short=%d %s", f.name, p, r.QPS, r.RecallAt10, r.MeanRows, r.ShortQueries, r.AutoChoseMost)
			results = append(results, r)
		}
	}
	report := map[string]any{"dataset": "fashion-mnist", "base": len(ds.Train), "queries": len(ds.Test), "k": 10,
		"ef_search": *ef, "m": 16, "ef_construction": 64, "date": time.Now().Format(time.RFC3339), "results": results}
	b, _ := json.MarshalIndent(report, "", "  ")
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", *out)
}

func open() (backend.Session, error) {
	c, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS(), SegmentSize: 1 << 26, NoSync: true}})
	if err != nil {
		return nil, err
	}
	// The bootstrap superuser: it may create tables.
	return planner.NewEngine(c).NewSession(map[string]string{"user": "postgres"}), nil
}

func run(s backend.Session, q string, params ...any) *backend.Result {
	var p backend.Prepared
	var err error
	if len(params) == 0 {
		var ps []backend.Prepared
		if ps, err = s.Split(q); err == nil {
			p = ps[0]
		}
	} else {
		p, err = s.Prepare(q, nil)
	}
	if err != nil {
		log.Fatalf("%s: %v", q, err)
	}
	res, err := s.Execute(context.Background(), p, params)
	if err != nil {
		log.Fatalf("%s: %v", q, err)
	}
	return res
}

func load(s backend.Session, ds *fmnist.Dataset) {
	run(s, "CREATE TABLE items (id int PRIMARY KEY, embedding vector(784), category text, r int)")
	run(s, "BEGIN")
	ins, err := s.Prepare("INSERT INTO items VALUES ($1, $2, $3, $4)", nil)
	if err != nil {
		log.Fatal(err)
	}
	for i, v := range ds.Train {
		if _, err := s.Execute(context.Background(), ins, []any{int64(i), types.Vector(v), fmt.Sprint(ds.TrainLabels[i]), rank(i)}); err != nil {
			log.Fatal(err)
		}
	}
	run(s, "COMMIT")
	run(s, "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)")
	run(s, "CREATE INDEX ON items (category)")
	run(s, "CREATE INDEX ON items (r)")
	run(s, "ANALYZE items")
}

// groundTruth returns, per query, the ids of the exact 10 nearest matching
// rows (fewer when fewer match).
func groundTruth(ds *fmnist.Dataset, f filter) [][]int64 {
	out := make([][]int64, len(ds.Test))
	for qi, q := range ds.Test {
		type hit struct {
			id int64
			d  float64
		}
		var hits []hit
		for i, v := range ds.Train {
			if !f.match(ds.TrainLabels[i], rank(i), qi) {
				continue
			}
			d := 0.0
			for j := range v {
				x := float64(v[j]) - float64(q[j])
				d += x * x
			}
			hits = append(hits, hit{int64(i), d})
		}
		sort.Slice(hits, func(a, b int) bool {
			return hits[a].d < hits[b].d || (hits[a].d == hits[b].d && hits[a].id < hits[b].id)
		})
		for _, h := range hits[:min(10, len(hits))] {
			out[qi] = append(out[qi], h.id)
		}
	}
	return out
}

func measure(s backend.Session, ds *fmnist.Dataset, f filter, plan string, truth [][]int64) result {
	run(s, "SET vecgres.filter_plan = "+plan)
	q := "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10"
	if f.where != "" {
		q = "SELECT id FROM items WHERE " + f.where + " ORDER BY embedding <-> $1 LIMIT 10"
	}
	params := func(i int) []any {
		if f.arg == nil {
			return []any{types.Vector(ds.Test[i])}
		}
		return []any{types.Vector(ds.Test[i]), f.arg(i)}
	}
	p, err := s.Prepare(q, nil)
	if err != nil {
		log.Fatal(err)
	}
	r := result{Filter: f.name, Plan: plan}
	if plan == "auto" {
		r.AutoChoseMost = autoPlan(s, f, ds)
	}
	found, rows := 0, 0
	want := 0
	start := time.Now()
	for i := range ds.Test {
		res, err := s.Execute(context.Background(), p, params(i))
		if err != nil {
			log.Fatal(err)
		}
		got := map[int64]bool{}
		for _, row := range res.Rows {
			got[row[0].(int64)] = true
		}
		for _, id := range truth[i] {
			if got[id] {
				found++
			}
		}
		want += len(truth[i])
		rows += len(res.Rows)
		if len(res.Rows) < len(truth[i]) {
			r.ShortQueries++
		}
	}
	el := time.Since(start)
	r.QPS = float64(len(ds.Test)) / el.Seconds()
	r.RecallAt10 = float64(found) / float64(max(want, 1))
	r.MeanRows = float64(rows) / float64(len(ds.Test))
	return r
}

// autoPlan returns the plan EXPLAIN reports for the first query.
func autoPlan(s backend.Session, f filter, ds *fmnist.Dataset) string {
	if f.where == "" {
		return "filtered traversal (no filter)"
	}
	q := "EXPLAIN SELECT id FROM items WHERE " + f.where + " ORDER BY embedding <-> $1 LIMIT 10"
	res := run(s, q, types.Vector(ds.Test[0]), f.arg(0))
	for _, row := range res.Rows {
		line := row[0].(string)
		if i := indexOf(line, "Filtered Plan: "); i >= 0 {
			return line[i+len("Filtered Plan: "):]
		}
	}
	return ""
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
