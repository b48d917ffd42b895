package tests

import (
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// scrape returns the text of /metrics at addr.
func scrape(t *testing.T, addr string) string {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatalf("scrape: %v", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape: status %d, %v", resp.StatusCode, err)
	}
	return string(body)
}

// metricValue returns the value of the sample whose name and labels
// match re (a regexp of the part before the value), and whether there
// is one.
func metricValue(text, re string) (float64, bool) {
	m := regexp.MustCompile(`(?m)^` + re + ` ([0-9.e+-]+)$`).FindStringSubmatch(text)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	return v, err == nil
}

// TestMetricsShowBuildProgress scrapes /metrics while an HNSW index is
// built and sees vecgres_index_build_tuples_done move towards
// vecgres_index_build_tuples_total (the table's rows), while
// pg_stat_progress_create_index shows the same build to SQL; after the
// build, the statement counters count it. Before, /metrics had only the
// Go runtime's and the process's metrics and the view was always empty.
func TestMetricsShowBuildProgress(t *testing.T) {
	debug := freeAddr(t)
	s := startServer(t, "", "--debug-listen", debug)
	conn, watcher := vectorConn(t, s), s.connect(t)
	const n, dim = 20000, 16
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(16))")
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	copyVectors(t, conn, "items", ids, syntheticVectors(7, n, dim))
	done := execAsync(t, conn, "CREATE INDEX items_embedding_idx ON items USING hnsw (embedding vector_l2_ops)")

	const doneRe = `vecgres_index_build_tuples_done\{index="items_embedding_idx",phase="building index: loading tuples"\}`
	const totalRe = `vecgres_index_build_tuples_total\{index="items_embedding_idx",phase="building index: loading tuples"\}`
	seen := map[float64]bool{}
	var viewRows int
	for finished := false; !finished; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("CREATE INDEX: %v", err)
			}
			finished = true
			continue
		default:
		}
		text := scrape(t, debug)
		if d, ok := metricValue(text, doneRe); ok {
			if total, _ := metricValue(text, totalRe); total != n || d > n {
				t.Fatalf("tuples done %v of total %v, want a total of %d", d, total, n)
			}
			seen[d] = true
		}
		var phase string
		var total, tdone int64
		err := watcher.QueryRow(testCtx(t, 10*time.Second), "SELECT phase, tuples_total, tuples_done "+
			"FROM pg_stat_progress_create_index WHERE relid = 'items'::regclass AND command = 'CREATE INDEX'").Scan(&phase, &total, &tdone)
		if err == nil {
			viewRows++
			if phase != "building index: loading tuples" && phase != "initializing" || total > n || tdone > total {
				t.Fatalf("pg_stat_progress_create_index: %q %d of %d", phase, tdone, total)
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(seen) < 2 {
		t.Fatalf("tuples_done took %d distinct values during the build (%v), want it to move", len(seen), seen)
	}
	if viewRows == 0 {
		t.Fatal("pg_stat_progress_create_index never showed the build")
	}
	text := scrape(t, debug)
	if _, ok := metricValue(text, doneRe); ok {
		t.Error("the finished build is still listed in /metrics")
	}
	if v, _ := metricValue(text, `vecgres_statements_total\{kind="CREATE INDEX",sqlstate_class="00"\}`); v != 1 {
		t.Errorf("vecgres_statements_total for CREATE INDEX = %v, want 1", v)
	}
	if v, _ := metricValue(text, `vecgres_rows_total\{kind="COPY"\}`); v != n {
		t.Errorf("vecgres_rows_total for COPY = %v, want %d", v, n)
	}
	mustExec(t, conn, "DELETE FROM items WHERE id <= 10")
	queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 5", pgvector.NewVector(make([]float32, dim)))
	text = scrape(t, debug)
	for _, c := range []struct {
		re   string
		want float64
	}{
		{`vecgres_index_nodes\{index="items_embedding_idx",method="hnsw",table="items"\}`, n},
		{`vecgres_index_tombstones\{index="items_embedding_idx",method="hnsw",table="items"\}`, 10},
		{`vecgres_table_live_rows\{table="items"\}`, n - 10},
		{`vecgres_table_dead_rows\{table="items"\}`, 10},
		{`vecgres_knn_duration_seconds_count\{plan="graph"\}`, 1},
		{`vecgres_knn_duration_seconds_count\{plan="exact"\}`, 0},
		{`vecgres_sessions\{state="idle"\}`, 2},
		{`vecgres_sessions\{state="active"\}`, 0},
	} {
		if v, ok := metricValue(text, c.re); !ok || v != c.want {
			t.Errorf("%s = %v (%v), want %v", c.re, v, ok, c.want)
		}
	}
	if v, ok := metricValue(text, `vecgres_wal_bytes_total`); !ok || v == 0 {
		t.Errorf("vecgres_wal_bytes_total = %v (%v), want the WAL written", v, ok)
	}
}

// gatedRows is a pgx.CopyFromSource of n rows (id, id) that stops after
// the first gate rows until release is closed.
type gatedRows struct {
	i, n, gate int
	release    chan struct{}
}

func (g *gatedRows) Next() bool {
	if g.i == g.gate {
		<-g.release
	}
	g.i++
	return g.i <= g.n
}
func (g *gatedRows) Values() ([]any, error) { return []any{int64(g.i), int64(g.i)}, nil }
func (g *gatedRows) Err() error             { return nil }

// TestProgressCopy: while a COPY FROM STDIN runs, pg_stat_progress_copy
// shows its pid, table, command, type, and bytes and tuples processed so
// far; it is gone once the COPY ends. Before, the view did not exist.
func TestProgressCopy(t *testing.T) {
	s := startServer(t, "")
	conn, watcher := s.connect(t), s.connect(t)
	mustExec(t, conn, "CREATE TABLE cp (a bigint, b bigint)")
	src := &gatedRows{n: 5000, gate: 3000, release: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		_, err := conn.CopyFrom(testCtx(t, 60*time.Second), pgx.Identifier{"cp"}, []string{"a", "b"}, src)
		done <- err
	}()
	pid := conn.PgConn().PID()
	var command, typ string
	var relOK bool
	var bytes, tuples int64
	waitFor(t, "the COPY's first batches", func() bool {
		err := watcher.QueryRow(testCtx(t, 10*time.Second), "SELECT command, type, relid = 'cp'::regclass::oid, "+
			"bytes_processed, tuples_processed FROM pg_stat_progress_copy WHERE pid = $1", pid).Scan(
			&command, &typ, &relOK, &bytes, &tuples)
		return err == nil && tuples >= 2048
	})
	if command != "COPY FROM" || typ != "PIPE" || !relOK || tuples > 3000 || bytes == 0 {
		t.Errorf("progress: %q %q relid ok %v, %d bytes, %d tuples", command, typ, relOK, bytes, tuples)
	}
	close(src.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var n int64
	if err := watcher.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM pg_stat_progress_copy").Scan(&n); err != nil || n != 0 {
		t.Fatalf("COPYs listed after the end: %d, %v", n, err)
	}
}

// gatedWriter blocks its first Write until release is closed.
type gatedWriter struct {
	release chan struct{}
	n       int
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	<-g.release
	g.n += len(p)
	return len(p), nil
}

// TestProgressCopyTo: a COPY TO STDOUT that a slow client holds up shows
// in pg_stat_progress_copy (command COPY TO, its table, rows and bytes
// sent so far) until it ends.
func TestProgressCopyTo(t *testing.T) {
	s := startServer(t, "")
	conn, watcher := s.connect(t), s.connect(t)
	mustExec(t, conn, "CREATE TABLE ct (id int, pad text)")
	mustExec(t, conn, "INSERT INTO ct SELECT g, repeat('x', 200) FROM generate_series(1, 50000) g")
	w := &gatedWriter{release: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		_, err := conn.PgConn().CopyTo(testCtx(t, 60*time.Second), w, "COPY ct TO STDOUT")
		done <- err
	}()
	pid := conn.PgConn().PID()
	var command string
	var relOK bool
	var bytes, tuples int64
	waitFor(t, "the COPY TO to send rows", func() bool {
		err := watcher.QueryRow(testCtx(t, 10*time.Second), "SELECT command, relid = 'ct'::regclass::oid, "+
			"bytes_processed, tuples_processed FROM pg_stat_progress_copy WHERE pid = $1", pid).Scan(&command, &relOK, &bytes, &tuples)
		return err == nil && tuples > 0
	})
	if command != "COPY TO" || !relOK || bytes < tuples*200 || tuples >= 50000 {
		t.Errorf("progress: %q relid ok %v, %d bytes, %d tuples", command, relOK, bytes, tuples)
	}
	close(w.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var n int64
	if err := watcher.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM pg_stat_progress_copy").Scan(&n); err != nil || n != 0 {
		t.Fatalf("COPYs listed after the end: %d, %v", n, err)
	}
}
