"""Summarises bench/ab/wirecpu.sh's reports: per ef_search, each round's
server CPU µs per query (old, new, new/old) with recall@10 and loadavg.
Usage: python3 bench/ab/wirecpu_summary.py LABEL DATE"""
import glob
import json
import sys

label, date = sys.argv[1], sys.argv[2]
rounds = {}
for side in ("old", "new"):
    for f in sorted(glob.glob(f"bench/results/ann-{label}-{side}-r*-{date}.json")):
        r = int(f.rsplit("-r", 1)[1].split("-")[0])
        rounds.setdefault(r, {})[side] = json.load(open(f))
for r in sorted(rounds):
    old, new = rounds[r].get("old"), rounds[r].get("new")
    if not old or not new:
        continue
    print(f"r{r} loadavg old {old['loadavg_at_start']} new {new['loadavg_at_start']}")
    for o, n in zip(old["rows"], new["rows"]):
        co, cn = o["server_cpu_us_per_query"], n["server_cpu_us_per_query"]
        print(f"  conns {o['conns']} ef {o['ef_search']}: cpu µs/query old {co:.0f} (recall {o['recall_at_10']:.4f}, {o['qps']:.0f} QPS)"
              f" new {cn:.0f} (recall {n['recall_at_10']:.4f}, {n['qps']:.0f} QPS) new/old {cn / co:.3f}")
