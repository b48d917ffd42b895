package wal

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// verifyRecovered replays a crash image and checks that every acked id is
// present, LSNs strictly increase, every payload is intact, no id repeats,
// and that the recovered log accepts and keeps new records.
func verifyRecovered(t *testing.T, img *MemFS, segSize int64, acked map[int]bool) {
	t.Helper()
	l, got := mustReplay(t, img, Options{SegmentSize: segSize})
	seen := map[int]bool{}
	for i, r := range got {
		id, err := checkPayload(r.payload)
		if err != nil {
			t.Fatalf("record %d at LSN %d: %v", i, r.lsn, err)
		}
		if seen[id] {
			t.Fatalf("id %d replayed twice", id)
		}
		seen[id] = true
		if i > 0 && r.lsn <= got[i-1].lsn {
			t.Fatalf("LSN %d after %d", r.lsn, got[i-1].lsn)
		}
	}
	for id := range acked {
		if !seen[id] {
			t.Fatalf("acknowledged record %d lost (replayed %d records)", id, len(got))
		}
	}
	more := appendN(t, l, 1_000_000, 3, sizes(40))
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	_, again := mustReplay(t, img.CrashClone(), Options{SegmentSize: segSize})
	equalRecs(t, again, append(got, more...))
}

// TestCrashAtEveryOp crashes a sequential workload before each of its FS
// operations in turn (including segment creation and rollover).
func TestCrashAtEveryOp(t *testing.T) {
	const segSize, n = 200, 25
	run := func(crashAt int64) (img *MemFS, acked map[int]bool, ops int64) {
		fs := NewMemFS()
		acked = map[int]bool{}
		var snapshot map[int]bool
		fs.SetHook(func(op Op, path string) error {
			ops++
			if ops == crashAt {
				img = fs.CrashClone()
				snapshot = map[int]bool{}
				for id := range acked {
					snapshot[id] = true
				}
			}
			return nil
		})
		l, _ := mustReplay(t, fs, Options{SegmentSize: segSize})
		for i := range n {
			if _, err := l.Append(1, testPayload(i, 12+i*7%60)); err != nil {
				t.Fatal(err)
			}
			acked[i] = true
		}
		l.Close()
		return img, snapshot, ops
	}
	_, _, total := run(-1)
	if total < 3*n {
		t.Fatalf("only %d FS ops for %d appends", total, n)
	}
	for at := int64(1); at <= total; at++ {
		img, acked, _ := run(at)
		verifyRecovered(t, img, segSize, acked)
	}
}

// TestCrashConcurrent crashes 8 concurrent appenders at random points.
func TestCrashConcurrent(t *testing.T) {
	const segSize, writers, perWriter = 512, 8, 60
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 6 {
		fs := NewMemFS()
		l, _ := mustReplay(t, fs, Options{SegmentSize: segSize})
		var mu sync.Mutex
		acked := map[int]bool{}
		crashAfter := 1 + rng.IntN(writers*perWriter)
		crashed := make(chan struct{})
		var img *MemFS
		var snapshot map[int]bool
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				for i := range perWriter {
					id := round*100_000 + w*1000 + i
					if _, err := l.Append(RecordType(1+w), testPayload(id, 12+(id*13)%90)); err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					acked[id] = true
					if len(acked) == crashAfter {
						snapshot = map[int]bool{}
						for k := range acked {
							snapshot[k] = true
						}
						img = fs.CrashClone()
						close(crashed)
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		select {
		case <-crashed:
		default:
			t.Fatalf("round %d: crash point %d never reached", round, crashAfter)
		}
		verifyRecovered(t, img, segSize, snapshot)
		// Everything acked before Close survives a crash after it.
		verifyRecovered(t, fs.CrashClone(), segSize, acked)
	}
}
