package tests

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// workMemDetail is the end of the 53200 DETAIL under --work-mem-limit 64.
const workMemDetail = ": the statement's rows held in memory passed vecgres.work_mem_limit (64MB)."

// procKB reads a "Name:   N kB" line of /proc/pid/status (VmRSS, VmHWM).
func procKB(t *testing.T, pid int, name string) int64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+":"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, v, err)
			}
			return n
		}
	}
	t.Skipf("no %s in /proc/%d/status", name, pid)
	return 0
}

// resetPeakRSS sets pid's VmHWM to its current resident size (Linux
// clear_refs "5", proc(5)), so that VmHWM is the peak from now on.
func resetPeakRSS(t *testing.T, pid int) {
	t.Helper()
	if err := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0); err != nil {
		t.Skipf("cannot reset the peak resident size: %v", err)
	}
}

// TestWorkMemLimitServerLives: statements whose rows would not fit in
// memory (an ORDER BY over a 300,000-row table, a 100 GB result of
// repeat('x', 1000000) over generate_series(1, 100000), sorted) grew the server
// until the kernel killed it (issue 11). Under --work-mem-limit 64 each
// fails with 53200 `out of memory`, its DETAIL naming
// vecgres.work_mem_limit, while a second session's SELECT 1 answers; the
// session goes on, SET raises the limit for a session, and the server's
// peak resident memory (VmHWM) stays within a small multiple of the
// limit above what it held before. count(*) and ORDER BY ... LIMIT 1 over
// the same rows answer under the limit.
func TestWorkMemLimitServerLives(t *testing.T) {
	s := startServer(t, "", "--work-mem-limit", "64")
	a, b := s.connect(t), s.connect(t)
	ctx := testCtx(t, 5*time.Minute)
	var show string
	if err := a.QueryRow(ctx, "SHOW vecgres.work_mem_limit").Scan(&show); err != nil || show != "64MB" {
		t.Fatalf("SHOW vecgres.work_mem_limit = %q, %v; want 64MB", show, err)
	}
	// Loading 300,000 rows by INSERT ... SELECT holds them: a session
	// may raise its own limit.
	mustExec(t, b, "SET vecgres.work_mem_limit = '1GB'")
	mustExec(t, b, "CREATE TABLE wide (id int PRIMARY KEY, t text)")
	mustExec(t, b, "INSERT INTO wide SELECT g, repeat('x', 100) || g FROM generate_series(1, 300000) g")
	mustExec(t, b, "RESET vecgres.work_mem_limit")
	answersOne(t, a)
	resetPeakRSS(t, s.cmd.Process.Pid)
	base := procKB(t, s.cmd.Process.Pid, "VmRSS")

	for _, q := range []string{
		"SELECT id, t FROM wide ORDER BY t DESC",
		// Sorted, so held: without ORDER BY the rows stream to the
		// client as produced and hold nothing (stream_memory_test.go).
		"SELECT repeat('x', 1000000) FROM generate_series(1, 100000) ORDER BY 1",
	} {
		errc := make(chan error, 1)
		go func() {
			rows, err := a.Query(ctx, q)
			if err == nil {
				for rows.Next() {
				}
				rows.Close()
				err = rows.Err()
			}
			errc <- err
		}()
		answersOne(t, b) // another session answers meanwhile
		pe := wantCode(t, <-errc, "53200")
		if pe.Message != "out of memory" || !strings.HasSuffix(pe.Detail, workMemDetail) {
			t.Errorf("%s: %q DETAIL %q", q, pe.Message, pe.Detail)
		}
		answersOne(t, a)
		answersOne(t, b)
	}
	hwm := procKB(t, s.cmd.Process.Pid, "VmHWM")
	t.Logf("resident memory before the refused statements %d MB, peak %d MB", base>>10, hwm>>10)
	if grew := hwm - base; grew > 4*64<<10 {
		t.Fatalf("peak resident memory grew %d MB over %d MB, more than 4 × the 64MB limit", grew>>10, base>>10)
	}
	// The rows are still there; an aggregate and an ORDER BY ... LIMIT
	// over all of them hold only their result under the limit.
	var n int64
	if err := a.QueryRow(ctx, "SELECT count(*) FROM wide").Scan(&n); err != nil || n != 300000 {
		t.Fatalf("count(*) = %d, %v; want 300000", n, err)
	}
	if err := a.QueryRow(ctx, "SELECT id FROM wide ORDER BY t DESC LIMIT 1").Scan(&n); err != nil || n != 99999 {
		t.Fatalf("ORDER BY t DESC LIMIT 1 = %d, %v; want 99999", n, err)
	}
}
