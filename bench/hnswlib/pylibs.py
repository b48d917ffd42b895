#!/usr/bin/python3
"""Debian's python3-hnswlib and python3-faiss (IndexHNSWFlat) on the raw
files bench/inproc -export writes. Usage: pylibs.py DIR M EFC NQ EFS.
Prints one JSON object per library: build seconds on all cores, then per
ef_search one-thread QPS and recall@10 (ann-benchmarks rule)."""
import json, os, sys, time
import numpy as np

d, M, efc, nq = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
efs = [int(x) for x in sys.argv[5].split(",")]
dim, k = 784, 10
base = np.fromfile(os.path.join(d, "base.f32"), dtype=np.float32).reshape(-1, dim)
qs = np.fromfile(os.path.join(d, "queries.f32"), dtype=np.float32).reshape(-1, dim)[:nq]
lim = np.fromfile(os.path.join(d, "gt_dist.f32"), dtype=np.float32).reshape(-1, 100)[:nq, k - 1] + 1e-3
threads = os.cpu_count()


def recall(dist2):
    return float((np.sqrt(np.maximum(dist2, 0)) <= lim[:, None]).sum()) / (k * nq)


def sweep(search):
    out = []
    for ef in efs:
        best, r = 0.0, 0.0
        for _ in range(3):
            t0 = time.perf_counter()
            dist2 = np.stack([search(q, ef) for q in qs])
            best = max(best, nq / (time.perf_counter() - t0))
            r = recall(dist2)
        out.append({"ef_search": ef, "queries": nq, "qps_1_thread": round(best, 1), "recall_at_10": round(r, 4)})
    return out


import hnswlib
idx = hnswlib.Index(space="l2", dim=dim)
idx.init_index(max_elements=len(base), M=M, ef_construction=efc, random_seed=100)
t0 = time.perf_counter()
idx.add_items(base, np.arange(len(base)), num_threads=threads)
build = time.perf_counter() - t0
idx.set_num_threads(1)


def hs(q, ef):
    idx.set_ef(ef)
    return idx.knn_query(q, k=k)[1][0]


print(json.dumps({"target": "hnswlib-python", "m": M, "ef_construction": efc, "threads": threads,
                  "build_seconds": round(build, 3), "sweep": sweep(hs)}))

import faiss
faiss.omp_set_num_threads(threads)
fx = faiss.IndexHNSWFlat(dim, M)
fx.hnsw.efConstruction = efc
t0 = time.perf_counter()
fx.add(base)
build = time.perf_counter() - t0
faiss.omp_set_num_threads(1)


def fs(q, ef):
    fx.hnsw.efSearch = ef
    return fx.search(q[None, :], k)[0][0]


print(json.dumps({"target": "faiss-hnswflat-python", "m": M, "ef_construction": efc, "threads": threads,
                  "build_seconds": round(build, 3), "sweep": sweep(fs)}))
