package catalog

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vecgres/vecgres/vecindex"
)

// Background index catch-up. After a crash, the rows of the WAL replayed
// on top of a snapshot are back in memory at once, but inserting them
// into a snapshot's HNSW graph costs far more (about 2,300 rows per second
// per million-node graph on two cores). Open therefore returns as soon as
// the rows are replayed: each such index gets a pending set, the ascending
// slots whose live rows its graph lacks, and one goroutine inserts them
// (vecindex InsertBatch, concurrent with searches and writes) a chunk at a
// time, marking a chunk done only after it is in the graph. So at any
// moment every live indexed row is in the graph or in PendingSlots; an
// index scan that also computes exact distances to the pending rows
// (planner/filter_knn.go) misses none. Rows written meanwhile go to the
// graph as usual.

// catchupChunk is how many pending rows one InsertBatch call inserts; the
// pending set shrinks by this much at a time.
const catchupChunk = 2048

// pendingSet is the slots, ascending, a graph lacked after replay;
// slots[:done] are in the graph.
type pendingSet struct {
	slots []uint64
	done  atomic.Int64
}

// catchup is the catch-up state of a Catalog.
type catchup struct {
	work     []*Index // indexes with a pending set, filled by replay
	hook     func(index string, left int)
	stopOnce sync.Once
	stop     chan struct{}
	done     chan struct{}
}

// PendingSlots returns the slots (ascending) whose rows the index's graph
// may still lack because they were replayed from the WAL and are being
// inserted in the background; nil once the graph is up to date (always,
// for a B-tree). Every live row with a non-NULL vector is in the graph or
// in the returned slots, provided it is called before the graph is
// searched. The slice must not be modified.
func (ix *Index) PendingSlots() []uint64 {
	p := ix.pending.Load()
	if p == nil {
		return nil
	}
	return p.slots[p.done.Load():]
}

// setPending gives ix the pending set slots (ascending, not yet in the
// graph) for the catch-up goroutine started by Open.
func (c *Catalog) setPending(ix *Index, slots []uint64) {
	if len(slots) == 0 {
		return
	}
	ix.pending.Store(&pendingSet{slots: slots})
	c.catchup.work = append(c.catchup.work, ix)
}

// startCatchup starts the goroutine that empties the pending sets.
func (c *Catalog) startCatchup() {
	cu := &c.catchup
	cu.stop, cu.done = make(chan struct{}), make(chan struct{})
	if len(cu.work) == 0 {
		close(cu.done)
		return
	}
	go func() {
		defer close(cu.done)
		began := time.Now()
		rows := 0
		for _, ix := range cu.work {
			n, err := c.catchUpIndex(ix)
			rows += n
			if err != nil {
				c.logger().Error("catalog: index catch-up failed; its pending rows stay exactly scanned",
					"index", ix.Name, "err", err)
			}
		}
		select {
		case <-cu.stop:
			c.logger().Info("catalog: index catch-up stopped", "rows", rows)
		default:
			c.logger().Info("catalog: index catch-up complete", "rows", rows,
				"seconds", time.Since(began).Seconds())
		}
	}()
}

// catchUpIndex inserts ix's pending rows chunk by chunk until none are
// left or the catalog closes, and returns how many it inserted.
func (c *Catalog) catchUpIndex(ix *Index) (int, error) {
	cu := &c.catchup
	p := ix.pending.Load()
	n := 0
	for {
		lo := int(p.done.Load())
		if lo >= len(p.slots) {
			if n > 0 { // chunks too small for InsertBatch's own repair
				ix.Graph.RepairReachability()
			}
			ix.pending.Store(nil)
			return n, nil
		}
		if cu.hook != nil {
			cu.hook(ix.Name, len(p.slots)-lo)
		}
		select {
		case <-cu.stop:
			return n, nil
		default:
		}
		chunk := p.slots[lo:min(lo+catchupChunk, len(p.slots))]
		keys, vecs := c.liveVectors(ix, chunk)
		if len(keys) > 0 {
			if err := ix.Graph.InsertBatch(keys, vecs, 0); err != nil && !onlyDuplicates(err) {
				return n, err
			}
		}
		n += len(keys)
		p.done.Store(int64(lo + len(chunk)))
	}
}

// liveVectors returns the slots among slots whose version may be live
// with a non-NULL vector in ix's column, and those vectors.
func (c *Catalog) liveVectors(ix *Index, slots []uint64) ([]uint64, [][]float32) {
	t := ix.Table
	keys := make([]uint64, 0, len(slots))
	vecs := make([][]float32, 0, len(slots))
	for _, s := range slots {
		if s >= t.Slots() {
			continue
		}
		v := t.version(s)
		if x, _ := ix.value(v.vals); c.mayBeLive(v) && x != nil {
			keys = append(keys, s)
			vecs = append(vecs, graphVector(x))
		}
	}
	return keys, vecs
}

// onlyDuplicates reports whether err (possibly joined) holds nothing but
// vecindex.ErrDuplicateKey errors.
func onlyDuplicates(err error) bool {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			if !onlyDuplicates(e) {
				return false
			}
		}
		return true
	}
	return errors.Is(err, vecindex.ErrDuplicateKey)
}

// stopCatchup stops the catch-up goroutine after its current chunk and
// waits for it. The rows it did not insert stay pending; a checkpoint
// written then has a graph lacking them, which the next Open indexes
// (refreshGraph).
func (c *Catalog) stopCatchup() {
	cu := &c.catchup
	if cu.stop == nil {
		return
	}
	cu.stopOnce.Do(func() { close(cu.stop) })
	<-cu.done
}

// WaitCatchUp blocks until the background index catch-up has finished
// (or was stopped by Close): then PendingSlots is nil for every index it
// completed.
func (c *Catalog) WaitCatchUp() {
	if c.catchup.done != nil {
		<-c.catchup.done
	}
}
