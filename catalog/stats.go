package catalog

import (
	"slices"

	"github.com/vecgres/vecgres/sql/types"
)

// Statistics gathered by ANALYZE, in the spirit of PostgreSQL's
// pg_statistic (PostgreSQL docs, "Statistics Used by the Planner").
const (
	// statsSampleRows is the most rows ANALYZE reads (a systematic sample,
	// every n-th visible row); PostgreSQL samples 300 × the statistics
	// target of 100.
	statsSampleRows = 30000
	// statsMCVs is the most most-common values kept per column.
	statsMCVs = 100
	// statsBuckets is the number of equi-depth histogram buckets.
	statsBuckets = 100
	// Automatic ANALYZE runs when more than autoAnalyzeBase +
	// autoAnalyzeScale × rows inserts and deletes happened since the last,
	// as PostgreSQL's autovacuum_analyze_threshold and _scale_factor.
	autoAnalyzeBase  = 50
	autoAnalyzeScale = 0.1
)

// Stats describes a table as of its last ANALYZE.
type Stats struct {
	Rows    float64       // visible rows
	Changes int64         // the table's change counter at that time
	Columns []ColumnStats // one per column; zero for vector columns
}

// ColumnStats describes one scalar column.
type ColumnStats struct {
	NullFrac float64 // fraction of rows that are NULL
	Distinct float64 // estimated number of distinct non-NULL values
	// MCV are the most common values, most frequent first, and MCVFreq
	// their fractions of all rows.
	MCV     []any
	MCVFreq []float64
	// Histogram holds equi-depth bucket bounds (ascending) over the
	// non-NULL values that are not in MCV; len is buckets+1, or 0.
	Histogram []any
}

// Stats returns the table's statistics, nil before the first ANALYZE.
func (t *Table) Stats() *Stats { return t.stats.Load() }

// NeedsAnalyze reports whether enough rows changed since the last ANALYZE
// (or there was none) for the planner to gather statistics again.
func (t *Table) NeedsAnalyze() bool {
	st := t.stats.Load()
	ch := t.changes.Load()
	if st == nil {
		return ch > 0 || t.Slots() > 0
	}
	return float64(ch-st.Changes) > autoAnalyzeBase+autoAnalyzeScale*st.Rows
}

// Analyze gathers statistics of t from the rows visible to a read-only
// snapshot and stores them. Schema lock held shared; concurrent calls are
// harmless (the last one stored wins).
func (c *Catalog) Analyze(t *Table) *Stats {
	changes := t.changes.Load()
	live := 0
	rt := c.ReadTxn()
	rt.Scan(t, func(uint64, []any) bool { live++; return true })
	step := max(1, (live+statsSampleRows-1)/statsSampleRows)
	sample := make([][]any, 0, min(live, statsSampleRows))
	i := 0
	rt.Scan(t, func(_ uint64, vals []any) bool {
		if i%step == 0 {
			sample = append(sample, vals)
		}
		i++
		return true
	})
	st := &Stats{Rows: float64(live), Changes: changes, Columns: make([]ColumnStats, len(t.Columns))}
	for col, cd := range t.Columns {
		if cd.Type.Kind == types.KindVector || cd.Type.Kind == types.KindHalfvec || len(sample) == 0 {
			continue
		}
		st.Columns[col] = columnStats(sample, col, float64(live))
	}
	t.stats.Store(st)
	return st
}

// columnStats computes one column's statistics from a sample of rows out
// of total.
func columnStats(sample [][]any, col int, total float64) ColumnStats {
	vals := make([]any, 0, len(sample))
	for _, r := range sample {
		if r[col] != nil {
			vals = append(vals, r[col])
		}
	}
	n := float64(len(sample))
	cs := ColumnStats{NullFrac: (n - float64(len(vals))) / n}
	if len(vals) == 0 {
		return cs
	}
	slices.SortFunc(vals, types.Compare)
	type group struct {
		v     any
		count int
	}
	var groups []group
	for _, v := range vals {
		if len(groups) > 0 && types.Compare(groups[len(groups)-1].v, v) == 0 {
			groups[len(groups)-1].count++
			continue
		}
		groups = append(groups, group{v, 1})
	}
	cs.Distinct = estimateDistinct(len(vals), groups2counts(groups, func(g group) int { return g.count }), total*(1-cs.NullFrac))
	byCount := slices.Clone(groups)
	slices.SortStableFunc(byCount, func(a, b group) int { return b.count - a.count })
	avg := float64(len(vals)) / float64(len(groups))
	for i, g := range byCount {
		if i >= statsMCVs || (len(groups) > statsMCVs && (g.count < 2 || float64(g.count) < 1.25*avg)) {
			break
		}
		cs.MCV = append(cs.MCV, g.v)
		cs.MCVFreq = append(cs.MCVFreq, float64(g.count)/n)
	}
	var rest []any
	if len(cs.MCV) < len(groups) {
		mcv := map[string]bool{} // by types.AppendKey: a Datum may be unhashable (jsonb, arrays, bytea)
		var key []byte
		for _, v := range cs.MCV {
			key = types.AppendKey(key[:0], v)
			mcv[string(key)] = true
		}
		for _, v := range vals {
			if key = types.AppendKey(key[:0], v); !mcv[string(key)] {
				rest = append(rest, v)
			}
		}
	}
	if len(rest) >= 2 {
		b := min(statsBuckets, len(rest)-1)
		for i := 0; i <= b; i++ {
			cs.Histogram = append(cs.Histogram, rest[i*(len(rest)-1)/b])
		}
	}
	return cs
}

func groups2counts[G any](gs []G, count func(G) int) []int {
	out := make([]int, len(gs))
	for i, g := range gs {
		out[i] = count(g)
	}
	return out
}

// estimateDistinct scales the distinct count of a sample of n non-NULL
// values up to total rows with the Haas-Stokes estimator
// n·d / (n − f1 + f1·n/total) (Haas & Stokes 1998; PostgreSQL's
// analyze.c), f1 being the values seen once.
func estimateDistinct(n int, counts []int, total float64) float64 {
	d := float64(len(counts))
	if float64(n) >= total {
		return d
	}
	f1 := 0.0
	for _, c := range counts {
		if c == 1 {
			f1++
		}
	}
	if f1 == d { // all unique in the sample: assume unique
		return total
	}
	nf := float64(n)
	est := nf * d / (nf - f1 + f1*nf/total)
	return min(max(est, d), total)
}
