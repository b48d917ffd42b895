package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// The server's WAL segments are 64 MiB (wal.DefaultSegmentSize); the second
// one starts at LSN 64 MiB.
const (
	segendSecond    = "0000000004000000.wal"
	segendSecondLSN = 64 << 20
	segendBigNote   = 4 << 20 // bytes of text per big row: 16 fill a segment
)

// TestRecoverLastSegmentDeletedAfterCrash: the WAL records its end when it
// switches to a new segment, before any commit in that segment is
// acknowledged, so that after a SIGKILL (no checkpoint, no clean
// shutdown recorded an end) deleting the last segment is refused naming
// it, and --wal-truncate-corrupt starts with the commits of the first
// segment and logs the lost range. Before, the server started silently
// without the commits of the deleted segment.
func TestRecoverLastSegmentDeletedAfterCrash(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startServer(t, dir, "--checkpoint-interval", "-1s", "--checkpoint-wal-mb", "-1")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE t (id int PRIMARY KEY, note text)")
	second := filepath.Join(dir, segendSecond)
	switched := 0 // the big row whose commit started the second segment
	for id := 1; switched == 0; id++ {
		if id > 40 {
			t.Fatalf("no second WAL segment %s after %d commits of %d bytes", second, id-1, segendBigNote)
		}
		mustExec(t, conn, "INSERT INTO t SELECT $1::int, repeat('x', $2::int)", id, segendBigNote)
		if _, err := os.Stat(second); err == nil {
			switched = id
		}
	}
	for id := 1001; id <= 1008; id++ { // acknowledged, in the second segment
		mustExec(t, conn, "INSERT INTO t VALUES ($1, 'small')", id)
	}
	s.Kill()
	if err := os.Remove(second); err != nil {
		t.Fatal(err)
	}

	msg := dmgFailStart(t, dir)
	dmgWantAll(t, msg, "segment "+second+" missing", fmt.Sprintf("recorded end LSN %d", segendSecondLSN))

	s = startServer(t, dir, "--wal-truncate-corrupt")
	segendWantBigRows(t, s, switched-1)
	dmgWantAll(t, s.stderr.String(), "lost_from_lsn", second)
	s.Stop()
	s = startServer(t, dir) // the cut is recorded: no flag needed now
	segendWantBigRows(t, s, switched-1)
}

// segendWantBigRows asserts that s serves exactly the big rows 1..n of t.
func segendWantBigRows(t *testing.T, s *server, n int) {
	t.Helper()
	conn := s.connect(t)
	rows, err := conn.Query(testCtx(t, 60*time.Second), "SELECT id, length(note) FROM t ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for rows.Next() {
		var id, size int
		if err := rows.Scan(&id, &size); err != nil {
			t.Fatal(err)
		}
		if size != segendBigNote {
			t.Fatalf("row %d has a %d-byte note, want %d", id, size, segendBigNote)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := make([]int, n)
	for i := range want {
		want[i] = i + 1
	}
	if n < 10 || !slices.Equal(ids, want) {
		t.Fatalf("rows %v, want 1..%d (at least 10)", ids, n)
	}
}
