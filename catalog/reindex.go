package catalog

import (
	"context"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// ReindexFor is REINDEX TABLE (table true: name is a table, every index
// of it) or REINDEX INDEX (name is an index) for a running server, run by
// transaction txn: built first, swapped in last, holding up only the
// table's writers and DDL while it builds.
//
//  1. Under the schema latch, shared: name resolved, check(table) run
//     (the caller's privilege check: PostgreSQL 15 lets the table's owner
//     or a superuser REINDEX it).
//  2. SHARE ROW EXCLUSIVE on the table (lockmgr.go): waits for writers,
//     DDL and other REINDEXes of it; readers go on, as under PostgreSQL's
//     SHARE lock (the mode is SHARE's plus conflicting with itself, which
//     PostgreSQL gets from the ACCESS EXCLUSIVE lock REINDEX holds on the
//     index).
//  3. New indexes of the same definitions (OID, name) filled from the
//     rows with no latch held; readers keep using the old ones.
//  4. ACCESS EXCLUSIVE on that table only (waits for its readers), then
//     the latch exclusively just to swap the new indexes in.
//
// Both locks are held until txn ends. w gives cancel (57014), stopping
// the build too, and lock_timeout (55P03); a deadlock is 40P01. A
// stopped REINDEX changes nothing. Nothing is logged (an index's contents
// come from the rows). Errors: 42P01 for an unknown name, check's error.
// The caller holds no catalog lock.
func (c *Catalog) ReindexFor(txn *Txn, w Wait, name string, table bool, check func(*Table) error) error {
	ctx := w.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	c.mu.RLock()
	t, _, err := c.reindexTarget(name, table)
	if err == nil {
		err = check(t)
	}
	c.mu.RUnlock()
	if err != nil {
		return err
	}
	if err := txn.LockRelation(t.OID, ShareRowExclusive, w); err != nil {
		return err
	}
	c.mu.RLock()
	t, indexes, err := c.reindexTarget(name, table) // as it is now that it cannot change
	var built []*Index
	if err == nil {
		built, err = newIndexesLike(t, indexes)
	}
	c.mu.RUnlock()
	if err != nil {
		return err
	}
	if c.locks.reindexHook != nil {
		c.locks.reindexHook()
	}
	for i, nix := range built {
		if err := c.reindexOne(ctx, nix, indexes[i].OID, t.Slots()); err != nil { // build_progress.go
			return err
		}
	}
	if err := txn.LockRelation(t.OID, AccessExclusive, w); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, ix := range indexes {
		c.replaceIndex(ix, built[i])
	}
	return nil
}

// reindexTarget resolves REINDEX's name: the table and the indexes to
// rebuild (those with contents: a primary key's map is always exact).
// Schema latch held. Errors: 42P01.
func (c *Catalog) reindexTarget(name string, table bool) (*Table, []*Index, error) {
	if table {
		t, ok := c.tables[name]
		if !ok {
			return nil, nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
		}
		return t, t.Indexes, nil
	}
	ix, ok := c.indexes[name]
	if !ok {
		return nil, nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
	}
	if ix.Graph == nil && ix.BTree == nil && ix.IVF == nil {
		return ix.Table, nil, nil
	}
	return ix.Table, []*Index{ix}, nil
}

// newIndexesLike returns an empty index of each definition of indexes
// (same OID and name), not registered.
func newIndexesLike(t *Table, indexes []*Index) ([]*Index, error) {
	out := make([]*Index, len(indexes))
	for i, ix := range indexes {
		def := IndexDef{Name: ix.Name, Method: ix.Method, Opclass: ix.Opclass, Metric: ix.Metric,
			M: ix.M, EfConstruction: ix.EfConstruction, Reloptions: ix.Reloptions, Expr: ix.Expr, Pred: ix.Pred}
		nix, err := newIndexOn(t, ix.Column, ix.OID, def)
		if err != nil {
			return nil, err
		}
		out[i] = nix
	}
	return out, nil
}

// LittleDataIndexes returns the ivfflat indexes REINDEX name (table as
// for ReindexFor) rebuilt on fewer rows than lists (Index.LittleData),
// for pgvector's NOTICE. Takes the schema latch, shared.
func (c *Catalog) LittleDataIndexes(name string, table bool) []*Index {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, indexes, err := c.reindexTarget(name, table)
	if err != nil {
		return nil
	}
	var out []*Index
	for _, ix := range indexes {
		if ix.LittleData() {
			out = append(out, ix)
		}
	}
	return out
}
