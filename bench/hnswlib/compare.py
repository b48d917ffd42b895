#!/usr/bin/python3
"""Reads the JSON lines of the native and Python drivers and the
bench/inproc report, merges the rows of one target and ef_construction
(best QPS per ef_search over rounds, best build time over build rounds),
interpolates one-thread QPS at recall@10 0.95 and 0.99
(linearly between the sweep points around the target; the first point
above it when the sweep starts above), prints a table with the ratio
vecgres/hnswlib-native, and writes the combined JSON.
QPS_KEY=qps_1_thread_cpu compares queries per CPU second instead (the
sweep rounds of hnsw_native and bench/inproc -sweep report both; the
machine's load then matters less); rows without that key are skipped.
Usage: compare.py OUT.json INPROC.json DRIVER.jsonl..."""
import json, os, sys


def qps_at(sweep, target):
    pts = sorted((p["recall_at_10"], p["qps_1_thread"]) for p in sweep)
    for (r0, q0), (r1, q1) in zip(pts, pts[1:]):
        if r0 <= target <= r1:
            return q0 if r1 == r0 else q0 + (q1 - q0) * (target - r0) / (r1 - r0)
    above = [q for r, q in pts if r >= target]
    return max(above) if above else None


out, inproc, drivers = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = []
for path in drivers:
    for line in open(path):
        if line.strip():
            rows.append(json.loads(line))
rep = json.load(open(inproc))
for r in rep["runs"]:
    rows.append({"target": rep.get("target", "vecgres-inproc"), "m": r["m"], "ef_construction": r["ef_construction"],
                 "threads": r["workers"], "build_seconds": r["build_seconds_all_workers"], "sweep": r["sweep"]})
nq = int(os.environ.get("NQ", "1000"))
qps_key = os.environ.get("QPS_KEY", "qps_1_thread")
merged = {}
for r in rows:
    key = (r["target"], r["ef_construction"])
    m = merged.setdefault(key, {"target": r["target"], "m": r["m"], "ef_construction": r["ef_construction"],
                                "build_seconds": None, "rounds": 0, "by_ef": {}})
    b = r.get("build_seconds")
    if b is not None and (m["build_seconds"] is None or b < m["build_seconds"]):
        m["build_seconds"] = b
    m["rounds"] += 1
    for p in r["sweep"]:
        if p.get("queries", nq) != nq or qps_key not in p:
            continue  # the short sweeps of the build rounds
        cur = m["by_ef"].get(p["ef_search"])
        if cur is None or p[qps_key] > cur["qps_1_thread"]:
            m["by_ef"][p["ef_search"]] = {"ef_search": p["ef_search"], "qps_1_thread": p[qps_key],
                                          "recall_at_10": p["recall_at_10"]}
rows = []
for m in merged.values():
    m["sweep"] = [m["by_ef"][e] for e in sorted(m["by_ef"])]
    del m["by_ef"]
    rows.append(m)
for r in rows:
    r["qps_at_0.95"] = qps_at(r["sweep"], 0.95)
    r["qps_at_0.99"] = qps_at(r["sweep"], 0.99)

fmt = "{:<22} {:>4} {:>8} {:>7} {:>11} {:>11} {:>9} {:>9}"
print(fmt.format("target", "efc", "build s", "sweeps", "QPS@0.95", "QPS@0.99", "x@0.95", "x@0.99"))
for efc in sorted({r["ef_construction"] for r in rows}):
    ref = next((r for r in rows if r["ef_construction"] == efc and r["target"] == "hnswlib-native"), None)
    for r in (r for r in rows if r["ef_construction"] == efc):
        ratio = lambda key: "" if not ref or not ref[key] or not r[key] else "%.2f" % (r[key] / ref[key])
        num = lambda x: "-" if x is None else "%.0f" % x
        build = "-" if r["build_seconds"] is None else "%.2f" % r["build_seconds"]
        print(fmt.format(r["target"], efc, build, r["rounds"], num(r["qps_at_0.95"]),
                         num(r["qps_at_0.99"]), ratio("qps_at_0.95"), ratio("qps_at_0.99")))
json.dump({"date": rep["date"], "commit": rep["git_commit"], "loadavg_at_start": rep["loadavg_at_start"],
           "derived": rep.get("derived", ""),
           "rows": rows}, open(out, "w"), indent=1)
print("wrote", out)
