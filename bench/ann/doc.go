// Command ann is an approximate-nearest-neighbour benchmark for vecgres or any
// PostgreSQL server with pgvector, in the style of ann-benchmarks.
//
// It loads the Fashion-MNIST train images (60,000 x 784 float32, pixel values
// 0..255) into a table items (id int PRIMARY KEY, embedding vector(784)) with a
// binary COPY, builds an HNSW index (m, ef_construction), computes the exact
// 10 nearest neighbours (L2) of the first --queries test images in-process, and
// then, for every ef_search and connection count, measures queries per second,
// p50/p99 latency and recall@10 of
//
//	SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10
//
// or, with --shape, the same k-NN joined with a metadata table (join) or
// pgvector's per-row k-NN, CROSS JOIN LATERAL over a table of query
// vectors (lateral); see shapes.go.
//
// Recall@10 is counted as ann-benchmarks does: a returned id is a hit when its
// true distance is at most the true 10th-nearest distance plus 1e-3.
//
// Input format: IDX files (http://yann.lecun.com/exdb/mnist/), gzip-compressed:
// a big-endian uint32 magic 0x00000803 (unsigned byte, 3 dimensions), then three
// big-endian uint32 dimensions (count, rows, cols), then count*rows*cols bytes.
//
// Output: a table on stdout and a JSON report (see report.go) under
// bench/results/.
package main
