#!/bin/sh
# Per-statement protocol overhead: pgbench's SELECT 1 (-n -f select1.sql,
# CONNS connections, JOBS threads, DURATION seconds) against vecgres (the
# working tree's server, --synchronous-commit on) and against a throwaway
# PostgreSQL 15 cluster, for -M prepared and -M simple, alternating the
# two servers ROUNDS times so that both see the same spread of a shared
# machine's load; compare them as ratios within a round. Each line of the
# result gives the round, server, mode, TPS and the 1-minute load average
# when the run ended.
#
# With BASE=<commit> that commit's server runs too (port PORT+1), after
# the working tree's in each round, for a before/after ratio.
#
# With PROFILE=1 a CPU profile of vecgres (--debug-listen, /debug/pprof/
# profile) is taken during an extra prepared run of each round, saved as
# $OUT/cpu-prepared-r<N>.pprof; read it with
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

# bench SERVER PORT MODE ROUND: one pgbench run, one result line.
bench() {
	tps=$(pgbench -n -f "$OUT/select1.sql" -c "$CONNS" -j "$JOBS" -T "$DURATION" -M "$3" \
		-h 127.0.0.1 -p "$2" -U postgres postgres 2>>"$OUT/pgbench.err" |
		sed -n 's/^tps = \([0-9.]*\).*/\1/p')
	printf 'round %s %-8s %-8s tps %s load %s\n' "$4" "$1" "$3" "${tps:-failed}" "$(cut -d' ' -f1 /proc/loadavg)" |
		tee -a "$OUT/results.txt"
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	for mode in prepared simple; do
		bench vecgres "$PORT" "$mode" "$r"
		[ -z "${BASE:-}" ] || bench base "$((PORT + 1))" "$mode" "$r"
		bench postgres "$PGPORT" "$mode" "$r"
	done
	if [ "$PROFILE" = 1 ]; then
		curl -s -o "$OUT/cpu-prepared-r$r.pprof" "http://$DEBUG/debug/pprof/profile?seconds=$((DURATION - 2))" &
		cpid=$!
		bench vecgres-profiled "$PORT" prepared "$r"
		wait "$cpid"
	fi
	r=$((r + 1))
done
echo "results in $OUT/results.txt"
