#!/bin/sh
# Compares k-NN over a vector column with k-NN over a halfvec (and, with
# TYPES, a sparsevec) column through the wire, on two vecgres builds
# alternated ROUNDS times so that both see the same spread of a shared
# machine's load: OLD (a commit) and NEW (a commit, or "." for the working
# tree). For each round and build: a fresh server (fresh data directory,
# default --synchronous-commit on), then bench/ann once per type (each
# loads the data set into items <type>(dim) and builds HNSW m 16,
# ef_construction 64 with <type>_l2_ops, or <type>_cosine_ops for GloVe),
# measuring QPS and recall@10 per hnsw.ef_search and connection count.
# Compare within a round, as ratios (halfvec QPS / vector QPS, NEW / OLD),
# recall@10 next to each QPS.
#
# Usage: sh bench/ann/types_ab.sh OLD NEW
# Env: DATA (fashion-mnist, or glove-100: npm ci in vecindex/testdata/glove),
# BASE (60000), ROUNDS (2), RUNS (3), EFS (10,20,40,80), CONNS (1,8),
# QUERIES (1000), TYPES (vector halfvec), PORT (5493).
# Results: bench/results/ann-types-<data>-<old|new>-<type>-r<N>-<date>.json.
set -eu
cd "$(dirname "$0")/../.."
OLD=$1
NEW=$2
DATA=${DATA:-fashion-mnist}
BASE=${BASE:-60000}
ROUNDS=${ROUNDS:-2}
RUNS=${RUNS:-3}
EFS=${EFS:-10,20,40,80}
CONNS=${CONNS:-1,8}
QUERIES=${QUERIES:-1000}
TYPES=${TYPES:-vector halfvec}
PORT=${PORT:-5493}
DATE=$(date -u +%Y-%m-%d)
WORK=$(mktemp -d /tmp/vecgres-types-ab.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# build REV LABEL: the server of commit REV (the working tree for ".") as
# $WORK/vecgres-LABEL.
build() {
	if [ "$1" = . ]; then
		go build -o "$WORK/vecgres-$2" ./cmd/vecgres
		return
	fi
	mkdir "$WORK/src-$2"
	git archive "$1" | tar -x -C "$WORK/src-$2"
	(cd "$WORK/src-$2" && go build -o "$WORK/vecgres-$2" ./cmd/vecgres)
}

# run LABEL ROUND: every type of TYPES on a fresh $WORK/vecgres-LABEL.
run() {
	rm -rf "$WORK/data"
	"$WORK/vecgres-$1" --listen "127.0.0.1:$PORT" --data-dir "$WORK/data" >"$WORK/server-$1.log" 2>&1 &
	pid=$!
	i=0
	until psql -qtA -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt 300 ] || { echo "server $1 did not start" >&2; kill "$pid"; exit 1; }
		sleep 0.2
	done
	for t in $TYPES; do
		"$WORK/ann" --dsn "postgres://postgres@127.0.0.1:$PORT/postgres" --data "$DATA" --type "$t" \
			--base "$BASE" --queries "$QUERIES" --runs "$RUNS" --ef-search "$EFS" --conns "$CONNS" \
			--target "vecgres-$1-$t" --out "bench/results/ann-types-$DATA-$1-$t-r$2-$DATE.json" || true
	done
	kill -INT "$pid"
	wait "$pid" || true
}

build "$OLD" old
build "$NEW" new
go build -o "$WORK/ann" ./bench/ann
r=1
while [ "$r" -le "$ROUNDS" ]; do
	run old "$r"
	run new "$r"
	r=$((r + 1))
done
