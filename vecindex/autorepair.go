package vecindex

// Automatic reachability repair. Single inserts link a node the way a
// bulk build does, and the neighbour heuristic can cut a node, or a group
// of copies, off layer 0 as later inserts shrink lists (repair.go). So
// once the inserts since the last repair reach an eighth of the graph
// (repairBatchShare), at least minAutoRepair of them, Insert starts
// RepairReachability in the background: its O(nodes + edges) walk then
// costs O(1) per insert, and a node stays unreachable at most until that
// many more inserts have run.

// minAutoRepair is the fewest inserts between automatic repairs.
const minAutoRepair = 256

// SetAutoRepair turns automatic reachability repair after single inserts
// and after bulk InsertBatch calls on or off. It is on by default except
// under InnerProduct: there the forced edges of a repair, on
// low-dimensional data with many equal values, cost far more recall than
// the few unreachable nodes it saves (a tester's 2,500 three-dimensional
// integer vectors: 1,151 of 6,859 queries wrong with it, 2 without), and
// most nodes of an inner-product graph have no in-edge anyway
// (RepairReachability).
func (h *HNSW) SetAutoRepair(on bool) { h.autoRepair.Store(on) }

// noteInserts counts k inserts and starts a background repair once they
// reach the threshold and none is running.
func (h *HNSW) noteInserts(k int) {
	if !h.autoRepair.Load() {
		return
	}
	since := h.sinceRepair.Add(int64(k))
	if since < max(int64(h.Len()/repairBatchShare), minAutoRepair) || !h.reaching.CompareAndSwap(false, true) {
		return
	}
	h.sinceRepair.Store(0)
	run := func() {
		defer h.reaching.Store(false)
		h.RepairReachability()
	}
	if h.repairInline {
		run()
		return
	}
	h.repairWG.Add(1)
	go func() {
		defer h.repairWG.Done()
		run()
	}()
}
