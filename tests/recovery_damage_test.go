package tests

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Damage to a stopped server's data directory, and what the next start
// must do: start and serve every acknowledged commit, or refuse with an
// error naming the damaged file or segment, or (with
// --wal-truncate-corrupt) start with the committed prefix. Every server
// uses 64 MiB WAL segments, so the WAL is one segment:
// 0000000000000000.wal.

const dmgFirstSegment = "0000000000000000.wal"

// dmgNote is the text column of row id: long enough that the first run's
// ten commits fill more than two 4 KiB pages of WAL.
func dmgNote(id int) string { return fmt.Sprintf("%04d", id) + strings.Repeat("n", 1000) }

// dmgCommit inserts rows from..to of table t, one commit each.
func dmgCommit(t *testing.T, s *server, from, to int) {
	t.Helper()
	conn := s.connect(t)
	for id := from; id <= to; id++ {
		mustExec(t, conn, "INSERT INTO t VALUES ($1, $2)", id, dmgNote(id))
	}
}

// dmgWantRows asserts that s serves exactly rows 1..n of t with their notes.
func dmgWantRows(t *testing.T, s *server, n int) {
	t.Helper()
	conn := s.connect(t)
	rows, err := conn.Query(testCtx(t, 30*time.Second), "SELECT id, note FROM t ORDER BY id")
	if err != nil {
		t.Fatalf("SELECT: %v", err)
	}
	var got []int
	for rows.Next() {
		var id int
		var note string
		if err := rows.Scan(&id, &note); err != nil {
			t.Fatal(err)
		}
		if note != dmgNote(id) {
			t.Fatalf("row %d has note %.10q...", id, note)
		}
		got = append(got, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := make([]int, n)
	for i := range want {
		want[i] = i + 1
	}
	if !slices.Equal(got, want) {
		t.Fatalf("rows %v, want 1..%d", got, n)
	}
}

// dmgPrefixRows returns n when s serves exactly rows 1..n of t for some n in
// [lo, hi], and fails the test otherwise.
func dmgPrefixRows(t *testing.T, s *server, lo, hi int) int {
	t.Helper()
	ids := queryIDs(t, s.connect(t), "SELECT id::bigint FROM t ORDER BY id")
	for i, id := range ids {
		if id != int64(i+1) {
			t.Fatalf("rows %v: not a prefix 1..n of the commits", ids)
		}
	}
	if len(ids) < lo || len(ids) > hi {
		t.Fatalf("rows %v: want 1..n with %d <= n <= %d", ids, lo, hi)
	}
	return len(ids)
}

// dmgTwoRuns makes a data directory whose first run committed rows 1..10 and
// stopped cleanly (snapshot s1), and whose second run committed rows
// 11..18 and either stopped cleanly (snapshot s2, s1 kept as the previous
// one) or was killed (s2 = 0). Without a second run (second false) s2 = 0.
func dmgTwoRuns(t *testing.T, second, kill bool) (dir string, s1, s2 string) {
	t.Helper()
	dir = t.TempDir()
	s := startServer(t, dir)
	mustExec(t, s.connect(t), "CREATE TABLE t (id int PRIMARY KEY, note text)")
	dmgCommit(t, s, 1, 10)
	s.Stop()
	s1 = dmgCurrent(t, dir)
	if !second {
		return dir, s1, ""
	}
	s = startServer(t, dir)
	dmgCommit(t, s, 11, 18)
	if kill {
		s.Kill()
		return dir, s1, ""
	}
	s.Stop()
	s2 = dmgCurrent(t, dir)
	if s2 == s1 {
		t.Fatalf("the second run wrote no snapshot")
	}
	return dir, s1, s2
}

// dmgCurrent returns the snapshot directory name CURRENT holds.
func dmgCurrent(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "CURRENT"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

// dmgSnapLSN is the LSN a snapshot directory name holds.
func dmgSnapLSN(t *testing.T, name string) int64 {
	t.Helper()
	v, err := strconv.ParseInt(strings.TrimPrefix(name, "snapshot."), 16, 64)
	if err != nil {
		t.Fatalf("snapshot name %q: %v", name, err)
	}
	return v
}

// dmgEdit applies edit to the bytes of path.
func dmgEdit(t *testing.T, path string, edit func([]byte)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edit(b)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// dmgRowsFile returns the path of the one rows file of snapshot snap.
func dmgRowsFile(t *testing.T, dir, snap string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, snap, "rows.*"))
	if err != nil || len(m) != 1 {
		t.Fatalf("rows files of %s: %v %v", snap, m, err)
	}
	return m[0]
}

// dmgFailStart runs vecgres over dir and expects it to exit with an error
// before it listens; it returns what it wrote to stderr.
func dmgFailStart(t *testing.T, dir string, args ...string) string {
	t.Helper()
	args = append([]string{"--listen", "127.0.0.1:0", "--data-dir", dir}, args...)
	cmd := exec.Command(vecgresBinary(t), args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedWriter
	stderr.b = &strings.Builder{}
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan bool, 1)
	go func() {
		started := false
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "listening on") && !started {
				started = true
				cmd.Process.Kill()
			}
		}
		listening <- started
	}()
	done := make(chan error, 1)
	go func() { started := <-listening; err := cmd.Wait(); done <- err; listening <- started }()
	select {
	case err := <-done:
		if <-listening {
			t.Fatalf("vecgres started; want a refusal. stderr:\n%s", stderr.String())
		}
		if err == nil {
			t.Fatalf("vecgres exited cleanly; want a refusal. stderr:\n%s", stderr.String())
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("vecgres neither started nor exited within 60 s; stderr:\n%s", stderr.String())
	}
	return stderr.String()
}

// dmgWantAll fails unless text contains every one of parts.
func dmgWantAll(t *testing.T, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Fatalf("want %q in:\n%s", p, text)
		}
	}
}

// TestRecoverWALDamageCoveredBySnapshot: damage to WAL bytes the live
// snapshot already covers never stops start-up (recovery reads the WAL
// only from the snapshot's LSN on), and no flag is needed.
func TestRecoverWALDamageCoveredBySnapshot(t *testing.T) {
	t.Parallel()
	t.Run("bit flip before the snapshot LSN, later commits, SIGKILL", func(t *testing.T) {
		dir, _, _ := dmgTwoRuns(t, true, true)
		dmgEdit(t, filepath.Join(dir, dmgFirstSegment), func(b []byte) { b[40] ^= 0x10 })
		dmgWantRows(t, startServer(t, dir), 18)
	})
	t.Run("bit flip in the last record after a clean stop", func(t *testing.T) {
		dir, s1, _ := dmgTwoRuns(t, false, false)
		end := dmgSnapLSN(t, s1)
		dmgEdit(t, filepath.Join(dir, dmgFirstSegment), func(b []byte) { b[end-3] ^= 0x01 })
		dmgWantRows(t, startServer(t, dir), 10)
	})
	t.Run("zeroed page after a clean stop", func(t *testing.T) {
		dir, s1, _ := dmgTwoRuns(t, false, false)
		if end := dmgSnapLSN(t, s1); end <= 8192 {
			t.Fatalf("snapshot LSN %d: no WAL record follows the page zeroed", end)
		}
		dmgEdit(t, filepath.Join(dir, dmgFirstSegment), func(b []byte) { clear(b[4096:8192]) })
		dmgWantRows(t, startServer(t, dir), 10)
	})
	t.Run("every segment deleted after a clean stop", func(t *testing.T) {
		dir, _, _ := dmgTwoRuns(t, true, false)
		if err := os.Remove(filepath.Join(dir, dmgFirstSegment)); err != nil {
			t.Fatal(err)
		}
		s := startServer(t, dir)
		dmgWantRows(t, s, 18)
		dmgCommit(t, s, 19, 20) // into the new segment, replayed after the kill
		s.Kill()
		dmgWantRows(t, startServer(t, dir), 20)
	})
	t.Run("CURRENT deleted and the WAL damaged, with --wal-truncate-corrupt", func(t *testing.T) {
		dir, _, s2 := dmgTwoRuns(t, true, false)
		if err := os.Remove(filepath.Join(dir, "CURRENT")); err != nil {
			t.Fatal(err)
		}
		dmgEdit(t, filepath.Join(dir, dmgFirstSegment), func(b []byte) { b[40] ^= 0x10 })
		s := startServer(t, dir, "--wal-truncate-corrupt")
		dmgWantRows(t, s, 18)
		s.Stop()
		if got := dmgCurrent(t, dir); got != s2 {
			t.Fatalf("CURRENT names %s, want the newest snapshot %s", got, s2)
		}
		dmgWantRows(t, startServer(t, dir), 18)
	})
}

// TestRecoverTruncatedSegment: a WAL segment cut short is refused by name
// (not as a wrong segment size); --wal-truncate-corrupt starts with the
// commits before the cut; after a clean stop a cut the snapshot covers
// needs no flag.
func TestRecoverTruncatedSegment(t *testing.T) {
	t.Parallel()
	t.Run("after SIGKILL, cut among the later commits", func(t *testing.T) {
		dir, s1, _ := dmgTwoRuns(t, true, true)
		seg := filepath.Join(dir, dmgFirstSegment)
		cut := dmgSnapLSN(t, s1) + 3*1050 // within the second run's commits
		if err := os.Truncate(seg, cut); err != nil {
			t.Fatal(err)
		}
		msg := dmgFailStart(t, dir)
		dmgWantAll(t, msg, seg, "cut short", strconv.FormatInt(cut, 10))
		if strings.Contains(msg, "segment size") {
			t.Fatalf("the refusal blames the segment size:\n%s", msg)
		}
		s := startServer(t, dir, "--wal-truncate-corrupt")
		n := dmgPrefixRows(t, s, 10, 17)
		s.Kill()
		dmgWantRows(t, startServer(t, dir), n)
	})
	t.Run("after a clean stop, cut before the snapshot LSN", func(t *testing.T) {
		dir, _, _ := dmgTwoRuns(t, true, false)
		if err := os.Truncate(filepath.Join(dir, dmgFirstSegment), 4096); err != nil {
			t.Fatal(err)
		}
		s := startServer(t, dir)
		dmgWantRows(t, s, 18)
		dmgCommit(t, s, 19, 19)
		s.Kill()
		dmgWantRows(t, startServer(t, dir), 19)
	})
}

// TestRecoverSnapshotFileFromOtherSnapshot: every snapshot file carries its
// snapshot's LSN; a rows file carried over from the previous snapshot is
// damage: the previous snapshot and the WAL after it are used instead
// (serving all 18 rows, not the old file's 10), or without a previous
// snapshot start-up is refused naming the file.
func TestRecoverSnapshotFileFromOtherSnapshot(t *testing.T) {
	t.Parallel()
	swap := func(t *testing.T) (dir, s1, s2, path string) {
		dir, s1, s2 = dmgTwoRuns(t, true, false)
		old, err := os.ReadFile(dmgRowsFile(t, dir, s1))
		if err != nil {
			t.Fatal(err)
		}
		path = dmgRowsFile(t, dir, s2)
		if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		return dir, s1, s2, path
	}
	t.Run("previous snapshot kept", func(t *testing.T) {
		dir, _, _, path := swap(t)
		s := startServer(t, dir)
		dmgWantRows(t, s, 18)
		dmgWantAll(t, s.stderr.String(), path, "another snapshot")
	})
	t.Run("no previous snapshot", func(t *testing.T) {
		dir, s1, s2, path := swap(t)
		if err := os.RemoveAll(filepath.Join(dir, s1)); err != nil {
			t.Fatal(err)
		}
		msg := dmgFailStart(t, dir)
		dmgWantAll(t, msg, path, "another snapshot", fmt.Sprintf("LSN %d", dmgSnapLSN(t, s1)), s2)
	})
}

// TestRecoverRecordedEnd: the end of the WAL is recorded at each
// checkpoint and clean shutdown (wal.end); a WAL that ends before it is
// refused naming the missing segment and both LSNs, and
// --wal-truncate-corrupt starts with what is left.
func TestRecoverRecordedEnd(t *testing.T) {
	t.Parallel()
	t.Run("live snapshot damaged and the WAL deleted", func(t *testing.T) {
		// The fallback to the previous snapshot needs the WAL after it,
		// which held the second run's 8 commits.
		dir, s1, s2 := dmgTwoRuns(t, true, false)
		dmgEdit(t, dmgRowsFile(t, dir, s2), func(b []byte) { b[len(b)/2] ^= 0x40 })
		seg := filepath.Join(dir, dmgFirstSegment)
		if err := os.Remove(seg); err != nil {
			t.Fatal(err)
		}
		msg := dmgFailStart(t, dir)
		dmgWantAll(t, msg, fmt.Sprintf("the WAL ends at LSN %d before the recorded end LSN %d", dmgSnapLSN(t, s1), dmgSnapLSN(t, s2)),
			seg+" missing")
		s := startServer(t, dir, "--wal-truncate-corrupt")
		dmgWantRows(t, s, 10)
		dmgWantAll(t, s.stderr.String(), "lost_from_lsn")
	})
	t.Run("WAL deleted after SIGKILL", func(t *testing.T) {
		// Only a clean shutdown records that nothing followed its end.
		dir, s1, _ := dmgTwoRuns(t, true, true)
		seg := filepath.Join(dir, dmgFirstSegment)
		if err := os.Remove(seg); err != nil {
			t.Fatal(err)
		}
		msg := dmgFailStart(t, dir)
		dmgWantAll(t, msg, seg, "segment missing", fmt.Sprintf("LSN %d", dmgSnapLSN(t, s1)))
		s := startServer(t, dir, "--wal-truncate-corrupt")
		dmgWantRows(t, s, 10)
	})
}
