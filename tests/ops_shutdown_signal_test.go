package tests

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSecondSignalDuringShutdownCheckpoint: a SIGTERM that arrives while
// the shutdown checkpoint is being written (a wrapper such as timeout(1)
// signalling both vecgres and its process group, or Ctrl-C twice) does not
// kill the server: it finishes the checkpoint, logs "vecgres stopped" and
// exits 0. Before, the signal handler was dropped when the listener closed,
// so the second SIGTERM killed the process mid-checkpoint (no "vecgres
// stopped", a wal.end.tmp left behind, the next start a crash recovery).
func TestSecondSignalDuringShutdownCheckpoint(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE big (id int PRIMARY KEY, pad text)")
	// About 60 MB of rows, so the shutdown snapshot takes a while to write.
	mustExec(t, conn, "INSERT INTO big SELECT g, repeat('x', 2000) FROM generate_series(1, 30000) g")
	s.cmd.Process.Signal(syscall.SIGTERM)
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(s.stderr.String(), `msg="vecgres shutting down"`) {
		if time.Now().After(deadline) {
			t.Fatalf("no shutdown logged:\n%s", s.stderr)
		}
		time.Sleep(time.Millisecond)
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(60 * time.Second):
		s.Kill()
		t.Fatalf("vecgres did not stop:\n%s", s.stderr)
	}
	if st := s.cmd.ProcessState; !st.Exited() || st.ExitCode() != 0 {
		t.Fatalf("vecgres ended with %v, want exit status 0:\n%s", s.cmd.ProcessState, s.stderr)
	}
	log := s.stderr.String()
	if !strings.Contains(log, `msg="checkpoint complete"`) || !strings.Contains(log, `msg="vecgres stopped"`) {
		t.Fatalf("want the shutdown checkpoint and \"vecgres stopped\" logged:\n%s", log)
	}
}
