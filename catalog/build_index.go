package catalog

import (
	"context"
	"errors"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// catchUpRounds is how many times BuildIndex indexes the rows added during
// the previous pass without any lock before its final, locked pass;
// catchUpSlack is the backlog small enough to leave to the final pass.
const (
	catchUpRounds = 4
	catchUpSlack  = 1024
)

// BuildIndex is CREATE INDEX for a running server: it must be called
// without the schema lock. def.Name "" picks the default name
// (IndexName); with def.IfNotExists an existing relation of that name
// returns nil, nil.
//
// The index is filled from the rows that may be live, without holding any
// lock, so readers and writers of the table keep running; the rows added
// meanwhile are then indexed in rounds. Last, with the schema latch held
// exclusively (which waits only for binds in progress) and the
// table's writer lock, the few rows added since are indexed, entries of
// versions that aborted or were deleted meanwhile are removed, the record
// is logged and the index attached. Errors: 42P07 (name taken), 42P01,
// 42703, 58030 (WAL).
func (c *Catalog) BuildIndex(def IndexDef) (*Index, error) {
	return c.BuildIndexFor(nil, Wait{}, def)
}

// BuildIndexFor is BuildIndex run by transaction txn (nil: none). It
// holds ACCESS SHARE on the table while it builds (ALTER, DROP and
// TRUNCATE of the table wait; readers, writers and other builds go on)
// and, before its final step, takes SHARE (lockTables, with w's cancel
// and lock_timeout), which waits for the transactions that wrote rows of
// the table and have not ended, as PostgreSQL's CREATE INDEX (with
// def.Concurrently: SHARE UPDATE EXCLUSIVE once they ended, which new
// writers do not wait for); both are held until txn ends. Errors: those of BuildIndex and LockTables
// (40P01, 55P03, 57014).
//
// The build stops when w.Ctx ends (statement_timeout, cancel request):
// the HNSW graph's workers stop claiming vectors (vecindex
// InsertBatchContext) and the passes are checked between. It then returns
// 57014 before the index is logged or published, so a cancelled build
// leaves nothing behind: no catalog entry, no WAL record, no OID used.
func (c *Catalog) BuildIndexFor(txn *Txn, w Wait, def IndexDef) (*Index, error) {
	ctx := w.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	c.mu.RLock()
	if def.Name == "" && def.NameColumn != "" {
		def.Name = c.IndexName(def.Table, def.NameColumn)
	} else if def.Name == "" {
		def.Name = c.IndexName(def.Table, def.Column)
	} else if def.IfNotExists && c.RelationExists(def.Name) {
		c.mu.RUnlock()
		return nil, nil
	}
	ix, err := c.newIndex(c.nextOID, def)
	c.mu.RUnlock()
	if err != nil {
		return nil, err
	}
	t := ix.Table
	cmd := "CREATE INDEX"
	if def.Concurrently {
		cmd = "CREATE INDEX CONCURRENTLY"
	}
	ctx, end := c.startBuildProgress(ctx, ix, cmd, 0) // build_progress.go
	defer end()
	if txn != nil { // ALTER, DROP and TRUNCATE of t wait for the build
		if err := txn.LockRelation(t.OID, AccessShare, w); err != nil {
			return nil, err
		}
	}
	added := &slotSet{}
	mark := t.Slots()
	if err := c.fillIndexCtx(ctx, ix, 0, mark, added); err != nil {
		return nil, err
	}
	for range catchUpRounds {
		end := t.Slots()
		if end-mark <= catchUpSlack {
			break
		}
		if err := c.fillIndexCtx(ctx, ix, mark, end, added); err != nil {
			return nil, err
		}
		mark = end
	}
	mode := Share
	if def.Concurrently {
		mode = ShareUpdateExclusive
		monitor.IndexBuildOf(ctx).SetPhase(monitor.PhaseWaitWriters)
		if err := c.waitForWriters(txn, w, t); err != nil {
			return nil, err
		}
	}
	if err := c.lockTables(txn, w, []string{t.Name}, mode); err != nil {
		return nil, err
	}
	defer c.mu.Unlock()
	if c.tables[t.Name] != t {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", t.Name)
	}
	if ix.Column = t.columnOfPhys(ix.phys); ix.Column < 0 { // ALTER TABLE ran during the build
		return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", def.Column)
	}
	if c.RelationExists(def.Name) {
		if def.IfNotExists {
			return nil, nil
		}
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(def.Name))
	}
	t.wmu.Lock()
	added.each(func(s uint64) {
		if v := t.version(s); !c.mayBeLive(v) {
			ix.forget(s, v.vals)
		}
	})
	// Last point of cancel: after it the index is logged and published.
	if err := c.fillIndexCtx(ctx, ix, mark, t.Slots(), nil); err != nil {
		t.wmu.Unlock()
		return nil, err
	}
	// Published before the writer lock is let go: a rollback waiting for
	// it must see the new index, or it would leave its rows in it.
	defer t.wmu.Unlock()
	ix.OID = c.allocOID()
	c.logBuildEnd(ctx, ix)
	if err := c.logIndexIn(txn, ix); err != nil { // kept in txn (ddllog.go)
		return nil, err
	}
	c.publishIndex(ix)
	txn.holdForDDL(t)
	txn.addUndo(func() error {
		if c.indexes[ix.Name] != ix {
			return nil
		}
		return c.DropIndex(ix.Name)
	})
	return ix, nil
}

// waitForWriters waits, without queueing a lock request (so new writers
// go on), until no owner but txn holds a lock on t that conflicts with
// SHARE (a transaction that wrote rows of t and has not ended), as
// PostgreSQL's CREATE INDEX CONCURRENTLY waits for them (WaitForLockers);
// w gives cancel and lock_timeout, with deadlock detection. txn may be
// nil.
func (c *Catalog) waitForWriters(txn *Txn, w Wait, t *Table) error {
	if txn == nil {
		txn = &Txn{c: c, done: true}
	}
	saved := txn.wait
	txn.wait = w
	defer func() { txn.wait = saved }()
	for {
		x := c.relationHolder(t.OID, txn, Share)
		if x == invalidXID {
			return nil
		}
		if err := txn.waitFor(x); err != nil {
			return err
		}
	}
}

// canceledBy is the 57014 error of a statement whose context ctx ended:
// "statement timeout" for a deadline, else "user request" (the planner
// and the wire layer rephrase it by the context's cause).
func canceledBy(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to statement timeout")
	}
	return pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
}

// slotSet is a bitset of row slots.
type slotSet struct{ words []uint64 }

func (s *slotSet) add(slot uint64) {
	if s == nil {
		return
	}
	w := int(slot >> 6)
	for len(s.words) <= w {
		s.words = append(s.words, 0)
	}
	s.words[w] |= 1 << (slot & 63)
}

func (s *slotSet) each(fn func(slot uint64)) {
	for w, bits := range s.words {
		for bits != 0 {
			b := uint64(0)
			for bits&(1<<b) == 0 {
				b++
			}
			fn(uint64(w)<<6 | b)
			bits &^= 1 << b
		}
	}
}
