package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// The schema latch and relation locks (catalog/doc.go, Concurrency).
//
// The schema latch (catalog.RLock, catalog.Lock) guards the catalog's
// names and table definitions. A statement holds it only to bind and to
// take its relation locks, never while it waits or runs: a SELECT, INSERT,
// UPDATE, DELETE or COPY holds instead, on each table it reads or
// writes, the relation lock PostgreSQL takes there (ACCESS SHARE, ROW
// EXCLUSIVE), until its transaction ends (outside a transaction: until it
// ends). DDL waits for the relation locks of the tables it changes
// (catalog.LockTables), then holds the latch exclusively while it
// changes them, which only binds wait for. So a DDL waiting for one table
// holds up nobody else, and CREATE TABLE of a new name waits only for
// binds in progress.
//
// The session counts its holds of the latch (latched): functions that
// read the catalog while a statement runs (to_regclass, pg_relation_size,
// has_table_privilege, psql's catalog queries) take it shared only when
// the statement does not hold it (catalogRead), since read holds of an
// RWMutex must not nest.

// rlatch takes the schema latch shared.
func (s *Session) rlatch() {
	s.cat.RLock()
	s.latched++
}

// runlatch lets go of rlatch.
func (s *Session) runlatch() {
	s.latched--
	s.cat.RUnlock()
}

// sharedUnlatch returns runlatch as a func value, the one the session
// made the first time (a method value allocates each time it is taken).
func (s *Session) sharedUnlatch() func() {
	if s.unlatch == nil {
		s.unlatch = s.runlatch
	}
	return s.unlatch
}

// xunlatch lets go of the schema latch held exclusively (catalog.LockTables).
func (s *Session) xunlatch() {
	s.latched--
	s.cat.Unlock()
}

// catalogRead takes the schema latch shared for a read of the catalog
// while a statement runs, unless the session holds it already; the
// returned function lets it go.
func (s *Session) catalogRead() func() {
	if s.latched > 0 {
		return func() {}
	}
	s.rlatch()
	return s.sharedUnlatch()
}

// noteRelation records t as a table the statement being bound reads or
// writes (binder's FROM and target resolution): its relation lock is
// taken before it runs (lockRelations).
func (s *Session) noteRelation(t *catalog.Table) {
	if s.binding != nil {
		*s.binding = append(*s.binding, t)
	}
	if s.readDirect != nil && s.viewDepth == 0 { // view_ddl.go
		*s.readDirect = append(*s.readDirect, t)
	}
}

// relationLocks returns the relation locks a statement bound to pl over
// tables takes: ROW EXCLUSIVE on the table it writes (INSERT, UPDATE,
// DELETE, COPY FROM), ACCESS SHARE on the others, as PostgreSQL.
func relationLocks(st sql.Statement, pl plan, tables []*catalog.Table) []catalog.RelLock {
	written := writeTarget(pl)
	if c, ok := st.(*sql.Copy); ok && c.From {
		if cp, ok := pl.(*copyPlan); ok {
			written = cp.table
		}
	}
	var out []catalog.RelLock
	seen := map[uint32]int{}
	for _, t := range tables {
		m := catalog.AccessShare
		if t == written {
			m = catalog.RowExclusive
		}
		if i, ok := seen[t.OID]; ok {
			out[i].Mode = max(out[i].Mode, m)
			continue
		}
		seen[t.OID] = len(out)
		out = append(out, catalog.RelLock{OID: t.OID, Mode: m})
	}
	return out
}

// lockRelations takes p's relation locks for txn. Entered and left with
// the schema latch held shared (also on error); when a lock must be
// waited for, it lets the latch go meanwhile (ctx's cancel and the
// session's lock_timeout end the wait: 57014, 55P03; a deadlock is
// 40P01) and binds p again if the schema changed meanwhile.
func (s *Session) lockRelations(ctx context.Context, p *prepared, txn *catalog.Txn) error {
	for {
		if txn.TryLockRelations(p.rels) {
			return nil
		}
		s.runlatch()
		err := txn.LockRelations(p.rels, s.lockWait(ctx))
		s.rlatch()
		if err != nil {
			return err
		}
		if !s.stale(p) {
			return nil
		}
		if err := s.bind(p); err != nil {
			return err
		}
	}
}

// lockCopyTarget takes COPY FROM's ROW EXCLUSIVE lock on its table for
// txn before the first row is stored, binding p again when the schema
// changed since startCopyIn. The batches then run without the schema
// latch (a row wait lets go of the writer lock only).
func (s *Session) lockCopyTarget(ctx context.Context, p *prepared, txn *catalog.Txn) error {
	s.rlatch()
	defer s.runlatch()
	if s.stale(p) {
		if err := s.bind(p); err != nil {
			return err
		}
	}
	return s.lockRelations(ctx, p, txn)
}

// maintenanceTables returns the tables named (every table when none)
// with SHARE UPDATE EXCLUSIVE taken on each for txn, as PostgreSQL's
// VACUUM and ANALYZE take: DDL on them waits, readers and writers do
// not. Names are resolved under the latch, the locks waited for without
// it (ctx's cancel and lock_timeout), and the tables returned as they are
// once locked (a table created meanwhile is left out). Errors: 42P01 for
// an unknown name, the wait's (57014, 55P03, 40P01).
func (s *Session) maintenanceTables(ctx context.Context, txn *catalog.Txn, names []string) ([]*catalog.Table, error) {
	s.rlatch()
	tables, err := s.tablesNamed(names)
	s.runlatch()
	if err != nil {
		return nil, err
	}
	locks := make([]catalog.RelLock, len(tables))
	for i, t := range tables {
		locks[i] = catalog.RelLock{OID: t.OID, Mode: catalog.ShareUpdateExclusive}
	}
	if err := txn.LockRelations(locks, s.lockWait(ctx)); err != nil {
		return nil, err
	}
	s.rlatch()
	defer s.runlatch()
	now, err := s.tablesNamed(names)
	if err != nil {
		return nil, err
	}
	out := now[:0]
	for _, t := range now {
		if txn.Holds(t.OID, catalog.ShareUpdateExclusive) {
			out = append(out, t)
		}
	}
	return out, nil
}

// tablesNamed resolves names, or returns every table when there are
// none. Latch held. Errors: 42P01.
func (s *Session) tablesNamed(names []string) ([]*catalog.Table, error) {
	if len(names) == 0 {
		return s.cat.Tables(), nil
	}
	var out []*catalog.Table
	for _, name := range names {
		t, ok := s.lookupTable(name)
		if !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
		}
		out = append(out, t)
	}
	return out, nil
}
