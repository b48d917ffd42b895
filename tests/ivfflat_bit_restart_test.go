package tests

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"testing"
)

// TestIVFFlatBitCrashRestart builds an ivfflat bit_hamming_ops index
// (8 lists) on 200 bit(64) rows, checkpoints, inserts 200 more, creates a
// second one on the expression binary_quantize(v)::bit(4) that only the
// WAL holds, kills the server with SIGKILL and restarts it: both serve
// ORDER BY ... <~> ... LIMIT (EXPLAIN shows the index), and with every
// list probed the lists alone (vecgres.filter_plan = ef_postfilter) give
// exactly the brute-force Hamming order (ties by id, the order of the
// rows' slots here) of every live row.
func TestIVFFlatBitCrashRestart(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE bi (id bigint PRIMARY KEY, b bit(64), v vector(4))")
	words := make([]uint64, 400)
	for i := range words {
		words[i] = uint64(i+1) * 0x9e3779b97f4a7c15
	}
	insert := func(from, to int) {
		for i := from; i < to; i++ {
			mustExec(t, conn, fmt.Sprintf("INSERT INTO bi VALUES (%d, B'%064b', '[%d,%d,-1,1]')", i+1, words[i], i%3-1, i%5-2))
		}
	}
	insert(0, 200)
	mustExec(t, conn, "CREATE INDEX bi_b ON bi USING ivfflat (b bit_hamming_ops) WITH (lists = 8)")
	mustExec(t, conn, "CHECKPOINT")
	insert(200, 400)
	mustExec(t, conn, "CREATE INDEX bi_q ON bi USING ivfflat ((binary_quantize(v)::bit(4)) bit_hamming_ops) WITH (lists = 2)")
	conn.Close(context.Background())
	s.Kill()

	s = startServer(t, dataDir)
	conn = vectorConn(t, s)
	defer conn.Close(context.Background())
	q := uint64(0x0123456789abcdef)
	lit := fmt.Sprintf("B'%064b'", q)
	requireIndexScan(t, conn, "SELECT id FROM bi ORDER BY b <~> "+lit+" LIMIT 10", "bi_b")
	requireIndexScan(t, conn, "SELECT id FROM bi ORDER BY binary_quantize(v)::bit(4) <~> B'1011' LIMIT 10", "bi_q")
	mustExec(t, conn, "SET ivfflat.probes = 8")
	mustExec(t, conn, "SET vecgres.filter_plan = ef_postfilter")
	ids := make([]int64, len(words))
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	slices.SortStableFunc(ids, func(a, b int64) int {
		return bits.OnesCount64(words[a-1]^q) - bits.OnesCount64(words[b-1]^q)
	})
	if got := queryIDs(t, conn, "SELECT id FROM bi ORDER BY b <~> "+lit+" LIMIT 1000"); !slices.Equal(got, ids) {
		t.Fatalf("lists after restart give %d rows %v..., want %v...", len(got), got[:min(10, len(got))], ids[:10])
	}
	mustExec(t, conn, "SET ivfflat.probes = 2")
	if got := queryIDs(t, conn, "SELECT id FROM bi ORDER BY binary_quantize(v)::bit(4) <~> B'1011' LIMIT 1000"); len(got) != len(words) {
		t.Fatalf("expression index lists hold %d rows, want %d", len(got), len(words))
	}
}
