package monitor

import (
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
)

// IndexStat is one index's figures at a scrape.
type IndexStat struct {
	Name       string // schema-qualified when not in public
	Table      string
	Method     string // "btree", "hnsw", "ivfflat"
	Bytes      int64  // approximate memory held
	Nodes      int64  // graph nodes (HNSW), vectors (IVFFlat) or entries (B-tree)
	Tombstones int64  // deleted nodes still in the graph (HNSW); 0 otherwise
}

// TableStat is one table's row versions at a scrape.
type TableStat struct {
	Name       string
	Live, Dead int64
}

// Stats is what the catalog reports at a scrape. Memory is bytes by
// structure: "rows", "graphs" (HNSW nodes and links), "codes"
// (quantized or IVFFlat vectors), "btree".
type Stats struct {
	Indexes []IndexStat
	Tables  []TableStat
	Memory  map[string]int64
}

// statsSource is the function the catalog set with SetStatsSource.
var statsSource atomic.Pointer[func() Stats]

// SetStatsSource makes f the source of the per-index, per-table and
// memory gauges; f is called at each scrape and must be safe to call
// concurrently with everything else (it takes the catalog's locks).
func SetStatsSource(f func() Stats) { statsSource.Store(&f) }

var (
	indexBytesDesc = prometheus.NewDesc("vecgres_index_bytes", "Approximate memory an index holds.",
		[]string{"index", "table", "method"}, nil)
	indexNodesDesc = prometheus.NewDesc("vecgres_index_nodes",
		"Nodes of an HNSW graph, vectors of an IVFFlat index, entries of a B-tree.", []string{"index", "table", "method"}, nil)
	indexTombDesc = prometheus.NewDesc("vecgres_index_tombstones",
		"Deleted nodes an HNSW graph still holds.", []string{"index", "table", "method"}, nil)
	tableLiveDesc = prometheus.NewDesc("vecgres_table_live_rows", "Live row versions of a table.", []string{"table"}, nil)
	tableDeadDesc = prometheus.NewDesc("vecgres_table_dead_rows", "Dead row versions a table still holds.", []string{"table"}, nil)
	memoryDesc    = prometheus.NewDesc("vecgres_memory_bytes",
		"Approximate memory held, by structure (rows, graphs, codes, btree).", []string{"structure"}, nil)
)

type statsCollector struct{}

func (statsCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{indexBytesDesc, indexNodesDesc, indexTombDesc, tableLiveDesc, tableDeadDesc, memoryDesc} {
		ch <- d
	}
}

func (statsCollector) Collect(ch chan<- prometheus.Metric) {
	f := statsSource.Load()
	if f == nil {
		return
	}
	s := (*f)()
	gauge := func(d *prometheus.Desc, v int64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v), labels...)
	}
	for _, ix := range s.Indexes {
		gauge(indexBytesDesc, ix.Bytes, ix.Name, ix.Table, ix.Method)
		gauge(indexNodesDesc, ix.Nodes, ix.Name, ix.Table, ix.Method)
		gauge(indexTombDesc, ix.Tombstones, ix.Name, ix.Table, ix.Method)
	}
	for _, t := range s.Tables {
		gauge(tableLiveDesc, t.Live, t.Name)
		gauge(tableDeadDesc, t.Dead, t.Name)
	}
	for k, v := range s.Memory {
		gauge(memoryDesc, v, k)
	}
}

func init() { Registry.MustRegister(statsCollector{}) }
