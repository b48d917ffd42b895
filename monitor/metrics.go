package monitor

import "github.com/prometheus/client_golang/prometheus"

// Latency buckets in seconds: 100 µs to about 100 s, ×~3 per step.
var secondsBuckets = []float64{1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3, 1, 3, 10, 30, 100}

// Statement metrics (stmt.go resolves their children per kind).
var (
	statementsTotal = factory.NewCounterVec(prometheus.CounterOpts{
		Name: "vecgres_statements_total",
		Help: "Statements executed, by kind (command tag) and SQLSTATE class (00 for success).",
	}, []string{"kind", "sqlstate_class"})
	statementSeconds = factory.NewHistogramVec(prometheus.HistogramOpts{
		Name: "vecgres_statement_duration_seconds", Help: "Statement execution time, by kind.",
		Buckets: secondsBuckets,
	}, []string{"kind"})
	rowsReturned = factory.NewCounterVec(prometheus.CounterOpts{
		Name: "vecgres_rows_total", Help: "Rows returned or affected (the command tag's count), by kind.",
	}, []string{"kind"})
	knnSeconds = factory.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "vecgres_knn_duration_seconds",
		Help:    "Execution time of statements answered by a k-NN plan, by plan (pre_filter, graph, post_filter, exact).",
		Buckets: secondsBuckets,
	}, []string{"plan"})
)

// Session and lock metrics.
var (
	// Sessions is the number of client sessions, by state (active,
	// idle, idle in transaction, ...); activity.go keeps it.
	sessions = factory.NewGaugeVec(prometheus.GaugeOpts{
		Name: "vecgres_sessions", Help: "Client sessions by pg_stat_activity state.",
	}, []string{"state"})
	// WaitingSessions is the number of sessions waiting for a lock.
	WaitingSessions = factory.NewGauge(prometheus.GaugeOpts{
		Name: "vecgres_sessions_waiting", Help: "Sessions waiting for a lock now.",
	})
	lockWaits = factory.NewCounterVec(prometheus.CounterOpts{
		Name: "vecgres_lock_waits_total", Help: "Waits for a lock, by wait_event (relation, transactionid).",
	}, []string{"wait_event"})
)

// WAL, checkpoint and recovery metrics; catalog reports them.
var (
	// WALBytes counts bytes appended to the WAL.
	WALBytes = factory.NewCounter(prometheus.CounterOpts{
		Name: "vecgres_wal_bytes_total", Help: "Bytes written to the write-ahead log.",
	})
	// WALFsyncSeconds is the time of each WAL fsync.
	WALFsyncSeconds = factory.NewHistogram(prometheus.HistogramOpts{
		Name: "vecgres_wal_fsync_duration_seconds", Help: "Time of one WAL fsync.", Buckets: secondsBuckets,
	})
	// GroupCommitSize is the number of commits one WAL fsync made durable.
	GroupCommitSize = factory.NewHistogram(prometheus.HistogramOpts{
		Name: "vecgres_wal_group_commit_size", Help: "Transactions made durable by one WAL fsync.",
		Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128},
	})
	// Checkpoints counts completed checkpoints.
	Checkpoints = factory.NewCounter(prometheus.CounterOpts{
		Name: "vecgres_checkpoints_total", Help: "Checkpoints completed.",
	})
	// CheckpointSeconds is the time of each checkpoint.
	CheckpointSeconds = factory.NewHistogram(prometheus.HistogramOpts{
		Name: "vecgres_checkpoint_duration_seconds", Help: "Time of one checkpoint.", Buckets: secondsBuckets,
	})
	// CheckpointBytes counts bytes written to snapshot directories.
	CheckpointBytes = factory.NewCounter(prometheus.CounterOpts{
		Name: "vecgres_checkpoint_bytes_total", Help: "Bytes written by checkpoints (snapshot files).",
	})
	// RecoverySeconds is how long the last start-up's recovery took.
	RecoverySeconds = factory.NewGauge(prometheus.GaugeOpts{
		Name: "vecgres_recovery_duration_seconds", Help: "Time the last start-up spent loading the snapshot and replaying the WAL.",
	})
)
