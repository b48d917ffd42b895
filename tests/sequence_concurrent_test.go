package tests

import (
	"sync"
	"testing"
	"time"
)

// TestSequenceConcurrentNextval: four sessions calling nextval at once,
// outside and inside transaction blocks (half of which roll back), and
// inserting rows whose default calls it, get distinct values; together
// they are exactly 1..N, and after a kill (SIGKILL) nextval goes on past
// N.
func TestSequenceConcurrentNextval(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := s.connect(t)
	mustExec(t, a, "CREATE SEQUENCE cs")
	mustExec(t, a, "CREATE TABLE ct (id bigint DEFAULT nextval('cs') PRIMARY KEY, w int)")
	const workers, per = 4, 50
	got := make([][]int64, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		c := s.connect(t)
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			ctx := testCtx(t, 60*time.Second)
			for i := 0; i < per; i++ {
				var v int64
				var err error
				switch i % 3 {
				case 0:
					err = c.QueryRow(ctx, "SELECT nextval('cs')").Scan(&v)
				case 1:
					if _, err = c.Exec(ctx, "BEGIN"); err == nil {
						if err = c.QueryRow(ctx, "SELECT nextval('cs')").Scan(&v); err == nil {
							end := "COMMIT"
							if i%2 == 0 {
								end = "ROLLBACK"
							}
							_, err = c.Exec(ctx, end)
						}
					}
				default:
					err = c.QueryRow(ctx, "INSERT INTO ct (w) VALUES ($1) RETURNING id", w).Scan(&v)
				}
				if err != nil {
					t.Errorf("worker %d: %v", w, err)
					return
				}
				got[w] = append(got[w], v)
			}
		}(w)
	}
	wg.Wait()
	seen := map[int64]bool{}
	for _, vs := range got {
		for _, v := range vs {
			if seen[v] || v < 1 || v > workers*per {
				t.Fatalf("value %d repeated or out of 1..%d", v, workers*per)
			}
			seen[v] = true
		}
	}
	if len(seen) != workers*per {
		t.Fatalf("%d distinct values, want %d", len(seen), workers*per)
	}
	_, c := killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT nextval('cs')::text", "201")
}
