#!/bin/sh
# Compares the cost of drawing identity and serial values between two
# vecgres commits in process: planner's BenchmarkInsertSelectIdentity and
# BenchmarkInsertSelectSerial (one `INSERT INTO t (v) SELECT g FROM
# generate_series(1, 100000) g` into a table whose id is an identity or a
# bigserial column, 20 other tables in the catalog), from NEW's
# planner/serial_bench_test.go copied into OLD's tree, so both run the
# same benchmark. The two test binaries run alternately ROUNDS times; the
# last lines are each benchmark's median ns/op and cpu-ns/op for OLD and
# NEW and their ratio NEW/OLD (below 1: NEW is faster), as modify.sh.
#
# Usage: sh bench/ab/serial.sh OLD NEW   (commits or branches; NEW may be
# "." for the working tree). Env: ROUNDS (5), N (3 statements per run).
# Results: bench/results/serial-ab-<date>.txt.
set -eu
cd "$(dirname "$0")/../.."
OLD=$1
NEW=$2
ROUNDS=${ROUNDS:-5}
N=${N:-3}
DATE=$(date -u +%Y-%m-%d)
OUT=bench/results/serial-ab-$DATE.txt
WORK=$(mktemp -d /tmp/vecgres-serial-ab.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
bench=planner/serial_bench_test.go
NEWREV=$NEW
[ "$NEW" != . ] || NEWREV=HEAD

# build REV LABEL: the planner test binary of commit REV (the working tree
# for ".") with NEW's benchmark, as $WORK/planner-LABEL.test.
build() {
	if [ "$1" = . ]; then
		ln -s "$PWD" "$WORK/src-$2"
	else
		mkdir "$WORK/src-$2"
		git archive "$1" | tar -x -C "$WORK/src-$2"
		[ "$NEW" = . ] && cp "$bench" "$WORK/src-$2/$bench" || git show "$NEWREV:$bench" >"$WORK/src-$2/$bench"
	fi
	(cd "$WORK/src-$2" && go test -c -o "$WORK/planner-$2.test" ./planner/)
}

build "$OLD" old
build "$NEW" new
mkdir -p bench/results
: >"$OUT"
echo "# old=$(git rev-parse --short "$OLD") new=$NEW rounds=$ROUNDS n=$N" >>"$OUT"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for side in old new; do
		(cd "$WORK" && "./planner-$side.test" -test.run XXX -test.bench '^BenchmarkInsertSelect(Identity|Serial)$' \
			-test.benchtime "${N}x" 2>/dev/null) | grep '^Benchmark' | sed "s/^/$side r$r /" >>"$OUT"
	done
	r=$((r + 1))
done
# median ns/op and cpu-ns/op per side and benchmark, and NEW/OLD
awk '/ Benchmark/ { k = $3; sub(/-[0-9]+$/, "", k); names[k] = 1
	for (i = 4; i < NF; i++) if ($(i + 1) == "ns/op" || $(i + 1) == "cpu-ns/op") v[$1 " " k " " $(i + 1)] = v[$1 " " k " " $(i + 1)] " " $i }
function median(list,   a, n, i, j, t) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
END {
	for (k in names) for (u = 0; u < 2; u++) {
		unit = u == 0 ? "ns/op" : "cpu-ns/op"
		o = median(v["old " k " " unit]); n = median(v["new " k " " unit])
		if (o > 0) printf "%s median %s old %.0f new %.0f new/old %.3f\n", k, unit, o, n, n / o
	}
}' "$OUT" | sort | tee -a "$OUT"
