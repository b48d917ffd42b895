package planner

import "github.com/vecgres/vecgres/catalog"

// Scan counters of pg_stat_all_tables and pg_stat_all_indexes
// (catalog.TableAccess, catalog.IndexAccess), counted as the scans run.

// countSeqScan counts one sequential scan of t that read rows rows.
func countSeqScan(t *catalog.Table, rows int64) {
	t.Access.SeqScan.Add(1)
	t.Access.SeqTupRead.Add(rows)
}

// countIndexScan counts one scan of ix on t that fetched rows rows.
func countIndexScan(t *catalog.Table, ix *catalog.Index, rows int) {
	t.Access.IdxScan.Add(1)
	t.Access.IdxTupFetch.Add(int64(rows))
	if ix != nil {
		ix.Access.IdxScan.Add(1)
		ix.Access.IdxTupRead.Add(int64(rows))
		ix.Access.IdxTupFetch.Add(int64(rows))
	}
}

// countPathScan counts a B-tree scan of t through ps (one or more
// indexes, OR-ed) reading entries entries.
func countPathScan(t *catalog.Table, ps *pathScan, entries int) {
	t.Access.IdxScan.Add(1)
	t.Access.IdxTupFetch.Add(int64(entries))
	ps.each(func(ix *catalog.Index, n int) {
		ix.Access.IdxScan.Add(1)
		ix.Access.IdxTupRead.Add(int64(n))
		ix.Access.IdxTupFetch.Add(int64(n))
	})
}

// each calls fn with every index ps reads and the entries it reads of
// it (pathScan.count).
func (ps *pathScan) each(fn func(ix *catalog.Index, n int)) {
	if ps.ix != nil {
		fn(ps.ix, ps.count)
	}
	for _, p := range ps.parts {
		p.each(fn)
	}
}
