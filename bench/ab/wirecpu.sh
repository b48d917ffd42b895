#!/bin/sh
# Server CPU per k-NN query through the wire, two running vecgres servers
# alternated (issue 15 items 4 and 6): both serve the same Fashion-MNIST
# items table and HNSW index (start one, load it with bench/ann, stop it,
# copy its data directory, start both builds on the two copies). Each
# round runs bench/ann --skip-load against OLD then NEW, so both see the
# same spread of a shared machine's load; compare rounds as ratios of
# server_cpu_us_per_query (from /proc/<pid>/stat, 10 ms ticks: QUERIES
# 5000 gives 2 µs resolution), recall@10 beside each.
#
# bench/ann reports its fastest run's CPU; the script also records the
# server's CPU over the whole invocation (warm-up and every run of every
# ef_search: 0.1 µs resolution) per query, one line per side and round, in
# bench/results/ann-<LABEL>-cpu-<date>.txt (averaged over all ef_search
# values, so run one EFS per invocation for per-ef figures).
#
# Usage: sh bench/ab/wirecpu.sh OLD_PORT OLD_PID NEW_PORT NEW_PID
# Env: ROUNDS (4), RUNS (2), EFS (20,80), CONNS (8), QUERIES (5000),
# LABEL (wirecpu), ANN (a built bench/ann; default go run ./bench/ann).
# Results: bench/results/ann-<LABEL>-{old,new}-r<N>-<date>.json.
set -eu
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-4}
RUNS=${RUNS:-2}
EFS=${EFS:-20,80}
CONNS=${CONNS:-8}
QUERIES=${QUERIES:-5000}
LABEL=${LABEL:-wirecpu}
ANN=${ANN:-go run ./bench/ann}
DATE=$(date -u +%Y-%m-%d)

# ticks PID: user + system CPU of PID in clock ticks (/proc/PID/stat
# fields 14 and 15, counted after the parenthesised command name).
ticks() {
	sed 's/.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'
}

# one SIDE PORT PID ROUND: bench/ann against the server on PORT.
one() {
	t0=$(ticks "$3")
	$ANN --dsn "postgres://postgres@127.0.0.1:$2/postgres" --skip-load --server-pid "$3" \
		--queries "$QUERIES" --warmup 100 --runs "$RUNS" --ef-search "$EFS" --conns "$CONNS" \
		--target "vecgres-$LABEL-$1" --out "bench/results/ann-$LABEL-$1-r$4-$DATE.json"
	t1=$(ticks "$3")
	n=$(( (QUERIES * RUNS + 100) * $(echo "$EFS" | tr ',' '\n' | wc -l) * $(echo "$CONNS" | tr ',' '\n' | wc -l) ))
	echo "r$4 $1 efs $EFS conns $CONNS queries $n cpu_us_per_query $(awk "BEGIN {printf \"%.1f\", ($t1 - $t0) * 10000 / $n}") load $(cut -d' ' -f1-3 /proc/loadavg)" \
		>>"bench/results/ann-$LABEL-cpu-$DATE.txt"
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	one old "$1" "$2" "$r"
	one new "$3" "$4" "$r"
	r=$((r + 1))
done
