#!/bin/sh
# Per-statement protocol overhead: pgbench's SELECT 1 (-n -f select1.sql,
# CONNS connections, JOBS threads, DURATION seconds) against vecgres (the
# working tree's server, --synchronous-commit on) and against a throwaway
# PostgreSQL 15 cluster, for -M prepared and -M simple, alternating the
# two servers ROUNDS times so that both see the same spread of a shared
# machine's load; compare them as ratios within a round. Each line of the
# result gives the round, server, mode, TPS, the server's CPU time per
# transaction (user + system, and each, from /proc: vecgres's process; PostgreSQL's
# postmaster, its live children and the children it reaped, i.e. the
# backends pgbench ended) and the 1-minute load average when the run
# ended, and pgbench's own CPU time per transaction. CPU per transaction
# depends less than TPS on what else the machine runs. $OUT/results.json
# holds the same lines as JSON.
#
# With BASE=<commit> that commit's server runs too (port PORT+1), after
# the working tree's in each round, for a before/after ratio.
#
# With PROFILE=1 a CPU profile of vecgres (--debug-listen, /debug/pprof/
# profile) is taken during an extra run of each mode in each round, saved
# as $OUT/cpu-{prepared,simple}-r<N>.pprof; read it with
# `go tool pprof -top $OUT/vecgres $OUT/cpu-prepared-r1.pprof`.
#
# Usage: sh bench/pgbench/run.sh. Env: ROUNDS (2), CONNS (8), JOBS (2),
# DURATION (10), PORT (5497, vecgres), PGPORT (5496, PostgreSQL), PROFILE
# (0), PGBIN (/usr/lib/postgresql/15/bin), OUT (a new /tmp directory,
# kept). Needs pgbench, psql and a "postgres" system user (PostgreSQL
# refuses to run as root).
set -eu
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-2}
CONNS=${CONNS:-8}
JOBS=${JOBS:-2}
DURATION=${DURATION:-10}
PORT=${PORT:-5497}
PGPORT=${PGPORT:-5496}
PROFILE=${PROFILE:-0}
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
OUT=${OUT:-$(mktemp -d /tmp/vecgres-pgbench.XXXXXX)}
DEBUG=127.0.0.1:$((PORT + 1000))
mkdir -p "$OUT"
chmod 755 "$OUT"
printf 'SELECT 1;\n' >"$OUT/select1.sql"
chmod 644 "$OUT/select1.sql"

go build -o "$OUT/vecgres" ./cmd/vecgres
if [ -n "${BASE:-}" ]; then
	mkdir "$OUT/base-src"
	git archive "$BASE" | tar -x -C "$OUT/base-src"
	(cd "$OUT/base-src" && go build -o "$OUT/vecgres-base" ./cmd/vecgres)
fi

# PostgreSQL 15: fsync on, default settings but the port and socket.
mkdir "$OUT/pg" "$OUT/pgsock"
chown postgres "$OUT/pg" "$OUT/pgsock"
runuser -u postgres -- "$PGBIN/initdb" -D "$OUT/pg" -A trust -U postgres >"$OUT/initdb.log" 2>&1
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" -l "$OUT/pgsock/pg.log" -w \
	-o "-p $PGPORT -k $OUT/pgsock -c listen_addresses=127.0.0.1 -c max_connections=50" start >/dev/null
"$OUT/vecgres" --listen "127.0.0.1:$PORT" --data-dir "$OUT/vecgres-data" --debug-listen "$DEBUG" \
	--log-level warn >"$OUT/vecgres.log" 2>&1 &
VPID=$!
BPID=
if [ -n "${BASE:-}" ]; then
	"$OUT/vecgres-base" --listen "127.0.0.1:$((PORT + 1))" --data-dir "$OUT/base-data" \
		--log-level warn >"$OUT/vecgres-base.log" 2>&1 &
	BPID=$!
fi
trap 'kill -INT $VPID $BPID 2>/dev/null || true; runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" -m fast stop >/dev/null 2>&1 || true' EXIT
# waitfor PORT: until a server answers there (60 s at most).
waitfor() {
	i=0
	until psql -qtA -h 127.0.0.1 -p "$1" -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt 300 ] || { echo "no server on port $1" >&2; exit 1; }
		sleep 0.2
	done
}
waitfor "$PORT"
[ -z "${BASE:-}" ] || waitfor "$((PORT + 1))"

# ticks SERVER: CPU clock ticks the server has used so far, user and
# system ("U S"; for PostgreSQL also the cutime and cstime of the
# postmaster, which reaped the ended backends, and the live children's).
ticks() {
	case "$1" in
	postgres)
		pm=$(head -1 "$OUT/pg/postmaster.pid")
		{
			awk '{print $14 + $16, $15 + $17}' "/proc/$pm/stat"
			for c in $(cat "/proc/$pm/task/$pm/children"); do
				awk '{print $14, $15}' "/proc/$c/stat" 2>/dev/null || true
			done
		} | awk '{u += $1; s += $2} END {print u, s}'
		;;
	base) awk '{print $14, $15}' "/proc/$BPID/stat" ;;
	*) awk '{print $14, $15}' "/proc/$VPID/stat" ;;
	esac
}

HZ=$(getconf CLK_TCK)
# perTx TICKS0 TICKS1 N: microseconds per transaction of the user, system
# and total ticks between the two readings ("null null null" if N is 0).
perTx() {
	echo "$1 $2" | awk -v n="$3" -v hz="$HZ" '{
		if (n > 0) printf "%.2f %.2f %.2f", ($3 - $1) * 1e6 / hz / n, ($4 - $2) * 1e6 / hz / n, ($3 + $4 - $1 - $2) * 1e6 / hz / n
		else print "null null null"
	}'
}

# bench SERVER PORT MODE ROUND: one pgbench run, one result line.
bench() {
	t0=$(ticks "$1")
	/usr/bin/time -f '%U %S' -o "$OUT/pgbench.time" \
		pgbench -n -f "$OUT/select1.sql" -c "$CONNS" -j "$JOBS" -T "$DURATION" -M "$3" \
		-h 127.0.0.1 -p "$2" -U postgres postgres >"$OUT/pgbench.out" 2>>"$OUT/pgbench.err" || true
	sleep 1 # the backends pgbench ended are reaped
	t1=$(ticks "$1")
	tps=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$OUT/pgbench.out")
	n=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$OUT/pgbench.out")
	set -- "$@" $(perTx "$t0" "$t1" "${n:-0}")
	user=$5 sys=$6 cpu=$7
	client=$(awk -v n="${n:-0}" '{u = $1; s = $2} END {if (n > 0) printf "%.2f", (u + s) * 1e6 / n; else print "null"}' "$OUT/pgbench.time")
	load=$(cut -d' ' -f1 /proc/loadavg)
	printf 'round %s %-8s %-8s tps %s cpu_us_per_tx %s (user %s sys %s) client_us_per_tx %s load %s\n' \
		"$4" "$1" "$3" "${tps:-failed}" "$cpu" "$user" "$sys" "$client" "$load" |
		tee -a "$OUT/results.txt"
	printf '{"round": %s, "server": "%s", "mode": "%s", "conns": %s, "jobs": %s, "seconds": %s, "tps": %s, "transactions": %s, "server_cpu_us_per_tx": %s, "server_user_us_per_tx": %s, "server_sys_us_per_tx": %s, "pgbench_cpu_us_per_tx": %s, "load1": %s}\n' \
		"$4" "$1" "$3" "$CONNS" "$JOBS" "$DURATION" "${tps:-null}" "${n:-null}" "$cpu" "$user" "$sys" "$client" "$load" >>"$OUT/results.jsonl"
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	for mode in prepared simple; do
		bench vecgres "$PORT" "$mode" "$r"
		[ -z "${BASE:-}" ] || bench base "$((PORT + 1))" "$mode" "$r"
		bench postgres "$PGPORT" "$mode" "$r"
	done
	if [ "$PROFILE" = 1 ]; then
		for mode in prepared simple; do
			curl -s -o "$OUT/cpu-$mode-r$r.pprof" "http://$DEBUG/debug/pprof/profile?seconds=$((DURATION - 2))" &
			cpid=$!
			bench vecgres-profiled "$PORT" "$mode" "$r"
			wait "$cpid"
		done
	fi
	r=$((r + 1))
done
{
	printf '{"benchmark": "pgbench SELECT 1", "date": "%s", "commit": "%s", "base": "%s", "nproc": %s, "runs": [\n' \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo +dirty)" "${BASE:-}" "$(nproc)"
	sed '$!s/$/,/' "$OUT/results.jsonl"
	printf ']}\n'
} >"$OUT/results.json"
echo "results in $OUT/results.txt and $OUT/results.json"
