#!/bin/sh
# Compares UPDATE, DELETE and COPY FROM speed between two vecgres commits in
# process: planner's BenchmarkUpdateByKey (a prepared `UPDATE t SET x = x +
# 1 WHERE id = $1` on a 10,000-row table), BenchmarkDelete10k (one DELETE
# of 10,000 of 20,000 rows) and BenchmarkCopyFrom100k (one COPY FROM STDIN
# of 100,000 synthetic rows), from NEW's planner/modify_bench_test.go copied
# into OLD's tree, so both run the same benchmark. The two test binaries
# run alternately ROUNDS times, so that both see the same spread of a
# shared machine's load; the last lines are each benchmark's median
# ns/op and cpu-ns/op (the process's CPU time per operation, which a
# busy machine's waits for a core do not inflate) for OLD and NEW and
# their ratio NEW/OLD (below 1: NEW is faster).
#
# Each side runs the same number of operations (UPDATES, DELETES, COPIES), as the
# UPDATE benchmark's cost grows with the row versions it has made.
#
# Usage: sh bench/ab/modify.sh OLD NEW   (commits or branches; NEW may be
# "." for the working tree). Env: ROUNDS (5), UPDATES (20000), DELETES (30),
# COPIES (3).
# Results: bench/results/modify-ab-<date>.txt.
set -eu
cd "$(dirname "$0")/../.."
OLD=$1
NEW=$2
ROUNDS=${ROUNDS:-5}
UPDATES=${UPDATES:-20000}
DELETES=${DELETES:-30}
COPIES=${COPIES:-3}
DATE=$(date -u +%Y-%m-%d)
OUT=bench/results/modify-ab-$DATE.txt
WORK=$(mktemp -d /tmp/vecgres-modify-ab.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
bench=planner/modify_bench_test.go
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
: >"$OUT"
echo "# old=$(git rev-parse --short "$OLD") new=$NEW rounds=$ROUNDS updates=$UPDATES deletes=$DELETES copies=$COPIES" >>"$OUT"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for side in old new; do
		for b in "BenchmarkUpdateByKey $UPDATES" "BenchmarkDelete10k $DELETES" "BenchmarkCopyFrom100k $COPIES"; do
			set -- $b
			(cd "$WORK" && "./planner-$side.test" -test.run XXX -test.bench "^$1\$" \
				-test.benchtime "${2}x" -test.benchmem 2>/dev/null) | grep '^Benchmark' | sed "s/^/$side r$r /" >>"$OUT"
		done
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
