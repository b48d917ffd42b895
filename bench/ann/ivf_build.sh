#!/bin/sh
# IVFFlat CREATE INDEX alone, repeated: on each server (vecgres, an
# optional baseline vecgres, PostgreSQL + pgvector), whose items table
# bench/ann already loaded (sh bench/ann/ivf.sh), DROP INDEX then CREATE
# INDEX ... USING ivfflat (embedding vector_l2_ops) WITH (lists = LISTS),
# the servers in turn, ROUNDS times, so that each round compares them under
# the same load of a shared machine. Each build reports its wall time
# (psql \timing) and the CPU time the server's processes spent (user +
# system from /proc: the vecgres process; every process of the PostgreSQL
# cluster, parallel build workers included).
#
# Usage: VECGRES_DSN=... VECGRES_PID=... [BASELINE_DSN=... BASELINE_PID=...]
#        [PGVECTOR_DSN=... PGVECTOR_PID=<postmaster pid>] sh bench/ann/ivf_build.sh
# Env: LISTS (60), ROUNDS (5), DATA (fashion-mnist, for the file name).
# Results: bench/results/ann-ivf-build-<data>-<date>.json, one object per
# build: target, round, wall_seconds, cpu_seconds.
set -eu
cd "$(dirname "$0")/../.."
: "${VECGRES_DSN:?set VECGRES_DSN}" "${VECGRES_PID:?set VECGRES_PID}"
LISTS=${LISTS:-60}
ROUNDS=${ROUNDS:-5}
DATA=${DATA:-fashion-mnist}
OUT=bench/results/ann-ivf-build-$DATA-$(date -u +%Y-%m-%d).json
TARGETS=vecgres
[ -z "${BASELINE_DSN:-}" ] || TARGETS="vecgres-base $TARGETS"
[ -z "${PGVECTOR_DSN:-}" ] || TARGETS="$TARGETS pgvector"
tck=$(getconf CLK_TCK)

# cpu_ticks PID [tree]: user + system ticks of PID, or of PID and its
# children when tree is set.
cpu_ticks() {
	pids=$1
	[ -z "${2:-}" ] || pids="$1 $(ps -o pid= --ppid "$1" | tr '\n' ' ')"
	t=0
	for p in $pids; do
		s=$(cut -d' ' -f14,15 "/proc/$p/stat" 2>/dev/null) || continue
		t=$((t + ${s% *} + ${s#* }))
	done
	echo "$t"
}

echo "[" > "$OUT"
sep=""
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for target in $TARGETS; do
		case $target in
		vecgres) dsn=$VECGRES_DSN pid=$VECGRES_PID tree= ;;
		vecgres-base) dsn=$BASELINE_DSN pid=$BASELINE_PID tree= ;;
		pgvector) dsn=$PGVECTOR_DSN pid=$PGVECTOR_PID tree=1 ;;
		esac
		psql "$dsn" -qX -c "DROP INDEX IF EXISTS items_ivf_build" >/dev/null 2>&1
		c0=$(cpu_ticks "$pid" "$tree")
		ms=$(psql "$dsn" -qX -c '\timing on' \
			-c "CREATE INDEX items_ivf_build ON items USING ivfflat (embedding vector_l2_ops) WITH (lists = $LISTS)" |
			sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p')
		c1=$(cpu_ticks "$pid" "$tree")
		cpu=$(echo "$c0 $c1 $tck" | awk '{printf "%.2f", ($2 - $1) / $3}')
		wall=$(echo "$ms" | awk '{printf "%.2f", $1 / 1000}')
		echo "round $r $target: build $wall s wall, $cpu s CPU (load $(cut -d' ' -f1 /proc/loadavg))"
		printf '%s{"target": "%s", "round": %d, "lists": %d, "wall_seconds": %s, "cpu_seconds": %s, "loadavg": %s}\n' \
			"$sep" "$target" "$r" "$LISTS" "$wall" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)" >> "$OUT"
		sep=","
		psql "$dsn" -qX -c "DROP INDEX IF EXISTS items_ivf_build" >/dev/null 2>&1
	done
	r=$((r + 1))
done
echo "]" >> "$OUT"
