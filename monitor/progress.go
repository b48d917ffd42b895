package monitor

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
)

// CREATE INDEX phases as pg_stat_progress_create_index shows them
// (PostgreSQL docs table 28.38; an access method's own phases are
// "building index: " and its name: pgvector's hnsw.c and ivfflat.c,
// PostgreSQL's nbtree for the B-tree ones).
const (
	PhaseInitializing   = "initializing"
	PhaseWaitWriters    = "waiting for writers before build"
	PhaseBuildInit      = "building index: initializing"
	PhaseScanTable      = "building index: scanning table"
	PhaseSortTuples     = "building index: sorting live tuples"
	PhaseKMeans         = "building index: performing k-means"
	PhaseAssignTuples   = "building index: assigning tuples"
	PhaseLoadTuples     = "building index: loading tuples"
	PhaseWaitOldReaders = "waiting for old snapshots"
)

// IndexBuild is the progress of one running CREATE INDEX or REINDEX.
// Its identity fields are set before StartIndexBuild; the counters are
// atomics the build updates as it goes.
type IndexBuild struct {
	PID      int32  // the building backend's pid; 0 when none
	Database string // datname
	RelID    uint32 // the table's OID
	Index    string // the index's name, for the metrics' label
	Command  string // "CREATE INDEX", "CREATE INDEX CONCURRENTLY", "REINDEX"

	IndexRelID  atomic.Uint32 // the index's OID; 0 until it is assigned
	phase       atomic.Pointer[string]
	TuplesTotal atomic.Int64
	TuplesDone  atomic.Int64
}

// IndexBuildRow is a copy of an IndexBuild.
type IndexBuildRow struct {
	PID                             int32
	Database, Index, Command, Phase string
	RelID, IndexRelID               uint32
	TuplesTotal, TuplesDone         int64
}

var builds = struct {
	sync.Mutex
	list []*IndexBuild
}{}

// StartIndexBuild lists b (in phase "initializing") until the returned
// function is called; b.PID and b.Database come from ctx's Backend when
// unset.
func StartIndexBuild(ctx context.Context, b *IndexBuild) (end func()) {
	if be := BackendOf(ctx); be != nil && b.PID == 0 {
		b.PID, b.Database = be.PID, be.Database
	}
	b.SetPhase(PhaseInitializing)
	builds.Lock()
	builds.list = append(builds.list, b)
	builds.Unlock()
	return func() {
		builds.Lock()
		builds.list = slices.DeleteFunc(builds.list, func(x *IndexBuild) bool { return x == b })
		builds.Unlock()
	}
}

// SetPhase sets b's phase (one of the Phase constants). b may be nil.
func (b *IndexBuild) SetPhase(p string) {
	if b != nil {
		b.phase.Store(&p)
	}
}

// AddTotal adds n to tuples_total; b may be nil.
func (b *IndexBuild) AddTotal(n int) {
	if b != nil {
		b.TuplesTotal.Add(int64(n))
	}
}

// Done returns the tuples_done counter for the build to add to, or nil
// for a nil b.
func (b *IndexBuild) Done() *atomic.Int64 {
	if b == nil {
		return nil
	}
	return &b.TuplesDone
}

// IndexBuilds returns the running builds, oldest first.
func IndexBuilds() []IndexBuildRow {
	builds.Lock()
	defer builds.Unlock()
	out := make([]IndexBuildRow, len(builds.list))
	for i, b := range builds.list {
		out[i] = IndexBuildRow{PID: b.PID, Database: b.Database, Index: b.Index, Command: b.Command,
			Phase: *b.phase.Load(), RelID: b.RelID, IndexRelID: b.IndexRelID.Load(),
			TuplesTotal: b.TuplesTotal.Load(), TuplesDone: b.TuplesDone.Load()}
	}
	return out
}

type buildKey struct{}

// WithIndexBuild returns ctx carrying b, for the catalog's build passes.
func WithIndexBuild(ctx context.Context, b *IndexBuild) context.Context {
	return context.WithValue(ctx, buildKey{}, b)
}

// IndexBuildOf returns the IndexBuild ctx carries, or nil.
func IndexBuildOf(ctx context.Context) *IndexBuild {
	b, _ := ctx.Value(buildKey{}).(*IndexBuild)
	return b
}

// Copy is the progress of one running COPY (pg_stat_progress_copy).
type Copy struct {
	PID      int32
	Database string
	RelID    uint32
	Command  string // "COPY FROM" or "COPY TO"
	Type     string // "PIPE" (STDIN/STDOUT), "FILE"

	BytesProcessed  atomic.Int64
	TuplesProcessed atomic.Int64
	TuplesExcluded  atomic.Int64
}

// CopyRow is a copy of a Copy.
type CopyRow struct {
	PID                                             int32
	Database, Command, Type                         string
	RelID                                           uint32
	BytesProcessed, TuplesProcessed, TuplesExcluded int64
}

var copies = struct {
	sync.Mutex
	list []*Copy
}{}

// StartCopy lists c until the returned function is called; c.PID and
// c.Database come from ctx's Backend when unset.
func StartCopy(ctx context.Context, c *Copy) (end func()) {
	if be := BackendOf(ctx); be != nil && c.PID == 0 {
		c.PID, c.Database = be.PID, be.Database
	}
	copies.Lock()
	copies.list = append(copies.list, c)
	copies.Unlock()
	return func() {
		copies.Lock()
		copies.list = slices.DeleteFunc(copies.list, func(x *Copy) bool { return x == c })
		copies.Unlock()
	}
}

// Copies returns the running COPY commands, oldest first.
func Copies() []CopyRow {
	copies.Lock()
	defer copies.Unlock()
	out := make([]CopyRow, len(copies.list))
	for i, c := range copies.list {
		out[i] = CopyRow{PID: c.PID, Database: c.Database, Command: c.Command, Type: c.Type, RelID: c.RelID,
			BytesProcessed: c.BytesProcessed.Load(), TuplesProcessed: c.TuplesProcessed.Load(),
			TuplesExcluded: c.TuplesExcluded.Load()}
	}
	return out
}

// progressCollector exports the running builds as
// vecgres_index_build_tuples_{done,total}{index, phase}.
type progressCollector struct{}

var (
	buildDoneDesc = prometheus.NewDesc("vecgres_index_build_tuples_done",
		"Rows indexed so far by a running CREATE INDEX or REINDEX.", []string{"index", "phase"}, nil)
	buildTotalDesc = prometheus.NewDesc("vecgres_index_build_tuples_total",
		"Rows a running CREATE INDEX or REINDEX will index.", []string{"index", "phase"}, nil)
)

func (progressCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- buildDoneDesc
	ch <- buildTotalDesc
}

func (progressCollector) Collect(ch chan<- prometheus.Metric) {
	for _, b := range IndexBuilds() {
		ch <- prometheus.MustNewConstMetric(buildDoneDesc, prometheus.GaugeValue, float64(b.TuplesDone), b.Index, b.Phase)
		ch <- prometheus.MustNewConstMetric(buildTotalDesc, prometheus.GaugeValue, float64(b.TuplesTotal), b.Index, b.Phase)
	}
}

func init() { Registry.MustRegister(progressCollector{}) }
