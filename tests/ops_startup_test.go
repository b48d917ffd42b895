package tests

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// runToExit runs vecgres with args until it exits by itself and returns
// its standard error and exit error (the 60 s limit only stops a hang).
func runToExit(t *testing.T, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, vecgresBinary(t), args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("vecgres %v did not exit: %s", args, stderr.String())
	}
	return stderr.String(), err
}

// dirContents maps every file under dir but the lock file to a hash of
// its contents.
func dirContents(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "vecgres.lock" {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// crashedDataDir returns a data directory whose WAL holds commits after
// its snapshot: what a start-up replays and its shutdown checkpoints.
func crashedDataDir(t *testing.T) string {
	t.Helper()
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE t (id int PRIMARY KEY, note text)")
	mustExec(t, conn, "INSERT INTO t SELECT g, 'row ' || g FROM generate_series(1, 100) g")
	s.Kill()
	return s.DataDir
}

// TestPortTakenLeavesDataDirUntouched: with the listen address (or the
// debug endpoints' address) taken, the server exits non-zero with "address
// already in use" before it reads or writes the data directory. Before, it
// replayed the WAL, served nobody, and its shutdown wrote a new snapshot.
func TestPortTakenLeavesDataDirUntouched(t *testing.T) {
	for _, flag := range []string{"--listen", "--debug-listen"} {
		t.Run(flag, func(t *testing.T) {
			dir := crashedDataDir(t)
			before := dirContents(t, dir)
			taken, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer taken.Close()
			args := []string{"--listen", "127.0.0.1:0", "--data-dir", dir, flag, taken.Addr().String()}
			stderr, err := runToExit(t, args...)
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Fatalf("exit: %v, want status 1; stderr:\n%s", err, stderr)
			}
			if !strings.Contains(stderr, "address already in use") {
				t.Fatalf("stderr does not say the address is in use:\n%s", stderr)
			}
			for _, never := range []string{"recovery complete", "checkpoint complete"} {
				if strings.Contains(stderr, never) {
					t.Fatalf("stderr has %q although the port was taken:\n%s", never, stderr)
				}
			}
			after := dirContents(t, dir)
			if fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("data directory changed:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}

// TestSecondServerNamesLockHolder: a second server on a data directory in
// use exits non-zero naming the PID of the one holding it.
func TestSecondServerNamesLockHolder(t *testing.T) {
	s := startServer(t, "")
	stderr, err := runToExit(t, "--listen", "127.0.0.1:0", "--data-dir", s.DataDir)
	if err == nil {
		t.Fatalf("second server on %s started", s.DataDir)
	}
	want := fmt.Sprintf("is in use by another vecgres process (PID %d, lock file", s.cmd.Process.Pid)
	if !strings.Contains(stderr, want) {
		t.Fatalf("stderr does not contain %q:\n%s", want, stderr)
	}
}

// logLine returns the one line of log containing msg="<msg>", or fails.
func logLine(t *testing.T, log, msg string) string {
	t.Helper()
	var found []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "msg=\""+msg+"\"") || strings.Contains(l, "msg="+msg+" ") {
			found = append(found, l)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d log lines with msg %q, want 1:\n%s", len(found), msg, log)
	}
	return found[0]
}

// TestStartupAndShutdownLog: start-up logs the version, data directory and
// settings, then what recovery did (snapshot LSN, WAL bytes and records
// replayed, seconds); shutdown logs "vecgres stopped" after the final
// checkpoint. Before, the start-up log had only the address and data
// directory, and "vecgres stopped" came before the shutdown checkpoint.
func TestStartupAndShutdownLog(t *testing.T) {
	dir := crashedDataDir(t) // commits in the WAL, no snapshot
	s := startServer(t, dir, "--synchronous-commit", "off", "--checkpoint-wal-mb", "64")
	conn := s.connect(t)
	if n := queryIDs(t, conn, "SELECT count(*) FROM t"); n[0] != 100 {
		t.Fatalf("rows after recovery: %d", n[0])
	}
	mustExec(t, conn, "INSERT INTO t VALUES (101, 'after')")
	s.Stop()
	log := s.stderr.String()

	start := logLine(t, log, "vecgres starting")
	for _, field := range []string{"version=", "data_dir=" + dir, "listen=127.0.0.1:0", "synchronous_commit=off",
		"checkpoint_wal_mb=64", "checkpoint_interval=5m0s", "wal_truncate_corrupt=false", "tls=false",
		fmt.Sprintf("pid=%d", s.cmd.Process.Pid)} {
		if !strings.Contains(start, field) {
			t.Errorf("start-up line lacks %s: %s", field, start)
		}
	}
	rec := logLine(t, log, "recovery complete")
	m := regexp.MustCompile(`snapshot_lsn=(\d+) .*wal_replayed_bytes=(\d+) wal_replayed_records=(\d+) wal_replay_seconds=[0-9.e-]+ seconds=[0-9.e-]+ tables=(\d+) row_versions=(\d+) indexes_catching_up=0 index_rows_pending=0$`).
		FindStringSubmatch(rec)
	if m == nil {
		t.Fatalf("recovery line lacks its fields: %s", rec)
	}
	// No snapshot yet; the WAL holds four records: the initial role,
	// CREATE TABLE, and the INSERT's data and commit records.
	if m[1] != "0" || m[2] == "0" || m[3] != "4" {
		t.Fatalf("recovery line: snapshot_lsn %s, bytes %s, records %s; want 0, >0, 4: %s", m[1], m[2], m[3], rec)
	}
	if m[4] != "1" || m[5] != "100" {
		t.Fatalf("recovery line: tables %s, row_versions %s; want 1, 100: %s", m[4], m[5], rec)
	}
	ckpt := strings.Index(log, `msg="checkpoint complete"`)
	stopped := strings.Index(log, `msg="vecgres stopped"`)
	if ckpt < 0 || stopped < 0 || stopped < ckpt {
		t.Fatalf("want the shutdown checkpoint logged before \"vecgres stopped\":\n%s", log)
	}
}
