package main

import (
	"reflect"
	"strings"
	"testing"
)

// annJSON is a bench/ann report at two connection counts, with load and
// build times.
const annJSON = `{"target": "vecgres", "params": {"dataset": "fashion-mnist-784-euclidean", "shape": "join"},
 "load_seconds": 0.9, "build_seconds": 4.5,
 "rows": [
  {"conns": 1, "ef_search": 10, "setting": "hnsw.ef_search", "qps": 4000, "recall_at_10": 0.98},
  {"conns": 1, "ef_search": 40, "setting": "hnsw.ef_search", "qps": 3000, "recall_at_10": 0.998},
  {"conns": 8, "ef_search": 10, "setting": "hnsw.ef_search", "qps": 12000, "recall_at_10": 0.98}
 ]}`

// compareJSON is a hnswlib-compare report: two targets at one
// ef_construction, one without a build time.
const compareJSON = `{"date": "2026-12-04T21:18:11Z", "rows": [
  {"target": "hnswlib-native", "m": 16, "ef_construction": 64, "build_seconds": 4.7, "rounds": 5,
   "sweep": [{"ef_search": 10, "qps_1_thread": 17711.7, "recall_at_10": 0.9261},
             {"ef_search": 20, "qps_1_thread": 11948.8, "recall_at_10": 0.9751}]},
  {"target": "vecgres-inproc-floats", "m": 16, "ef_construction": 64, "build_seconds": null, "rounds": 2,
   "sweep": [{"ef_search": 10, "qps_1_thread": 12000, "recall_at_10": 0.97}]}
 ]}`

func TestParseAnnReport(t *testing.T) {
	s, tm, err := parseReport([]byte(annJSON))
	if err != nil {
		t.Fatal(err)
	}
	want := []series{
		{System: "vecgres", Variant: "join", Conns: 1, Setting: "hnsw.ef_search",
			Points: []point{{Recall: 0.98, QPS: 4000, Ef: 10}, {Recall: 0.998, QPS: 3000, Ef: 40}}},
		{System: "vecgres", Variant: "join", Conns: 8, Setting: "hnsw.ef_search",
			Points: []point{{Recall: 0.98, QPS: 12000, Ef: 10}}},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("series = %+v\nwant %+v", s, want)
	}
	wantT := []timing{{System: "vecgres", BuildSeconds: 4.5, LoadSeconds: 0.9, HasLoad: true}}
	if !reflect.DeepEqual(tm, wantT) {
		t.Errorf("timings = %+v, want %+v", tm, wantT)
	}
}

// A --skip-load report (no load or build time) gives lines but no bars; an
// ivfflat report names its index in the variant and its setting.
func TestParseAnnReportSkipLoadIvfflat(t *testing.T) {
	doc := `{"target": "pgvector", "params": {"index": "ivfflat", "skip_load": true},
	 "rows": [{"conns": 1, "ef_search": 5, "setting": "ivfflat.probes", "qps": 900, "recall_at_10": 0.9}]}`
	s, tm, err := parseReport([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(tm) != 0 {
		t.Errorf("timings = %+v, want none", tm)
	}
	if len(s) != 1 || s[0].Variant != "ivfflat" || s[0].Setting != "ivfflat.probes" {
		t.Errorf("series = %+v, want one ivfflat line swept over ivfflat.probes", s)
	}
}

func TestParseCompareReport(t *testing.T) {
	s, tm, err := parseReport([]byte(compareJSON))
	if err != nil {
		t.Fatal(err)
	}
	want := []series{
		{System: "hnswlib-native", Conns: 1, Setting: "ef_search",
			Points: []point{{Recall: 0.9261, QPS: 17711.7, Ef: 10}, {Recall: 0.9751, QPS: 11948.8, Ef: 20}}},
		{System: "vecgres-inproc-floats", Conns: 1, Setting: "ef_search",
			Points: []point{{Recall: 0.97, QPS: 12000, Ef: 10}}},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("series = %+v\nwant %+v", s, want)
	}
	wantT := []timing{{System: "hnswlib-native", BuildSeconds: 4.7}}
	if !reflect.DeepEqual(tm, wantT) {
		t.Errorf("timings = %+v, want %+v (a null build time is left out)", tm, wantT)
	}
}

// Rows at two ef_construction values are told apart in the legend and bars.
func TestParseCompareReportTwoEfConstruction(t *testing.T) {
	doc := `{"rows": [
	 {"target": "x", "ef_construction": 64, "build_seconds": 1, "sweep": [{"ef_search": 10, "qps_1_thread": 5, "recall_at_10": 0.9}]},
	 {"target": "x", "ef_construction": 200, "build_seconds": 2, "sweep": [{"ef_search": 10, "qps_1_thread": 4, "recall_at_10": 0.95}]}]}`
	s, tm, err := parseReport([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := seriesLabels(s); !reflect.DeepEqual(got, []string{"x efc 64", "x efc 200"}) {
		t.Errorf("labels = %q", got)
	}
	if got := timingLabels(tm); !reflect.DeepEqual(got, []string{"x efc 64", "x efc 200"}) {
		t.Errorf("bar labels = %q", got)
	}
}

func TestParseReportRefusesOtherJSON(t *testing.T) {
	for _, doc := range []string{`{"rows": []}`, `{"runs": [{"m": 16}]}`, `not json`} {
		if _, _, err := parseReport([]byte(doc)); err == nil {
			t.Errorf("parseReport(%s): no error", doc)
		}
	}
}

func TestReadReportsGlobMatchingNothing(t *testing.T) {
	_, _, err := readReports([]string{t.TempDir() + "/ann-*.json"})
	if err == nil || !strings.Contains(err.Error(), "matches no file") {
		t.Errorf("err = %v, want a glob that matches no file", err)
	}
}
