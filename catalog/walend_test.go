package catalog

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/wal"
)

// TestCrashAfterCheckpointsLastSegmentDeleted: checkpoints (which prune
// WAL segments and record the end) interleaved with commits that switch
// segments; after each crash the catalog reopens with every acknowledged
// row (the end recorded at the switches never points past what replay
// finds after pruning), and with the last segment deleted it is refused
// naming that segment, or with --wal-truncate-corrupt opens with exactly
// the commits that lay wholly before it.
func TestCrashAfterCheckpointsLastSegmentDeleted(t *testing.T) {
	const segSize = 1 << 12 // openCkErr's
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	defer c.Close()
	createItems(t, c)
	id := 0
	for round := range 4 {
		if err := c.Checkpoint(); err != nil {
			t.Fatal(err)
		}
		// Commit until the log switched to a new segment after the
		// checkpoint, noting the state after each commit and where the
		// log then ended.
		type point struct {
			end   wal.LSN
			state []string
		}
		var points []point
		start := c.log.NextLSN() / segSize
		for c.log.NextLSN()/segSize == start || len(points) < 3 {
			insert(t, c, vec(id))
			id++
			points = append(points, point{c.log.NextLSN(), state(c)})
		}
		acked := points[len(points)-1].state
		crashed := fs.CrashClone()
		c2 := openCk(t, crashed.CrashClone())
		if got := state(c2); !slices.Equal(got, acked) {
			t.Fatalf("round %d: %d rows after the crash, want %d", round, len(got), len(acked))
		}
		c2.Close()

		segs := walSegments(t, crashed)
		last := segs[len(segs)-1]
		if round == 3 && segs[0] == filepath.Join("data", "0000000000000000.wal") {
			t.Fatalf("round %d: no segment pruned by the checkpoints: %v", round, segs)
		}
		if err := crashed.Remove(last); err != nil {
			t.Fatal(err)
		}
		if err := crashed.SyncDir("data"); err != nil {
			t.Fatal(err)
		}
		_, err := openCkErr(crashed.CrashClone())
		var eerr *wal.EndError
		if !errors.As(err, &eerr) || !strings.Contains(err.Error(), "segment "+last+" missing") {
			t.Fatalf("round %d, %s deleted: %v; want an EndError naming it", round, last, err)
		}
		c3, err := Open("data", Options{WAL: wal.Options{FS: crashed, SegmentSize: segSize, TruncateCorrupt: true},
			CheckpointInterval: -1, CheckpointWALBytes: -1})
		if err != nil {
			t.Fatalf("round %d with TruncateCorrupt: %v", round, err)
		}
		lastStart := eerr.Recorded
		var want []string
		for _, p := range points {
			if p.end <= lastStart {
				want = p.state
			}
		}
		if got := state(c3); !slices.Equal(got, want) {
			t.Fatalf("round %d with TruncateCorrupt: %d rows, want the %d committed before %s", round, len(got), len(want), last)
		}
		c3.Close()
	}
}

// walSegments lists the paths of the WAL segment files in the data
// directory, ascending.
func walSegments(t *testing.T, fs *wal.MemFS) []string {
	t.Helper()
	names, err := fs.List("data")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range names {
		if strings.HasSuffix(n, ".wal") {
			out = append(out, filepath.Join("data", n))
		}
	}
	slices.Sort(out)
	return out
}
