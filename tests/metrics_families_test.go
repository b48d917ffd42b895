package tests

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestMetricsEveryFamily: after a table with an HNSW index is written,
// queried, checkpointed and a reader has waited for a lock (and given
// up, lock_timeout), /metrics holds a sample of every vecgres_* family
// README's Metrics paragraph lists, with a value that shows the event
// (issue 16's list: statements, latencies, k-NN plans, sessions, lock
// waits, WAL bytes, fsyncs and group commits, checkpoints, recovery,
// per-index size, memory by structure); the server log has the HNSW
// build's start and its end with its duration, and the build sent the
// client no NOTICE.
func TestMetricsEveryFamily(t *testing.T) {
	debug := freeAddr(t)
	s := startServer(t, "", "--debug-listen", debug)
	a, b := vectorConn(t, s), vectorConn(t, s)
	mustExec(t, a, "CREATE TABLE mt (id int PRIMARY KEY, e vector(2))")
	mustExec(t, a, "INSERT INTO mt SELECT g, ARRAY[g, g]::vector FROM generate_series(1, 50) g")
	cfg, err := pgx.ParseConfig(s.DSN())
	if err != nil {
		t.Fatal(err)
	}
	var notices []string
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { notices = append(notices, n.Message) }
	quiet, err := pgx.ConnectConfig(testCtx(t, 10*time.Second), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer quiet.Close(context.Background())
	mustExec(t, quiet, "CREATE INDEX ON mt USING hnsw (e vector_l2_ops)")
	if len(notices) > 0 {
		t.Errorf("CREATE INDEX sent notices %q, want none (PostgreSQL's default: progress is in pg_stat_progress_create_index)", notices)
	}
	mustExec(t, a, "SELECT id FROM mt ORDER BY e <-> '[1,1]' LIMIT 3")
	mustExec(t, a, "CHECKPOINT")
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "LOCK TABLE mt IN ACCESS EXCLUSIVE MODE")
	mustExec(t, b, "SET lock_timeout = '100ms'")
	_, err = b.Exec(testCtx(t, 10*time.Second), "SELECT count(*) FROM mt")
	wantCode(t, err, "55P03")
	mustExec(t, a, "COMMIT")
	text := scrape(t, debug)
	for _, c := range []struct {
		re  string
		min float64
	}{
		{`vecgres_statement_duration_seconds_count\{kind="SELECT"\}`, 1},
		{`vecgres_statements_total\{kind="SELECT",sqlstate_class="55"\}`, 1},
		{`vecgres_knn_duration_seconds_count\{plan="graph"\}`, 1},
		{`vecgres_rows_total\{kind="INSERT"\}`, 50},
		{`vecgres_sessions\{state="idle"\}`, 2},
		{`vecgres_sessions_waiting`, 0},
		{`vecgres_lock_waits_total\{wait_event="relation"\}`, 1},
		{`vecgres_wal_bytes_total`, 1},
		{`vecgres_wal_fsync_duration_seconds_count`, 1},
		{`vecgres_wal_group_commit_size_count`, 1},
		{`vecgres_checkpoints_total`, 1},
		{`vecgres_checkpoint_duration_seconds_count`, 1},
		{`vecgres_checkpoint_bytes_total`, 1},
		{`vecgres_recovery_duration_seconds`, 0},
		{`vecgres_index_bytes\{index="mt_e_idx",method="hnsw",table="mt"\}`, 1},
		{`vecgres_index_nodes\{index="mt_e_idx",method="hnsw",table="mt"\}`, 50},
		{`vecgres_table_live_rows\{table="mt"\}`, 50},
		{`vecgres_memory_bytes\{structure="rows"\}`, 1},
		{`vecgres_memory_bytes\{structure="graphs"\}`, 1},
	} {
		if v, ok := metricValue(text, c.re); !ok || v < c.min {
			t.Errorf("%s = %v (present %v), want at least %v", c.re, v, ok, c.min)
		}
	}
	log := s.stderr.String()
	for _, re := range []string{`msg="index build started" index=mt_e_idx table=mt method=hnsw`,
		`msg="index build complete" index=mt_e_idx table=mt method=hnsw tuples=50 seconds=[0-9.e-]+`} {
		if !regexp.MustCompile(re).MatchString(log) {
			t.Errorf("the log lacks %s:\n%s", re, log)
		}
	}
}
