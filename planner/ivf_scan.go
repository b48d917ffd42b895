package planner

import (
	"strconv"

	"github.com/vecgres/vecgres/vecindex"
)

// An ivfflat index answers ORDER BY col <op> q LIMIT k as an HNSW index
// does (indexScan, knnRun.walk), with the same guarantees: rows in exact
// distance order (the lists hold exact vectors; ties by slot among the
// lists scanned) and never fewer than min(k, matching rows). A search
// scans the ivfflat.probes lists nearest q (with ivfflat.iterative_scan
// = relaxed_order, further lists up to ivfflat.max_probes until k rows
// pass the filter) and keeps the k + 1 nearest matching rows; when those
// lists hold fewer than k matching rows the exact scan answers, where
// pgvector returns fewer rows. With fixed probes the rows scanned do not
// depend on k, so LIMIT/OFFSET pages of one query are slices of one
// order.

// ivfProbes returns ivfflat.probes and the most lists a search may scan:
// ivfflat.max_probes (at least probes) under iterative_scan =
// relaxed_order, else probes.
func ivfProbes(st *settings) (probes, maxProbes int) {
	probes = settingInt(st, "ivfflat.probes", 1)
	maxProbes = probes
	if mode, _ := st.get("ivfflat.iterative_scan"); mode == "relaxed_order" {
		maxProbes = max(probes, settingInt(st, "ivfflat.max_probes", vecindex.IVFMaxLists))
	}
	return probes, maxProbes
}

func settingInt(st *settings, name string, def int) int {
	v, _ := st.get(name)
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

// ivfStage is graphStage for an ivfflat index: up to b visible rows
// passing restWhere, nearest first, from the probed lists, and whether
// those lists held fewer.
func (r *knnRun) ivfStage(b int) ([]candidate, bool, error) {
	probes, maxProbes := ivfProbes(r.x.s.settings)
	res := r.s.ix.IVF.Search(r.q, vecindex.IVFSearch{K: b, Probes: probes, MaxProbes: maxProbes, Accept: r.accept})
	if r.evalErr != nil {
		return nil, false, r.evalErr
	}
	c, err := r.materialize(res.Rows, nil)
	return c, len(res.Rows) < b, err
}

// ivfEfPostFilter is pgvector's own ivfflat answer (vecgres.filter_plan
// = ef_postfilter): every visible row of the probes lists, then WHERE;
// it may return fewer than k rows.
func (r *knnRun) ivfEfPostFilter(k int) ([]candidate, error) {
	probes, _ := ivfProbes(r.x.s.settings)
	res := r.s.ix.IVF.Search(r.q, vecindex.IVFSearch{K: r.s.ix.IVF.Live() + 1, Probes: probes, Accept: r.visible})
	out, err := r.materialize(res.Rows, r.p.where)
	if err != nil {
		return nil, err
	}
	return out[:min(k, len(out))], nil
}

// chooseIVFPlan is chooseFilterPlan for an ivfflat index: the scan of
// the probed lists with the filter (planTraversal), or the exact
// pre-filter plan, by cost: a scan reads about probes/lists of the rows
// (all lists: it is exact), and when those are expected to hold fewer
// than k + 1 matching rows it would fall back to the exact plan anyway.
// vecgres.filter_plan forces prefilter, ef_postfilter (pgvector's
// answer), or the list scan (traversal, postfilter).
func (s *indexScan) chooseIVFPlan(p *selectPlan, x *execCtx, e *env, k int) (filterChoice, error) {
	st := x.s.settings
	ch, err := s.estimateChoice(p, x, e)
	if err != nil {
		return ch, err
	}
	ch.ef = k
	f, isForced, err := forcedFilterPlan(st)
	if err != nil {
		return ch, err
	}
	if isForced {
		ch.plan = f
		if f == planPostFilter {
			ch.plan = planTraversal
		}
		if f == planPreFilter {
			ch.path = ch.btree()
		}
		return ch, nil
	}
	if p.where == nil || s.rest(p) == nil {
		ch.plan = planTraversal
		return ch, nil
	}
	lists := float64(s.ix.M)
	probes, maxProbes := ivfProbes(st)
	frac := min(float64(probes)/lists, 1)
	sel := max(ch.sel, 1/ch.rows)
	if need := float64(k+1) / (sel * ch.rows); need > frac {
		frac = min(need, float64(maxProbes)/lists, 1) // iterative: more lists
	}
	dims := float64(s.ix.KeyType().Typmod)
	dist := costDistBase + dims/costDistPerNs
	scanned := frac * ch.rows
	ch.visits = scanned
	ivf := lists*dist + scanned*(dist+costRow)
	pre := ch.preFilterCost(dims)
	if scanned*sel < float64(k+1) && frac < 1 {
		ivf += pre // too few matching rows in the lists: the exact plan answers after the scan
	}
	ch.plan = planPreFilter
	if ivf < pre {
		ch.plan = planTraversal
	} else {
		ch.path = ch.btree()
	}
	return ch, nil
}
