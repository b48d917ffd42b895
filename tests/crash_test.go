package tests

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
	pgxvector "github.com/pgvector/pgvector-go/pgx"
)

// crashEmbedding is the embedding every writer gives row id (its category
// names the loop, writer and kind of write): derived from id alone, so any
// row read back can be checked whether or not it was acknowledged.
func crashEmbedding(id int64) []float32 {
	r := rand.New(rand.NewPCG(uint64(id), 99))
	return []float32{r.Float32()*200 - 100, r.Float32()*200 - 100, r.Float32()*200 - 100}
}

// crashLedger records, across kill/restart cycles, which ids were written,
// which writes the server acknowledged and which were rolled back.
type crashLedger struct {
	mu         sync.Mutex
	nextID     atomic.Int64
	attempted  map[int64]string // id -> category
	acked      map[int64]bool
	rolledBack map[int64]bool
	txns       [][]int64 // ids of each multi-row transaction that was to commit
}

func (l *crashLedger) newIDs(n int, category string) []int64 {
	ids := make([]int64, n)
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range ids {
		ids[i] = l.nextID.Add(1)
		l.attempted[ids[i]] = category
	}
	return ids
}

func (l *crashLedger) mark(set map[int64]bool, ids []int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, id := range ids {
		set[id] = true
	}
}

// TestCrashRecovery kills the server with SIGKILL while writers insert,
// restarts it on the same data directory, and checks that every
// acknowledged row is there with its exact values, that no rolled-back row
// is, and that the HNSW index built before the first crash answers
// ORDER BY queries like an exact scan. VECGRES_CRASH_LOOPS sets the number
// of kill/restart cycles (default 3).
func TestCrashRecovery(t *testing.T) {
	t.Parallel()
	loops := 3
	if v := os.Getenv("VECGRES_CRASH_LOOPS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("VECGRES_CRASH_LOOPS=%q: want a positive integer", v)
		}
		loops = n
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	dataDir := t.TempDir()
	ledger := &crashLedger{attempted: map[int64]string{}, acked: map[int64]bool{}, rolledBack: map[int64]bool{}}

	s := startServer(t, dataDir)
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, category text, embedding vector(3))")
	mustExec(t, conn, "CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)")
	conn.Close(context.Background())

	for loop := range loops {
		var killing atomic.Bool
		wait := startCrashWriters(t, s, ledger, loop, &killing)
		time.Sleep(time.Duration(150+rng.IntN(600)) * time.Millisecond)
		killing.Store(true)
		s.Kill()
		acked := wait()
		t.Logf("loop %d: %d writes acknowledged before SIGKILL", loop, acked)
		if acked == 0 {
			t.Fatalf("loop %d: no write was acknowledged before the kill", loop)
		}
		s = startServer(t, dataDir)
		checkCrashRows(t, s, ledger, loop)
		checkIndexMatchesExact(t, s)
	}
}

// startCrashWriters starts six writers on s (four inserting single rows
// in autocommit mode, two running three-row transactions, every third one
// rolled back) once all are connected, and returns a function that waits
// for them and returns the number of acknowledged writes. Writers run
// until their first error, so the caller's SIGKILL lands while writes are
// in flight; an error before killing is set fails the test.
func startCrashWriters(t *testing.T, s *server, l *crashLedger, loop int, killing *atomic.Bool) (wait func() int64) {
	t.Helper()
	var acked atomic.Int64
	start := make(chan struct{})
	var ready, done sync.WaitGroup
	writer := func(w int, multi bool) {
		defer done.Done()
		conn, err := pgx.Connect(context.Background(), s.DSN())
		if err == nil {
			err = pgxvector.RegisterTypes(context.Background(), conn)
		}
		ready.Done()
		if err != nil {
			t.Errorf("writer %d: %v", w, err)
			return
		}
		defer conn.Close(context.Background())
		<-start
		ctx := context.Background()
		for i := 0; ; i++ {
			var err error
			if !multi {
				err = insertAutocommit(ctx, conn, l, fmt.Sprintf("l%d-w%d-single", loop, w))
			} else {
				err = insertTransaction(ctx, conn, l, fmt.Sprintf("l%d-w%d-tx", loop, w), i%3 == 2)
			}
			if err != nil {
				if !killing.Load() {
					t.Errorf("loop %d writer %d failed before the kill: %v", loop, w, err)
				}
				return
			}
			acked.Add(1)
		}
	}
	for w := range 6 {
		ready.Add(1)
		done.Add(1)
		go writer(w, w >= 4)
	}
	ready.Wait()
	close(start)
	return func() int64 { done.Wait(); return acked.Load() }
}

// insertAutocommit inserts one row outside a transaction block and marks
// it acknowledged when the server confirms.
func insertAutocommit(ctx context.Context, conn *pgx.Conn, l *crashLedger, category string) error {
	ids := l.newIDs(1, category)
	_, err := conn.Exec(ctx, "INSERT INTO items (id, category, embedding) VALUES ($1, $2, $3)",
		ids[0], category, pgvector.NewVector(crashEmbedding(ids[0])))
	if err == nil {
		l.mark(l.acked, ids)
	}
	return err
}

// insertTransaction inserts three rows in one transaction and commits it
// (acknowledged when COMMIT returns) or rolls it back (its rows must never
// appear, whether or not the ROLLBACK was answered).
func insertTransaction(ctx context.Context, conn *pgx.Conn, l *crashLedger, category string, rollback bool) error {
	if rollback {
		category += "-rollback"
	}
	ids := l.newIDs(3, category)
	l.mu.Lock()
	if rollback {
		for _, id := range ids {
			l.rolledBack[id] = true
		}
	} else {
		l.txns = append(l.txns, ids)
	}
	l.mu.Unlock()
	if _, err := conn.Exec(ctx, "BEGIN"); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := conn.Exec(ctx, "INSERT INTO items (id, category, embedding) VALUES ($1, $2, $3)",
			id, category, pgvector.NewVector(crashEmbedding(id))); err != nil {
			return err
		}
	}
	if rollback {
		_, err := conn.Exec(ctx, "ROLLBACK")
		return err
	}
	tag, err := conn.Exec(ctx, "COMMIT")
	if err == nil && tag.String() == "COMMIT" {
		l.mark(l.acked, ids)
	} else if err == nil {
		return fmt.Errorf("COMMIT answered %q", tag)
	}
	return err
}

// checkCrashRows reads every row after a restart and checks it against
// the ledger.
func checkCrashRows(t *testing.T, s *server, l *crashLedger, loop int) {
	t.Helper()
	conn := vectorConn(t, s)
	rows, err := conn.Query(testCtx(t, 30*time.Second), "SELECT id, category, embedding FROM items")
	if err != nil {
		t.Fatalf("loop %d after restart: %v", loop, err)
	}
	present := map[int64]bool{}
	for rows.Next() {
		var id int64
		var cat string
		var v pgvector.Vector
		if err := rows.Scan(&id, &cat, &v); err != nil {
			t.Fatalf("loop %d: scan: %v", loop, err)
		}
		if present[id] {
			t.Errorf("loop %d: id %d appears twice", loop, id)
		}
		present[id] = true
		l.mu.Lock()
		wantCat, attempted := l.attempted[id]
		rolledBack := l.rolledBack[id]
		l.mu.Unlock()
		switch {
		case !attempted:
			t.Errorf("loop %d: id %d was never written", loop, id)
		case rolledBack:
			t.Errorf("loop %d: id %d (%s) was rolled back but is present", loop, id, cat)
		case cat != wantCat || !slices.Equal(v.Slice(), crashEmbedding(id)):
			t.Errorf("loop %d: id %d = (%q, %v), want (%q, %v)", loop, id, cat, v.Slice(), wantCat, crashEmbedding(id))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("loop %d after restart: %v", loop, err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	missing := 0
	for id := range l.acked {
		if !present[id] {
			if missing < 10 {
				t.Errorf("loop %d: acknowledged id %d (%s) is missing after restart", loop, id, l.attempted[id])
			}
			missing++
		}
	}
	if missing > 0 {
		t.Fatalf("loop %d: %d of %d acknowledged rows missing", loop, missing, len(l.acked))
	}
	// A transaction cut by the crash before or during COMMIT is all or nothing.
	for _, ids := range l.txns {
		n := 0
		for _, id := range ids {
			if present[id] {
				n++
			}
		}
		if n != 0 && n != len(ids) {
			t.Errorf("loop %d: %d of the %d rows of transaction %v are present", loop, n, len(ids), ids)
		}
	}
	t.Logf("loop %d: %d rows present, %d acknowledged, %d attempted", loop, len(present), len(l.acked), len(l.attempted))
}

// checkIndexMatchesExact compares ORDER BY ... LIMIT 10 through the HNSW
// index (ef_search = 1000) with the same query under enable_indexscan = off.
func checkIndexMatchesExact(t *testing.T, s *server) {
	t.Helper()
	conn := vectorConn(t, s)
	mustExec(t, conn, "SET hnsw.ef_search = 1000")
	queries := [][]float32{{0, 0, 0}, {50, -50, 25}, {-99, 99, -99}, {12.5, 3.25, -70}, {100, 100, 100}}
	const q = "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10"
	requireIndexScan(t, conn, "SELECT id FROM items ORDER BY embedding <-> '[0,0,0]' LIMIT 10", "items_hnsw")
	indexed := make([][]int64, len(queries))
	for i, v := range queries {
		indexed[i] = queryIDs(t, conn, q, pgvector.NewVector(v))
	}
	// A second connection, so that no statement prepared with the index
	// plan is reused for the exact scan.
	seq := vectorConn(t, s)
	mustExec(t, seq, "SET enable_indexscan = off")
	if plan := explain(t, seq, "SELECT id FROM items ORDER BY embedding <-> '[0,0,0]' LIMIT 10"); strings.Contains(plan, "Index Scan") {
		t.Fatalf("enable_indexscan = off still scans the index:\n%s", plan)
	}
	for i, v := range queries {
		exact := queryIDs(t, seq, q, pgvector.NewVector(v))
		if len(exact) != 10 {
			t.Fatalf("exact scan for %v: %d rows, want 10", v, len(exact))
		}
		if !slices.Equal(indexed[i], exact) {
			t.Errorf("query %v: index scan %v, exact scan %v", v, indexed[i], exact)
		}
	}
}
