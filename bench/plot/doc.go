// Command plot draws the benchmark reports under bench/results as SVG
// pictures: recall@10 against queries per second, and index build (and
// load) times.
//
// It reads two JSON formats, told apart by their content:
//
//   - bench/ann's report (ann-*.json, see bench/ann/report.go): a target,
//     params (shape, dataset, swept setting), load_seconds, build_seconds and
//     rows of {conns, ef_search, qps, recall_at_10}. Each (target, shape,
//     conns) becomes one line.
//   - bench/hnswlib's combined report (hnswlib-compare-*.json, written by
//     bench/hnswlib/compare.py): rows of {target, ef_construction,
//     build_seconds, sweep: [{ef_search, qps_1_thread, recall_at_10}]}. Each
//     (target, ef_construction) becomes one line, at one thread.
//
// For a prefix P (-out) it writes P-recall.svg: recall@10 on x, QPS on a
// log-scale y, one line per system (colour by target, dash and marker by
// variant: shape, connection count or ef_construction), each point labelled
// with its ef_search (or ivfflat.probes); and P-build.svg: bars of build and
// load seconds per target, from the reports that carry them (-charts picks
// either or both; -conns keeps one connection count; -title titles both).
// gen.sh regenerates the pictures committed under bench/results/plots.
//
// The output is deterministic: the same inputs (in the same order) give the
// same bytes, so the pictures can be committed next to their JSON. Fonts are
// not embedded (the SVG names the Liberation fonts; viewers substitute).
//
// Usage:
//
//	go run ./bench/plot -in 'bench/results/ann-shapes-fashion-mnist-*-r1-2026-12-05.json' \
//	    -conns 1 -title 'Fashion-MNIST, 1 connection' -out bench/results/plots/fashion-mnist-shapes-c1
package main
