#!/bin/sh
# The float-data comparison of run.sh (DERIVE=scaled or unit; see run.sh
# and README.md): native hnswlib vs vecgres on float32 vs vecgres SQ8, on
# Fashion-MNIST turned into non-byte floats, all in one run, with the
# one-thread sweeps and the two-core builds repeated ROUNDS times,
# alternating. Run from the repository root (run.sh does).
set -eu
PY=/usr/bin/python3
DATA=${DATA:-/tmp/vecgres-fmnist-$DERIVE}
EFC=${EFC:-"64 200"}
EFS=${EFS:-10,12,14,16,20,24,32,40,48,64,80,96,128,200}
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
mkdir -p "$DATA" "$RES"
IP="$DATA/inproc -derive $DERIVE -cache $DATA"
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
echo "== vecgres float32 build (QuantAuto), saved for the sweeps"
$IP -efc "$EFCS" -ef 40 -serial=false -10k=false -save "$DATA" -out "$DATA/inproc-floats.json"
echo "== vecgres SQ8: builds, all-core and 10k-query sweeps"
$IP -sq -efc "$EFCS" -ef "$EFS" -save "$DATA" -out "$RES/inproc-sq8-$TAG.json"
for r in $(seq "$ROUNDS"); do
	for efc in $EFC; do
		echo "== round $r, ef_construction $efc: native, vecgres floats, vecgres SQ8 sweeps"
		"$DATA/hnsw_native" "$DATA" 16 "$efc" 1 "$NQ" "$EFS" sweep | tee -a "$DATA/drivers.jsonl"
		$IP -efc "$efc" -ef "$EFS" -sweep "$DATA" | tee -a "$DATA/drivers.jsonl"
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
