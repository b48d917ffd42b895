package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// defaultSetting names the swept value when a report does not say.
const defaultSetting = "ef_search"

// point is one measurement of a sweep.
type point struct {
	Recall float64 // mean recall@10, 0..1
	QPS    float64 // queries per second (all connections, or one thread)
	Ef     int     // the swept value: hnsw.ef_search or ivfflat.probes
}

// series is one line of the recall chart: a system at one connection count.
type series struct {
	System  string // target, e.g. "vecgres", "hnswlib-native"
	Variant string // what tells lines of one system apart: "join", "efc 64"; may be ""
	Conns   int    // connections (bench/ann) or threads (hnswlib compare: 1)
	Setting string // name of the swept value, e.g. "hnsw.ef_search"
	Source  string // base name of the report file
	Points  []point
}

// timing is one bar group of the build chart, in seconds; HasLoad says
// whether the report carried a load time.
type timing struct {
	System       string
	Source       string // base name of the report file
	BuildSeconds float64
	LoadSeconds  float64
	HasLoad      bool
}

// reportFile is the union of the two JSON formats read (fields of both).
type reportFile struct {
	Target       string      `json:"target"`
	Params       *annParams  `json:"params"`
	LoadSeconds  float64     `json:"load_seconds"`
	BuildSeconds float64     `json:"build_seconds"`
	Rows         []reportRow `json:"rows"`
}

// annParams is the part of bench/ann's params the charts use.
type annParams struct {
	Dataset string `json:"dataset"`
	Shape   string `json:"shape"`
	Index   string `json:"index"`
}

// reportRow is a bench/ann row or a hnswlib-compare row.
type reportRow struct {
	// bench/ann
	Conns    int     `json:"conns"`
	EfSearch int     `json:"ef_search"`
	Setting  string  `json:"setting"`
	QPS      float64 `json:"qps"`
	Recall   float64 `json:"recall_at_10"`
	// hnswlib compare
	Target         string       `json:"target"`
	EfConstruction int          `json:"ef_construction"`
	BuildSeconds   *float64     `json:"build_seconds"`
	Sweep          []sweepPoint `json:"sweep"`
}

// sweepPoint is one entry of a hnswlib-compare row's sweep.
type sweepPoint struct {
	EfSearch int     `json:"ef_search"`
	QPS      float64 `json:"qps_1_thread"`
	Recall   float64 `json:"recall_at_10"`
}

// readReports expands each glob (in order; matches of one glob sorted by
// name), reads every file and returns its lines and build timings, in file
// order. A glob matching nothing is an error.
func readReports(globs []string) ([]series, []timing, error) {
	var all []series
	var times []timing
	for _, g := range globs {
		paths, err := filepath.Glob(g)
		if err != nil {
			return nil, nil, fmt.Errorf("glob %q: %w", g, err)
		}
		if len(paths) == 0 {
			return nil, nil, fmt.Errorf("glob %q matches no file", g)
		}
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				return nil, nil, fmt.Errorf("reading report: %w", err)
			}
			s, t, err := parseReport(b)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", p, err)
			}
			for i := range s {
				s[i].Source = filepath.Base(p)
			}
			for i := range t {
				t[i].Source = filepath.Base(p)
			}
			all = append(all, s...)
			times = append(times, t...)
		}
	}
	return all, times, nil
}

// parseReport decodes one report of either format: a document with params
// is bench/ann's, one whose rows carry a sweep is bench/hnswlib's.
func parseReport(b []byte) ([]series, []timing, error) {
	var f reportFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, nil, fmt.Errorf("decoding report: %w", err)
	}
	switch {
	case f.Params != nil:
		return annSeries(&f), annTimings(&f), nil
	case len(f.Rows) > 0 && f.Rows[0].Sweep != nil:
		return compareSeries(f.Rows), compareTimings(f.Rows), nil
	}
	return nil, nil, errors.New("neither a bench/ann report (no params) nor a hnswlib-compare report (no sweep)")
}

// annSeries makes one line per connection count of a bench/ann report, the
// points in row order.
func annSeries(f *reportFile) []series {
	var out []series
	at := map[int]int{} // conns -> index in out
	for _, r := range f.Rows {
		i, ok := at[r.Conns]
		if !ok {
			setting := r.Setting
			if setting == "" {
				setting = defaultSetting
			}
			i = len(out)
			at[r.Conns] = i
			out = append(out, series{System: f.Target, Variant: annVariant(f.Params), Conns: r.Conns, Setting: setting})
		}
		out[i].Points = append(out[i].Points, point{Recall: r.Recall, QPS: r.QPS, Ef: r.EfSearch})
	}
	return out
}

// annVariant is the shape measured and, when not HNSW, the index type.
func annVariant(p *annParams) string {
	v := p.Shape
	if p.Index != "" && p.Index != "hnsw" {
		v = joinNonEmpty(p.Index, v)
	}
	return v
}

// annTimings returns the report's load and build times, or nothing when it
// reused an existing table (--skip-load: both absent).
func annTimings(f *reportFile) []timing {
	if f.BuildSeconds == 0 {
		return nil
	}
	return []timing{{System: f.Target, BuildSeconds: f.BuildSeconds, LoadSeconds: f.LoadSeconds, HasLoad: f.LoadSeconds > 0}}
}

// compareSeries makes one line per hnswlib-compare row (one thread each);
// the variant names ef_construction when the rows have more than one.
func compareSeries(rows []reportRow) []series {
	many := manyEfConstruction(rows)
	out := make([]series, 0, len(rows))
	for _, r := range rows {
		s := series{System: r.Target, Conns: 1, Setting: defaultSetting}
		if many {
			s.Variant = "efc " + strconv.Itoa(r.EfConstruction)
		}
		for _, p := range r.Sweep {
			s.Points = append(s.Points, point{Recall: p.Recall, QPS: p.QPS, Ef: p.EfSearch})
		}
		out = append(out, s)
	}
	return out
}

// compareTimings returns the build time of each row that has one.
func compareTimings(rows []reportRow) []timing {
	many := manyEfConstruction(rows)
	var out []timing
	for _, r := range rows {
		if r.BuildSeconds == nil {
			continue
		}
		name := r.Target
		if many {
			name = joinNonEmpty(name, "efc "+strconv.Itoa(r.EfConstruction))
		}
		out = append(out, timing{System: name, BuildSeconds: *r.BuildSeconds})
	}
	return out
}

func manyEfConstruction(rows []reportRow) bool {
	var seen []int
	for _, r := range rows {
		if !slices.Contains(seen, r.EfConstruction) {
			seen = append(seen, r.EfConstruction)
		}
	}
	return len(seen) > 1
}

// joinNonEmpty joins the non-empty parts with a space.
func joinNonEmpty(parts ...string) string {
	out := ""
	for _, p := range parts {
		switch {
		case p == "":
		case out == "":
			out = p
		default:
			out += " " + p
		}
	}
	return out
}
