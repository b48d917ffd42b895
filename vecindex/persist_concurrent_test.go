package vecindex

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// gateWriter blocks its first Write until release is closed, after
// closing started: WriteTo is then paused with part of the graph written.
type gateWriter struct {
	buf              bytes.Buffer
	once             sync.Once
	started, release chan struct{}
}

func newGateWriter() *gateWriter {
	return &gateWriter{started: make(chan struct{}), release: make(chan struct{})}
}

func (g *gateWriter) Write(p []byte) (int, error) {
	g.once.Do(func() {
		close(g.started)
		<-g.release
	})
	return g.buf.Write(p)
}

// writeAsync runs WriteTo into a gateWriter and returns it and a channel
// that yields WriteTo's error.
func writeAsync(h *HNSW) (*gateWriter, chan error) {
	gw := newGateWriter()
	errc := make(chan error, 1)
	go func() {
		_, err := h.WriteTo(gw)
		errc <- err
	}()
	<-gw.started
	return gw, errc
}

// gridGraph builds n nodes at random points of the 17-wide grid (keys ==
// node ids), larger than WriteTo's 64 KiB buffer for n >= 1,500.
func gridGraph(t *testing.T, n int, seed uint64) *HNSW {
	r := rand.New(rand.NewPCG(seed, 7))
	data := make([][]float32, n)
	for i := range data {
		data[i] = gridVec(r.IntN(4000))
	}
	h := build(t, Config{Dims: 2, M: 4, EfConstruction: 16, Seed: int64(seed)}, data)
	h.SetCompactThreshold(0)
	return h
}

// TestWriteToDuringCompact: a checkpoint written while Compact reclaims
// slots loads (no list in it names a slot it records as reclaimed) and
// answers exactly. Here WriteTo starts after Compact's first repair and
// pauses while Compact marks its victims reclaimed.
func TestWriteToDuringCompact(t *testing.T) {
	const n = 3000
	h := gridGraph(t, n, 11)
	for key := uint64(0); key < n; key += 4 {
		h.Delete(key)
	}
	e := h.enter() // holds Compact at its first grace period
	before := h.epoch.Load()
	done := make(chan int)
	go func() { done <- h.Compact() }()
	for h.epoch.Load() == before {
		time.Sleep(time.Millisecond)
	}
	gw, errc := writeAsync(h)
	h.exit(e)
	victim := uint32(n - 4) // a tombstone written after the pause
	for deadline := time.Now().Add(10 * time.Second); h.meta(victim)&flagFree == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Compact did not reclaim node", victim)
		}
	}
	close(gw.release)
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if freed := <-done; freed < n/4-1 {
		t.Errorf("Compact freed %d, want >= %d", freed, n/4-1)
	}
	g, err := ReadFrom(&gw.buf)
	if err != nil {
		t.Fatalf("checkpoint written during Compact does not load: %v", err)
	}
	qs := [][]float32{{0, 0}, {8, 3}, {16, 200}, {3, 100}}
	checkGraph(t, g)
	checkExact(t, g, qs)
	checkGraph(t, h)
	checkExact(t, h, qs)
}

// TestWriteToDuringInsert: a checkpoint written while inserts run, new
// keys and keys whose slots Compact reclaimed before it started, loads and
// answers exactly for the nodes it holds: the reclaimed slots stay free in
// it. A key Compact reclaims while it runs is not reused until it ends.
func TestWriteToDuringInsert(t *testing.T) {
	const n = 3000
	h := gridGraph(t, n, 12)
	for key := uint64(0); key < 400; key++ {
		h.Delete(key)
	}
	if freed := h.Compact(); freed < 399 {
		t.Fatalf("Compact freed %d, want >= 399", freed)
	}
	gw, errc := writeAsync(h)
	r := rand.New(rand.NewPCG(12, 8))
	for i := range 300 {
		if err := h.Insert(uint64(n+i), gridVec(r.IntN(4000))); err != nil {
			t.Fatal(err)
		}
		if err := h.Insert(uint64(i), gridVec(r.IntN(4000))); i < 200 && err != nil {
			t.Fatal(err) // reclaimed before WriteTo: reused at once
		}
	}
	close(gw.release)
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	g, err := ReadFrom(&gw.buf)
	if err != nil {
		t.Fatalf("checkpoint written during inserts does not load: %v", err)
	}
	qs := [][]float32{{0, 0}, {8, 3}, {16, 200}, {3, 100}}
	checkGraph(t, g)
	checkExact(t, g, qs)
	for key := range uint32(200) {
		if g.meta(key)&flagFree == 0 {
			t.Fatalf("key %d, reclaimed before WriteTo, is not free in its checkpoint", key)
		}
		if h.isDead(key) {
			t.Fatalf("key %d, inserted again during WriteTo, is not live", key)
		}
	}
	if g.Live() != n-400 { // nodes from before WriteTo only
		t.Errorf("checkpoint holds %d live nodes, want %d", g.Live(), n-400)
	}
	checkGraph(t, h)
	checkExact(t, h, qs)
}
