#!/bin/sh
# In process, without the wire: planner's BenchmarkEngineKNNTypes (vector,
# halfvec, halfvec with a cast parameter, the halfvec expression index,
# sparsevec and the binary-quantization expression index, on 20,000
# Fashion-MNIST images, the cases taking turns 100 queries at a time) on
# two commits alternated ROUNDS times, NEW's benchmark copied into OLD's
# tree so that both run the same one. Each run keeps a CPU profile whose
# samples are labelled by case: the CPU seconds per case
# (go tool pprof -tags) are the figure least moved by a shared machine's
# load; compare each case's seconds with the vector case's, and OLD's
# with NEW's.
#
# Usage: sh bench/ab/types.sh OLD NEW   (NEW may be "." for the working tree)
# Env: ROUNDS (2), ITER (20: rounds of 100 queries per case), FIRST (1:
# the number of the first round, to add rounds to a day's files).
# Results: bench/results/engine-types-{old,new}-r<N>-<date>.txt (benchmark
# output, then the CPU seconds per case).
set -eu
cd "$(dirname "$0")/../.."
OLD=$1
NEW=$2
ROUNDS=${ROUNDS:-2}
ITER=${ITER:-20}
DATE=$(date -u +%Y-%m-%d)
WORK=$(mktemp -d /tmp/vecgres-types-inproc.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
bench=planner/engine_types_bench_test.go
for side in old new; do
	rev=$OLD
	[ "$side" = old ] || rev=$NEW
	if [ "$rev" = . ]; then
		ln -s "$PWD" "$WORK/src-$side"
	else
		mkdir "$WORK/src-$side"
		git archive "$rev" | tar -x -C "$WORK/src-$side"
	fi
	[ -e "$WORK/src-$side/$bench" ] || cp "$bench" "$WORK/src-$side/$bench"
	(cd "$WORK/src-$side" && go test -c -o "$WORK/planner-$side.test" ./planner/)
done
r=${FIRST:-1}
while [ "$r" -lt "$((${FIRST:-1} + ROUNDS))" ]; do
	for side in old new; do
		out="bench/results/engine-types-$side-r$r-$DATE.txt"
		(cd "$WORK/src-$side/planner" && "$WORK/planner-$side.test" -test.run XXX -test.bench EngineKNNTypes \
			-test.benchtime "${ITER}x" -test.cpuprofile "$WORK/cpu-$side.prof") 2>&1 | grep -v ' INFO ' >"$out" || true
		go tool pprof -tags "$WORK/planner-$side.test" "$WORK/cpu-$side.prof" 2>/dev/null >>"$out" || true
	done
	r=$((r + 1))
done
