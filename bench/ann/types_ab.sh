#!/bin/sh
# Compares k-NN over a vector column with k-NN over a halfvec (and, with
# TYPES, a sparsevec) column through the wire, on two vecgres builds: OLD
# (a commit) and NEW (a commit, or "." for the working tree). One server
# per build and type (ports PORT, PORT+1, ...; fresh data directories,
# default --synchronous-commit on) is loaded first, one after another
# (bench/ann: the data set into items <type>(dim), HNSW m 16,
# ef_construction 64 with <type>_l2_ops, or <type>_cosine_ops for GloVe);
# then ROUNDS rounds query each server in turn (--skip-load: QPS and
# recall@10 per hnsw.ef_search and connection count, best of RUNS), so
# that every server sees the same spread of a shared machine's load.
# Compare within a round, as ratios (halfvec QPS / vector QPS, NEW /
# OLD), recall@10 next to each QPS.
#
# Usage: sh bench/ann/types_ab.sh OLD NEW
# Env: DATA (fashion-mnist, or glove-100: npm ci in vecindex/testdata/glove),
# BASE (60000), ROUNDS (3), RUNS (3), EFS (10,20,40,80), CONNS (1,8),
# QUERIES (1000), TYPES (vector halfvec), PORT (5493), PREFIX (ann-types:
# the results' file name prefix, so a second run of a day keeps the first's).
# Results: bench/results/<PREFIX>-<data>-<old|new>-<type>-r<N>-<date>.json
# (round 0: the load, with its COPY and CREATE INDEX seconds).
set -eu
cd "$(dirname "$0")/../.."
OLD=$1
NEW=$2
DATA=${DATA:-fashion-mnist}
BASE=${BASE:-60000}
ROUNDS=${ROUNDS:-3}
RUNS=${RUNS:-3}
EFS=${EFS:-10,20,40,80}
CONNS=${CONNS:-1,8}
QUERIES=${QUERIES:-1000}
TYPES=${TYPES:-vector halfvec}
PORT=${PORT:-5493}
PREFIX=${PREFIX:-ann-types}
DATE=$(date -u +%Y-%m-%d)
WORK=$(mktemp -d /tmp/vecgres-types-ab.XXXXXX)
PIDS=""
trap 'for p in $PIDS; do kill -INT "$p" 2>/dev/null || true; done; wait; rm -rf "$WORK"' EXIT

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

# start LABEL PORT: $WORK/vecgres-LABEL on a fresh data directory, once
# it answers.
start() {
	"$WORK/vecgres-$1" --listen "127.0.0.1:$2" --data-dir "$WORK/data-$2" >"$WORK/server-$2.log" 2>&1 &
	PIDS="$PIDS $!"
	i=0
	until psql -qtA -h 127.0.0.1 -p "$2" -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt 300 ] || { echo "server $1 on port $2 did not start" >&2; exit 1; }
		sleep 0.2
	done
}

# bench LABEL TYPE PORT ROUND [FLAGS]: bench/ann against that server.
bench() {
	l=$1 t=$2 p=$3 r=$4
	shift 4
	"$WORK/ann" --dsn "postgres://postgres@127.0.0.1:$p/postgres" --data "$DATA" --type "$t" \
		--base "$BASE" --queries "$QUERIES" --runs "$RUNS" --ef-search "$EFS" --conns "$CONNS" "$@" \
		--target "vecgres-$l-$t" --out "bench/results/$PREFIX-$DATA-$l-$t-r$r-$DATE.json" || true
}

build "$OLD" old
build "$NEW" new
go build -o "$WORK/ann" ./bench/ann
servers=""
p=$PORT
for t in $TYPES; do
	for l in old new; do
		start "$l" "$p"
		bench "$l" "$t" "$p" 0 --runs 1 --conns 1 --ef-search 40
		servers="$servers $l:$t:$p"
		p=$((p + 1))
	done
done
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for s in $servers; do
		IFS=: read -r l t p <<-X
			$s
		X
		bench "$l" "$t" "$p" "$r" --skip-load
	done
	r=$((r + 1))
done
