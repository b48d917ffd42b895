package planner

import (
	"context"
	"testing"

	"github.com/vecgres/vecgres/planner/sem"
)

// TestAdvisoryLockHandOver: a waiter gets an exclusive key when its
// holder releases it, then holds it against the first session, until
// its holds are released; run under -race for the table's locking.
func TestAdvisoryLockHandOver(t *testing.T) {
	var m advisoryLocks
	s1, s2 := &Session{}, &Session{}
	k := sem.AdvisoryKey{Lo: 1}
	ctx := context.Background()
	if ok, err := m.lock(s1, k, false, false, true, ctx, 0); !ok || err != nil {
		t.Fatalf("first lock: %v %v", ok, err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := m.lock(s2, k, false, true, true, ctx, 0)
		done <- err
	}()
	if !m.unlock(s1, k, false) {
		t.Fatal("s1 held no lock")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if ok, _ := m.lock(s1, k, true, false, false, ctx, 0); ok {
		t.Fatal("shared lock granted past s2's exclusive one")
	}
	if m.unlock(s2, k, false) {
		t.Fatal("unlock released a transaction-level hold")
	}
	m.release(s2, 1)
	if ok, _ := m.lock(s1, k, true, false, false, ctx, 0); !ok {
		t.Fatal("key still held after s2's transaction ended")
	}
	m.release(s1, -1)
	if len(m.keys) != 0 {
		t.Fatalf("keys left: %v", m.keys)
	}
}
