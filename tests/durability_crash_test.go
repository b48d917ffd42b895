package tests

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestDurabilityCheckpointCrash is TestCrashRecovery (crash_test.go, whose
// writers, ledger and checks it reuses) with checkpoints running all the
// time (every 100 ms and every MiB of WAL), so that the SIGKILLs land
// before, during and after checkpoints: while a snapshot is written, between
// its rename and CURRENT, and while old WAL segments are removed. Every
// fifth cycle ends with a clean shutdown instead (which writes a
// checkpoint). After each restart: every acknowledged row is present with
// its values, no rolled-back row is, transactions are all or nothing, and
// the HNSW index (read from the snapshot) answers like an exact scan; the
// data directory holds CURRENT and at most two snapshots.
// VECGRES_DURABILITY_KILLS sets the number of cycles (default 25: 20
// SIGKILLs and 5 clean shutdowns, the minimum of 20 kills per run).
func TestDurabilityCheckpointCrash(t *testing.T) {
	t.Parallel()
	cycles := 25
	if v := os.Getenv("VECGRES_DURABILITY_KILLS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("VECGRES_DURABILITY_KILLS=%q: want a positive integer", v)
		}
		cycles = n
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 4))
	dataDir := t.TempDir()
	flags := []string{"--checkpoint-interval", "100ms", "--checkpoint-wal-mb", "1"}
	ledger := &crashLedger{attempted: map[int64]string{}, acked: map[int64]bool{}, rolledBack: map[int64]bool{}}

	s := startServer(t, dataDir, flags...)
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, category text, embedding vector(3))")
	mustExec(t, conn, "CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)")
	conn.Close(context.Background())

	kills := 0
	for cycle := range cycles {
		var killing atomic.Bool
		wait := startCrashWriters(t, s, ledger, cycle, &killing)
		time.Sleep(time.Duration(60+rng.IntN(400)) * time.Millisecond)
		killing.Store(true)
		if cycle%5 == 4 {
			s.Stop()
		} else {
			s.Kill()
			kills++
		}
		if acked := wait(); acked == 0 {
			t.Fatalf("cycle %d: no write was acknowledged", cycle)
		}
		s = startServer(t, dataDir, flags...)
		checkCrashRows(t, s, ledger, cycle)
		checkIndexMatchesExact(t, s)
		checkSnapshotDir(t, dataDir, cycle)
		if ents, err := os.ReadDir(dataDir); err == nil && testing.Verbose() {
			names := []string{}
			for _, e := range ents {
				names = append(names, e.Name())
			}
			t.Logf("cycle %d: data directory %v", cycle, names)
		}
	}
	if _, err := os.Stat(dataDir + "/CURRENT"); err != nil {
		t.Errorf("no checkpoint completed in %d cycles: %v", cycles, err)
	}
	t.Logf("%d SIGKILLs, %d clean shutdowns", kills, cycles-kills)
}

// checkSnapshotDir asserts the data directory holds CURRENT naming an
// existing snapshot, and at most two snapshot directories besides
// temporary ones a running checkpoint may be writing.
func checkSnapshotDir(t *testing.T, dir string, cycle int) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	snaps := map[string]bool{}
	for _, e := range ents {
		if n := e.Name(); strings.HasPrefix(n, "snapshot.") && !strings.HasSuffix(n, ".tmp") {
			snaps[n] = true
		}
	}
	cur, err := os.ReadFile(dir + "/CURRENT")
	if err != nil {
		if len(snaps) == 0 {
			return // no checkpoint has completed yet
		}
		t.Fatalf("cycle %d: snapshots %v but no CURRENT: %v", cycle, snaps, err)
	}
	if name := strings.TrimSuffix(string(cur), "\n"); !snaps[name] {
		t.Errorf("cycle %d: CURRENT names %q, snapshots are %v", cycle, name, snaps)
	}
	if len(snaps) > 3 { // live, previous, and one a running checkpoint just renamed
		t.Errorf("cycle %d: %d snapshots kept: %v", cycle, len(snaps), snaps)
	}
}
