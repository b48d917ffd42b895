#!/usr/bin/env bash
# ab.sh OLD NEW [ROUNDS [TAG]]: builds bench/inproc at two commits (each with
# this tree's bench/inproc harness, so both measure the same way) and runs
# them alternately, old then new, ROUNDS times (default 2): Fashion-MNIST
# (60,000 base, 1,000 queries; builds at 1 and 2 workers, recall@10 at
# ef_search 10/20/40/80/120) and GloVe (100,000 base, the next 1,000
# words as queries) under cosine and inner product. Results go to
# bench/results/inproc-{build,glove-cosine,glove-ip}-ab[-TAG]-<date>-{old,new}-<round>.json.
# Run from the repository root.
set -euo pipefail
old=${1:?old commit} new=${2:?new commit} rounds=${3:-2} tag=${4:+-$4}
date=$(date -u +%Y-%m-%d)
tmp=$(mktemp -d)
for side in old new; do
	rev=${!side}
	mkdir -p "$tmp/$side"
	git archive "$rev" | tar -x -C "$tmp/$side"
	rm -rf "$tmp/$side/bench/inproc"
	cp -r bench/inproc "$tmp/$side/bench/inproc"
	(cd "$tmp/$side" && go build -o "$tmp/inproc-$side" ./bench/inproc)
done
efs=10,20,40,80,120
for r in $(seq 1 "$rounds"); do
	for side in old new; do
		export INPROC_COMMIT=$(git rev-parse --short "${!side}")
		"$tmp/inproc-$side" -efc 64 -ef $efs -10k=false \
			-out "bench/results/inproc-build-ab$tag-$date-$side-$r.json"
		for metric in cosine ip; do
			"$tmp/inproc-$side" -glove 100000 -glove-queries 1000 -glove-metric $metric -efc 64 -ef $efs \
				-out "bench/results/inproc-glove-$metric-ab$tag-$date-$side-$r.json"
		done
	done
done
rm -rf "$tmp"
