#!/bin/sh
# Issue 14's IVFFlat-against-HNSW comparison through the wire: on each
# server, Fashion-MNIST (or DATA) loaded into items vector(dim), an
# IVFFlat index (lists = LISTS, about rows / 1000) measured over
# ivfflat.probes = PROBES, then the table loaded again with an HNSW index
# (m 16, ef_construction 64) measured over hnsw.ef_search = EFS; QPS and
# recall@10 per setting and connection count. With PGVECTOR_DSN the same
# runs go to PostgreSQL + pgvector (CREATE EXTENSION vector done), the
# two servers alternating ROUNDS times so that both see the same spread
# of a shared machine's load: compare within a round, as ratios, recall@10
# next to each QPS.
#
# BASELINE_DSN adds a third server, reported as target vecgres-base (an
# older vecgres binary, to measure a change in the same run); HNSW=0
# leaves the HNSW runs out.
#
# Usage: VECGRES_DSN=postgres://... [PGVECTOR_DSN=postgres://...] sh bench/ann/ivf.sh
# Env: DATA (fashion-mnist), BASE (60000), LISTS (60), PROBES
# (1,2,4,8,16,32,64), EFS (10,20,40,80,120,200), CONNS (1,8), ROUNDS (1),
# RUNS (3), QUERIES (1000), BASELINE_DSN, HNSW (1).
# Results: bench/results/ann-ivf-<data>-<target>-<ivfflat|hnsw>-r<N>-<date>.json.
set -eu
cd "$(dirname "$0")/../.."
: "${VECGRES_DSN:?set VECGRES_DSN}"
DATA=${DATA:-fashion-mnist}
BASE=${BASE:-60000}
LISTS=${LISTS:-60}
PROBES=${PROBES:-1,2,4,8,16,32,64}
EFS=${EFS:-10,20,40,80,120,200}
CONNS=${CONNS:-1,8}
ROUNDS=${ROUNDS:-1}
RUNS=${RUNS:-3}
QUERIES=${QUERIES:-1000}
DATE=$(date -u +%Y-%m-%d)
HNSW=${HNSW:-1}
TARGETS=vecgres
[ -z "${BASELINE_DSN:-}" ] || TARGETS="vecgres-base $TARGETS"
[ -z "${PGVECTOR_DSN:-}" ] || TARGETS="$TARGETS pgvector"
go build -o /tmp/vecgres-bench-ann ./bench/ann
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for target in $TARGETS; do
		case $target in
		vecgres) dsn=$VECGRES_DSN ;;
		vecgres-base) dsn=$BASELINE_DSN ;;
		pgvector) dsn=$PGVECTOR_DSN ;;
		esac
		/tmp/vecgres-bench-ann --dsn "$dsn" --target "$target" --data "$DATA" --base "$BASE" \
			--index ivfflat --lists "$LISTS" --probes "$PROBES" --conns "$CONNS" --runs "$RUNS" --queries "$QUERIES" \
			--out "bench/results/ann-ivf-$DATA-$target-ivfflat-r$r-$DATE.json"
		[ "$HNSW" = 0 ] || /tmp/vecgres-bench-ann --dsn "$dsn" --target "$target" --data "$DATA" --base "$BASE" \
			--ef-search "$EFS" --conns "$CONNS" --runs "$RUNS" --queries "$QUERIES" \
			--out "bench/results/ann-ivf-$DATA-$target-hnsw-r$r-$DATE.json"
	done
	r=$((r + 1))
done
