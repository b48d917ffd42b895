package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRecallChartRefusesNoLineAndZeroQPS(t *testing.T) {
	if _, err := recallChart(nil, "t"); err == nil {
		t.Error("recallChart(no lines): no error")
	}
	zero := []series{{System: "x", Conns: 1, Points: []point{{Recall: 0.9, QPS: 0, Ef: 10}}}}
	if _, err := recallChart(zero, "t"); err == nil || !strings.Contains(err.Error(), "not positive") {
		t.Errorf("recallChart(QPS 0) err = %v, want QPS not positive", err)
	}
	if _, err := buildChart(nil, "t"); err == nil {
		t.Error("buildChart(no timings): no error")
	}
}

// svgTexts returns the contents of the SVG's text elements.
func svgTexts(svg []byte) []string {
	var out []string
	for _, part := range strings.Split(string(svg), "</text>") {
		if i := strings.LastIndex(part, ">"); i >= 0 && strings.Contains(part, "<text") {
			out = append(out, part[i+1:])
		}
	}
	return out
}

// The recall chart names every line in its legend and labels every point
// with its ef_search; rendering twice gives the same bytes.
func TestRecallChartSVG(t *testing.T) {
	ann, _, err := parseReport([]byte(annJSON))
	if err != nil {
		t.Fatal(err)
	}
	cmp, _, err := parseReport([]byte(compareJSON))
	if err != nil {
		t.Fatal(err)
	}
	lines := append(ann, cmp...)
	render := func() []byte {
		p, err := recallChart(lines, "Title of the chart")
		if err != nil {
			t.Fatal(err)
		}
		b, err := renderSVG(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	first, second := render(), render()
	if !bytes.Equal(first, second) {
		t.Error("two renderings of the same lines differ")
	}
	texts := strings.Join(svgTexts(first), "|")
	for _, want := range []string{"Title of the chart", "vecgres join, 1 conns", "vecgres join, 8 conns",
		"hnswlib-native, 1 conns", "vecgres-inproc-floats, 1 conns", "recall@10 (points labelled with ef_search)"} {
		if !strings.Contains(texts, want) {
			t.Errorf("SVG has no text %q; texts: %s", want, texts)
		}
	}
	// ef labels: 10 (four points), 20 and 40 (one each), next to the tick labels.
	count := map[string]int{}
	for _, s := range svgTexts(first) {
		count[s]++
	}
	if count["20"] != 1 || count["40"] != 1 || count["10"] < 4 {
		t.Errorf("ef labels: 10 x%d, 20 x%d, 40 x%d; want 4+, 1, 1", count["10"], count["20"], count["40"])
	}
	if bytes.Contains(first, []byte(svgFontFamily)) || !bytes.Contains(first, []byte(svgFontFallback)) {
		t.Error("SVG font family has no fallback")
	}
}

func TestBuildChartSVG(t *testing.T) {
	times := []timing{
		{System: "vecgres", BuildSeconds: 4.666, LoadSeconds: 0.887, HasLoad: true},
		{System: "pgvector", BuildSeconds: 23.589, LoadSeconds: 1.086, HasLoad: true},
		{System: "hnswlib-native", BuildSeconds: 4.7},
	}
	p, err := buildChart(times, "Builds")
	if err != nil {
		t.Fatal(err)
	}
	b, err := renderSVG(p)
	if err != nil {
		t.Fatal(err)
	}
	texts := strings.Join(svgTexts(b), "|")
	for _, want := range []string{"Builds", "vecgres", "pgvector", "hnswlib-native", "index build", "load (COPY)",
		"4.7", "23.6", "0.9", "1.1", "seconds"} {
		if !strings.Contains(texts, want) {
			t.Errorf("SVG has no text %q; texts: %s", want, texts)
		}
	}
}

// run writes both pictures from report files, the same bytes each time; a
// --skip-load report alone gives no build picture.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, doc string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ann-a.json", annJSON)
	write("hnswlib-compare-x.json", compareJSON)
	write("skip.json", `{"target": "vecgres", "params": {"shape": "lateral", "skip_load": true},
	 "rows": [{"conns": 1, "ef_search": 10, "qps": 100, "recall_at_10": 0.9}]}`)
	out := filepath.Join(dir, "plots", "fm")
	args := []string{"-in", filepath.Join(dir, "ann-*.json") + "," + filepath.Join(dir, "hnswlib-compare-*.json"),
		"-conns", "1", "-title", "T", "-out", out}
	if err := run(args); err != nil {
		t.Fatal(err)
	}
	recall1, err1 := os.ReadFile(out + "-recall.svg")
	build1, err2 := os.ReadFile(out + "-build.svg")
	if err1 != nil || err2 != nil {
		t.Fatalf("reading outputs: %v, %v", err1, err2)
	}
	if strings.Contains(strings.Join(svgTexts(recall1), "|"), "8 conns") {
		t.Error("-conns 1 drew the 8-connection line")
	}
	if err := run(args); err != nil {
		t.Fatal(err)
	}
	recall2, _ := os.ReadFile(out + "-recall.svg")
	build2, _ := os.ReadFile(out + "-build.svg")
	if !bytes.Equal(recall1, recall2) || !bytes.Equal(build1, build2) {
		t.Error("a second run wrote different bytes")
	}
	skipOut := filepath.Join(dir, "skip")
	if err := run([]string{"-in", filepath.Join(dir, "skip.json"), "-out", skipOut}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(skipOut + "-build.svg"); !os.IsNotExist(err) {
		t.Errorf("build picture from a --skip-load report: stat err = %v", err)
	}
	onlyBuild := filepath.Join(dir, "only")
	if err := run([]string{"-in", filepath.Join(dir, "ann-a.json"), "-charts", "build", "-out", onlyBuild}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(onlyBuild + "-recall.svg"); !os.IsNotExist(err) {
		t.Errorf("-charts build wrote a recall picture: stat err = %v", err)
	}
	if _, err := os.Stat(onlyBuild + "-build.svg"); err != nil {
		t.Errorf("-charts build: %v", err)
	}
}

func TestParseFlagsRefusals(t *testing.T) {
	for _, args := range [][]string{
		{"-out", "x"},
		{"-in", "a.json"},
		{"-in", "a.json", "-out", "x", "-conns", "-1"},
		{"-in", "a.json", "-out", "x", "extra"},
		{"-in", "a.json", "-out", "x", "-charts", "recall,bars"},
	} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("parseFlags(%q): no error", args)
		}
	}
	o, err := parseFlags([]string{"-in", "a.json, b*.json", "-in", "c.json", "-out", "x"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(o.in, "|") != "a.json|b*.json|c.json" {
		t.Errorf("globs = %q", o.in)
	}
}
