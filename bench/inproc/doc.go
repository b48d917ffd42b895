// Command inproc benchmarks vecindex in process (no wire) on
// Fashion-MNIST (60,000 base vectors, 784 dims, L2): build time at one
// worker and at GOMAXPROCS workers, then an ef_search sweep reporting QPS
// on one query goroutine, QPS on all cores and recall@10 for the first
// 1,000 and all 10,000 test queries. Recall follows ann-benchmarks: a
// returned neighbour is a hit when its distance is within the true 10th
// nearest distance (+1e-3, on unsquared L2).
//
// It also exports the data for the native drivers in bench/hnswlib:
// -export DIR writes base.f32 (60000×784 float32), queries.f32
// (10000×784), gt_ids.i32 (10000×100 int32, exact neighbours by L2,
// nearest first) and gt_dist.f32 (10000×100 float32, unsquared L2),
// all little-endian without headers, and shape ("N DIM" in text).
//
// -derive scaled|unit turns the pixels into non-byte floats first (data
// derived from Fashion-MNIST, derive.go) and -sq builds with
// vecindex.QuantSQ8; bench/hnswlib/run_derived.sh uses both. -derive
// glove-100 measures GloVe 6B 100-d instead, in the same modes: 300,000
// base words and the next 10,000 as queries, L2-normalised, indexed under
// cosine (dataset.go); DATA_SET=glove-100 sh bench/hnswlib/run.sh uses it.
//
// Results go to bench/results/inproc-<date>.json.
//
// -glove N measures GloVe instead (glove.go): build time at 1 and
// GOMAXPROCS workers and recall@10 per ef_search on the first N GloVe
// 100-dim vectors, queried with the next -glove-queries words, under
// -glove-metric cosine or ip. ab.sh runs both modes alternately for two
// commits (before/after comparisons).
package main
