#!/bin/sh
# Compares two vecgres commits on Fashion-MNIST, alternating them ROUNDS
# times so that both see the same spread of a shared machine's load
# (compare the rounds side by side, as ratios):
#  - through the wire: each commit's server on a fresh data directory
#    with the default --synchronous-commit on, measured by bench/ann
#    (binary COPY load, CREATE INDEX hnsw m 16 ef_construction 64, then
#    QPS and recall@10 per ef_search and connection count; best of RUNS);
#  - in process: planner's BenchmarkEngineKNN (prepared INSERTs, CREATE
#    INDEX, the prepared k-NN query per ef_search: QPS and recall@10),
#    copied from NEW into OLD's tree, so both run the same benchmark.
#
# Usage: sh bench/ab/run.sh OLD NEW   (commits or branches; NEW may be "."
# for the working tree). Env: ROUNDS (2), RUNS (3), EFS (14,20,40,80),
# CONNS (8,1), QUERIES (1000), PORT (5499), DATA (/usr/share/datasets/fashion-mnist),
# FIRST (1: the number of the first round, to add rounds to a day's files),
# NAME (ab: the results' name, to keep a second series of the day apart).
# bench/ann is given the server's PID, so each run also reports the
# server's CPU time per query (server_cpu_us), steadier than QPS on a
# loaded machine.
# Results: bench/results/ann-NAME-{old,new}-r<N>-<date>.json and
# engine-NAME-{old,new}-r<N>-<date>.txt.
set -eu
cd "$(dirname "$0")/../.."
OLD=$1
NEW=$2
ROUNDS=${ROUNDS:-2}
RUNS=${RUNS:-3}
EFS=${EFS:-14,20,40,80}
CONNS=${CONNS:-8,1}
QUERIES=${QUERIES:-1000}
PORT=${PORT:-5499}
DATA=${DATA:-/usr/share/datasets/fashion-mnist}
NAME=${NAME:-ab}
DATE=$(date -u +%Y-%m-%d)
WORK=$(mktemp -d /tmp/vecgres-ab.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# build REV LABEL: the source of commit REV (the working tree for ".") in
# $WORK/src-LABEL, with NEW's engine benchmark, and its server as
# $WORK/vecgres-LABEL.
build() {
	if [ "$1" = . ]; then
		ln -s "$PWD" "$WORK/src-$2"
	else
		mkdir "$WORK/src-$2"
		git archive "$1" | tar -x -C "$WORK/src-$2"
	fi
	bench=planner/engine_bench_test.go
	[ -e "$WORK/src-$2/$bench" ] || git show "$NEWREV:$bench" >"$WORK/src-$2/$bench"
	(cd "$WORK/src-$2" && go build -o "$WORK/vecgres-$2" ./cmd/vecgres)
}

# engine LABEL ROUND: the in-process benchmark in $WORK/src-LABEL.
engine() {
	(cd "$WORK/src-$1" && go test -run XXX -bench '^BenchmarkEngineKNN$' -benchtime 2000x ./planner/) \
		>"bench/results/engine-$NAME-$1-r$2-$DATE.txt" 2>&1 || true
}

# run LABEL ROUND: one benchmark of $WORK/vecgres-LABEL on a fresh data directory.
run() {
	rm -rf "$WORK/data"
	"$WORK/vecgres-$1" --listen "127.0.0.1:$PORT" --data-dir "$WORK/data" >"$WORK/server-$1.log" 2>&1 &
	pid=$!
	i=0
	until psql -qtA -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt 300 ] || { echo "server $1 did not start" >&2; exit 1; }
		sleep 0.2
	done
	go run ./bench/ann --dsn "postgres://postgres@127.0.0.1:$PORT/postgres" --data-dir "$DATA" \
		--queries "$QUERIES" --server-pid "$pid" --runs "$RUNS" --ef-search "$EFS" --conns "$CONNS" \
		--target "vecgres-$NAME-$1" --out "bench/results/ann-$NAME-$1-r$2-$DATE.json" || true
	kill -INT "$pid"
	wait "$pid" || true
}

NEWREV=$NEW
[ "$NEW" != . ] || NEWREV=HEAD
build "$OLD" old
build "$NEW" new
go build -o /dev/null ./bench/ann # compile once, outside the timed runs
r=${FIRST:-1}
while [ "$r" -lt "$((${FIRST:-1} + ROUNDS))" ]; do
	run old "$r"
	run new "$r"
	engine old "$r"
	engine new "$r"
	r=$((r + 1))
done
