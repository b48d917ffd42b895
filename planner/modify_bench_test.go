package planner

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/wal"
)

// benchSession is a session over a catalog in a temporary directory whose
// WAL skips fsync: the statements' own cost, without the in-memory test
// filesystem's copy of the segment at each sync.
func benchSession(b *testing.B) *Session {
	c, err := catalog.Open(b.TempDir(), catalog.Options{WAL: wal.Options{FS: wal.OSFS{}, SegmentSize: 1 << 26, NoSync: true}})
	if err != nil {
		b.Fatalf("open: %v", err)
	}
	b.Cleanup(func() { c.Close() })
	s := NewEngine(c).NewSession(map[string]string{"user": "postgres"}).(*Session)
	b.Cleanup(s.Close)
	return s
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the process's CPU time since start per operation as
// cpu-ns/op: on a shared machine the wall-clock ns/op includes waiting
// for a core, the CPU time (every thread's, the collector's included)
// does not.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkUpdateByKey measures `UPDATE t SET x = x + 1 WHERE id = $1`,
// prepared, over a 10,000-row table with a primary key (benchSession),
// the key cycling through the rows, all in one transaction block: the
// statement's cost without a commit's wait for the WAL writer, which on
// a shared machine is mostly scheduling noise. Its cost per statement
// grows with the row versions it has made, so compare runs of one
// -benchtime Nx. It names no type of the engine contract, so
// bench/ab/modify.sh can run it in an older tree as the baseline.
func BenchmarkUpdateByKey(b *testing.B) {
	ctx := context.Background()
	s := benchSession(b)
	exec(b, s, "CREATE TABLE t (id int PRIMARY KEY, x int)")
	exec(b, s, "INSERT INTO t SELECT g, 0 FROM generate_series(1, 10000) g")
	q, err := s.Prepare("UPDATE t SET x = x + 1 WHERE id = $1", nil)
	if err != nil {
		b.Fatal(err)
	}
	exec(b, s, "BEGIN")
	defer exec(b, s, "COMMIT")
	start := cpuTime(b)
	for i := 0; b.Loop(); i++ {
		if _, err := s.Execute(ctx, q, []any{int64(i%10000 + 1)}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkDelete10k measures one DELETE of 10,000 of a fresh table's
// 20,000 rows by a sequential scan with a filter (`DELETE FROM t WHERE
// x = 0`), in autocommit (benchSession); making the table is not timed,
// and its garbage is collected before the DELETE starts, so that the
// collector's work on it is not counted in the DELETE's CPU time.
func BenchmarkDelete10k(b *testing.B) {
	s := benchSession(b)
	var used time.Duration // CPU time of the DELETEs alone
	for b.Loop() {
		b.StopTimer()
		exec(b, s, "DROP TABLE IF EXISTS t")
		exec(b, s, "CREATE TABLE t (id int PRIMARY KEY, x int)")
		exec(b, s, "INSERT INTO t SELECT g, g % 2 FROM generate_series(1, 20000) g")
		runtime.GC()
		b.StartTimer()
		start := cpuTime(b)
		if res := exec(b, s, "DELETE FROM t WHERE x = 0"); res.Tag != "DELETE 10000" {
			b.Fatalf("tag %q", res.Tag)
		}
		used += cpuTime(b) - start
	}
	b.ReportMetric(float64(used)/float64(b.N), "cpu-ns/op")
}

// BenchmarkCopyFrom100k measures one COPY FROM STDIN (text format) of
// 100,000 synthetic rows (`id int PRIMARY KEY, v vector(8), s text`) into
// a fresh table, in its own implicit transaction (benchSession); making
// the table is not timed. cpu-ns/op counts every thread's CPU time (the
// decoder goroutine's included).
func BenchmarkCopyFrom100k(b *testing.B) {
	ctx := context.Background()
	s := benchSession(b)
	var data strings.Builder
	for i := 1; i <= 100000; i++ {
		fmt.Fprintf(&data, "%d\t[%d,%d,%d,%d,%d,%d,%d,%d]\trow %d\n", i, i%7, i%11, i%13, i%17, i%19, i%23, i%29, i%31, i)
	}
	text := data.String()
	var used time.Duration // CPU time of the COPYs alone
	for b.Loop() {
		b.StopTimer()
		exec(b, s, "DROP TABLE IF EXISTS t")
		exec(b, s, "CREATE TABLE t (id int PRIMARY KEY, v vector(8), s text)")
		runtime.GC()
		b.StartTimer()
		start := cpuTime(b)
		s.BeginImplicit(false)
		p, err := s.Prepare("COPY t FROM STDIN", nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Execute(ctx, p, nil); err != nil {
			b.Fatal(err)
		}
		res, err := s.CopyFrom(ctx, p, strings.NewReader(text))
		if err != nil || res.Tag != "COPY 100000" {
			b.Fatalf("COPY: %v, %v", res, err)
		}
		if err := s.Sync(); err != nil {
			b.Fatal(err)
		}
		used += cpuTime(b) - start
	}
	b.ReportMetric(float64(used)/float64(b.N), "cpu-ns/op")
}

// BenchmarkCopyTo100k measures one COPY t TO STDOUT (text format) of
// 100,000 rows (`id int PRIMARY KEY, v vector(8), s text`) streamed to a
// writer that discards its payloads; cpu-ns/op is the process's CPU time
// per COPY.
func BenchmarkCopyTo100k(b *testing.B) {
	ctx := context.Background()
	s := benchSession(b)
	exec(b, s, "CREATE TABLE t (id int PRIMARY KEY, v vector(8), s text)")
	exec(b, s, "INSERT INTO t SELECT g, array_fill(g % 7, ARRAY[8])::vector, 'row ' || g FROM generate_series(1, 100000) g")
	p, err := s.Prepare("COPY t TO STDOUT", nil)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	start := cpuTime(b)
	for b.Loop() {
		w := &collectWriter{discard: true}
		res, err := s.ExecuteTo(ctx, p, nil, w)
		if err != nil || res.Tag != "COPY 100000" || w.n != 100000 {
			b.Fatalf("COPY: %v, %v, %d payloads", res, err, w.n)
		}
		if err := s.Sync(); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}
