#!/bin/sh
# Regenerates the pictures under bench/results/plots from the reports they
# are drawn from (see bench/README.md, "Pictures"). Run from anywhere.
set -eu
cd "$(dirname "$0")/../.."
go build -o /tmp/vecgres-bench-plot ./bench/plot
plot=/tmp/vecgres-bench-plot
out=bench/results/plots
fm='bench/results/ann-shapes-fashion-mnist-*-r1-2026-12-05.json'
gl='bench/results/ann-shapes-glove-100-*-r1-2026-12-05.json'
cmp=bench/results/hnswlib-compare-2026-12-04.json
wire='through the wire: vecgres vs PostgreSQL 15 + pgvector (2026-12-05, round 1)'
build='COPY and CREATE INDEX hnsw (m 16, ef_construction 64), 2 cores (2026-12-05, round 1)'
$plot -in "$fm" -conns 1 -charts recall -out $out/fashion-mnist-shapes-c1 \
	-title "Fashion-MNIST 60,000 x 784 (L2), 1 connection, $wire"
$plot -in "$fm" -conns 8 -charts recall -out $out/fashion-mnist-shapes-c8 \
	-title "Fashion-MNIST 60,000 x 784 (L2), 8 connections on 2 cores, $wire"
$plot -in "$fm" -charts build -out $out/fashion-mnist -title "Fashion-MNIST 60,000 x 784: $build"
$plot -in "$gl" -conns 1 -charts recall -out $out/glove-100-c1 \
	-title "GloVe-100 100,000 x 100 (cosine), 1 connection, $wire"
$plot -in "$gl" -conns 8 -charts recall -out $out/glove-100-c8 \
	-title "GloVe-100 100,000 x 100 (cosine), 8 connections on 2 cores, $wire"
$plot -in "$gl" -charts build -out $out/glove-100 -title "GloVe-100 100,000 x 100: $build"
$plot -in "$cmp" -out $out/hnswlib-compare \
	-title 'Fashion-MNIST 60,000 x 784 (L2) in process, one query thread, builds on 2 cores: vecgres vs hnswlib and faiss (2026-12-04)'
