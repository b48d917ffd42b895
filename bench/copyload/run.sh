#!/bin/sh
# COPY FROM time of Fashion-MNIST's 60,000 train images (784-d, as
# integer pixel vectors) in text, CSV and binary format (pgvector's
# binary vector: int16 dimensions, int16 unused, float4s), through psql's \copy,
# into `items (id int PRIMARY KEY, embedding vector(784))` without an
# index: the working tree's vecgres, optionally a base commit's (BASE=),
# and a throwaway PostgreSQL 15 with pgvector (CREATE EXTENSION vector),
# all with fsync on, alternating servers ROUNDS times; compare within a
# round, as ratios (the machine is shared). Each result line gives round,
# server, format, seconds, the server's CPU seconds during the load (from
# /proc: vecgres's process; PostgreSQL's postmaster and its children, the
# backend's time counted when it exits, so each load's psql session ends
# before the second reading) and the load average.
#
# Usage: sh bench/copyload/run.sh. Env: ROUNDS (2), FORMATS ("text csv
# bin"), PORT (5493; the base
# uses PORT+1, PostgreSQL PORT+2), DATA (/usr/share/datasets/fashion-mnist),
# PGBIN (/usr/lib/postgresql/15/bin), OUT (a new /tmp directory, kept).
set -eu
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-2}
PORT=${PORT:-5493}
PGPORT=$((PORT + 2))
DATA=${DATA:-/usr/share/datasets/fashion-mnist}
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
OUT=${OUT:-$(mktemp -d /tmp/vecgres-copyload.XXXXXX)}
mkdir -p "$OUT"
chmod 755 "$OUT"

# The rows, once (kept when OUT already holds them): "id<TAB>[p,p,...]", "id,\"[p,p,...]\"" and COPY's binary
# format (PostgreSQL docs, COPY, "Binary Format").
[ -s "$OUT/rows.bin" ] || python3 - "$DATA/train-images-idx3-ubyte.gz" "$OUT/rows.txt" "$OUT/rows.csv" "$OUT/rows.bin" <<'PY'
import gzip, struct, sys
with gzip.open(sys.argv[1]) as f:
    _, n, rows, cols = struct.unpack(">IIII", f.read(16))
    data = f.read()
d = rows * cols
with open(sys.argv[2], "w") as txt, open(sys.argv[3], "w") as csv, open(sys.argv[4], "wb") as binf:
    binf.write(b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0))
    for i in range(n):
        px = data[i * d:(i + 1) * d]
        v = "[" + ",".join(map(str, px)) + "]"
        txt.write(f"{i}\t{v}\n")
        csv.write(f'{i},"{v}"\n')
        binf.write(struct.pack(">hiii", 2, 4, i, 4 + 4 * d) + struct.pack(f">hh{d}f", d, 0, *px))
    binf.write(struct.pack(">h", -1))
PY
chmod 644 "$OUT/rows.txt" "$OUT/rows.csv" "$OUT/rows.bin"

go build -o "$OUT/vecgres" ./cmd/vecgres
if [ -n "${BASE:-}" ]; then
	mkdir "$OUT/base-src"
	git archive "$BASE" | tar -x -C "$OUT/base-src"
	(cd "$OUT/base-src" && go build -o "$OUT/vecgres-base" ./cmd/vecgres)
fi
mkdir "$OUT/pg" "$OUT/pgsock"
chown postgres "$OUT/pg" "$OUT/pgsock"
runuser -u postgres -- "$PGBIN/initdb" -D "$OUT/pg" -A trust -U postgres >"$OUT/initdb.log" 2>&1
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" -l "$OUT/pgsock/pg.log" -w \
	-o "-p $PGPORT -k $OUT/pgsock -c listen_addresses=127.0.0.1" start >/dev/null
psql -qtA -h 127.0.0.1 -p "$PGPORT" -U postgres -d postgres -c 'CREATE EXTENSION vector' >/dev/null
PIDS=
trap 'kill -INT $PIDS 2>/dev/null || true; runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" -m fast stop >/dev/null 2>&1 || true' EXIT

# serve BINARY PORT: a vecgres on a fresh data directory, once it answers.
serve() {
	rm -rf "$OUT/data-$2"
	"$1" --listen "127.0.0.1:$2" --data-dir "$OUT/data-$2" --log-level warn >>"$OUT/vecgres-$2.log" 2>&1 &
	PIDS="$PIDS $!"
	eval "PID_$2=$!"
	i=0
	until psql -qtA -h 127.0.0.1 -p "$2" -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt 300 ] || { echo "no server on port $2" >&2; exit 1; }
		sleep 0.2
	done
}
serve "$OUT/vecgres" "$PORT"
[ -z "${BASE:-}" ] || serve "$OUT/vecgres-base" "$((PORT + 1))"

# cpu PID: CPU seconds of PID and its children (living ones' own, reaped
# ones' through cutime and cstime), from /proc/PID/stat fields 14-17.
cpu() {
	t=0
	for p in $1 $(cat /proc/$1/task/*/children 2>/dev/null); do
		s=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null) || continue
		set -- $s
		t=$((t + ${12} + ${13} + ${14} + ${15}))
	done
	echo "scale=2; $t / $(getconf CLK_TCK)" | bc
}

# pidof PORT: the server process serving PORT.
pidof_port() {
	if [ "$1" = "$PGPORT" ]; then head -1 "$OUT/pg/postmaster.pid"; else eval "echo \$PID_$1"; fi
}

# load SERVER PORT FORMAT ROUND: a fresh table, one timed \copy.
load() {
	q="psql -qtA -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $2 -U postgres -d postgres"
	$q -c 'DROP TABLE IF EXISTS items' -c 'CREATE TABLE items (id int PRIMARY KEY, embedding vector(784))' >/dev/null
	opt=""
	file=$OUT/rows.txt
	case "$3" in
	csv)
		opt="WITH (FORMAT csv)"
		file=$OUT/rows.csv
		;;
	bin)
		opt="WITH (FORMAT binary)"
		file=$OUT/rows.bin
		;;
	esac
	pid=$(pidof_port "$2")
	c0=$(cpu "$pid")
	start=$(date +%s.%N)
	$q -c "\\copy items FROM '$file' $opt" >/dev/null
	end=$(date +%s.%N)
	sleep 0.5 # PostgreSQL's backend is reaped
	c1=$(cpu "$pid")
	n=$($q -c 'SELECT count(*) FROM items')
	printf 'round %s %-8s %-4s rows %s seconds %.2f cpu %.2f load %s\n' "$4" "$1" "$3" "$n" \
		"$(echo "$end - $start" | bc)" "$(echo "$c1 - $c0" | bc)" "$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$OUT/results.txt"
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	for fmt in ${FORMATS:-text csv bin}; do
		load vecgres "$PORT" "$fmt" "$r"
		[ -z "${BASE:-}" ] || load base "$((PORT + 1))" "$fmt" "$r"
		load postgres "$PGPORT" "$fmt" "$r"
	done
	r=$((r + 1))
done
echo "results in $OUT/results.txt"
