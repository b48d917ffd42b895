package vecindex

import (
	"sync/atomic"
	"time"
)

// Grace periods for slot reuse (a two-counter epoch scheme, in the spirit
// of RCU): every Search and Insert runs between enter and exit, counted
// under the parity of the epoch it entered in. synchronize advances the
// epoch and waits until the previous parity drains, so afterwards no
// operation still holds a node id it read before the call. Compact uses it
// before letting Insert reuse a reclaimed slot.

// enter registers an operation and returns the epoch to pass to exit.
func (h *HNSW) enter() uint64 {
	for {
		e := h.epoch.Load()
		h.active[e&1].Add(1)
		if h.epoch.Load() == e {
			return e
		}
		h.active[e&1].Add(-1)
	}
}

func (h *HNSW) exit(e uint64) { h.active[e&1].Add(-1) }

// synchronize waits until every operation that entered before the call
// has exited. Callers serialize (Compact holds compactMu); the caller must
// not be inside enter/exit itself.
func (h *HNSW) synchronize() {
	e := h.epoch.Add(1) - 1
	waitZero(&h.active[e&1])
}

func waitZero(c *atomic.Int64) {
	for d := time.Microsecond; c.Load() != 0; d = min(2*d, time.Millisecond) {
		time.Sleep(d)
	}
}
