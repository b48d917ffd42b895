package catalog

import (
	"sync/atomic"

	"github.com/vecgres/vecgres/monitor"
)

// TableAccess counts a table's reads and writes since start-up, as
// PostgreSQL's cumulative statistics (docs 28.2.18, pg_stat_all_tables):
// the planner counts scans, the Txn writes (aborted ones included, as
// PostgreSQL's n_tup_ins). Not persisted: they restart at zero.
type TableAccess struct {
	SeqScan, SeqTupRead, IdxScan, IdxTupFetch atomic.Int64
	TupIns, TupUpd, TupDel                    atomic.Int64
}

// IndexAccess counts an index's scans (pg_stat_all_indexes): scans,
// entries read and rows fetched through it.
type IndexAccess struct {
	IdxScan, IdxTupRead, IdxTupFetch atomic.Int64
}

// VersionCounts returns t's live row versions (not deleted, not aborted)
// and dead ones (deleted by a committed transaction, or aborted) still
// held. Schema lock held shared; O(rows).
func (c *Catalog) VersionCounts(t *Table) (live, dead int64) {
	for s := range t.Slots() {
		if c.mayBeLive(t.version(s)) {
			live++
		} else {
			dead++
		}
	}
	return live, dead
}

// MonitorStats is the catalog's figures for /metrics (monitor.Stats):
// per index its memory, nodes and tombstones, per table its live and dead
// row versions, and memory by structure. It takes the schema lock shared.
func (c *Catalog) MonitorStats() monitor.Stats {
	c.mu.RLock()
	defer c.mu.RUnlock()
	st := monitor.Stats{Memory: map[string]int64{"rows": 0, "graphs": 0, "codes": 0, "btree": 0}}
	for _, t := range c.Tables() {
		live, dead := c.VersionCounts(t)
		st.Tables = append(st.Tables, monitor.TableStat{Name: t.Name, Live: live, Dead: dead})
		st.Memory["rows"] += c.TableBytes(t)
		for _, ix := range c.TableIndexes(t) {
			st.Indexes = append(st.Indexes, indexStat(ix, st.Memory))
		}
	}
	return st
}

// indexStat is ix's monitor.IndexStat; it adds ix's memory to mem.
func indexStat(ix *Index, mem map[string]int64) monitor.IndexStat {
	is := monitor.IndexStat{Name: ix.Name, Table: ix.Table.Name, Method: string(ix.Method), Bytes: ix.Bytes()}
	switch {
	case ix.Graph != nil:
		v, g := ix.Graph.MemoryBytes()
		mem["codes"] += v
		mem["graphs"] += g
		is.Nodes = int64(ix.Graph.Len())
		is.Tombstones = int64(ix.Graph.Len() - ix.Graph.Live())
	case ix.IVF != nil:
		v, o := ix.IVF.MemoryBytes()
		mem["codes"] += v + o
		is.Nodes = int64(ix.IVF.Live())
	case ix.BTree != nil:
		mem["btree"] += is.Bytes
		is.Nodes = int64(ix.BTree.Len())
	default:
		mem["btree"] += is.Bytes
		is.Nodes = int64(ix.Table.Slots())
	}
	return is
}
