package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// catalogQuery returns a prepared statement answering query when it is one
// of the catalog queries psql sends for its backslash commands (see
// package pgcatalog), which lie outside the sql dialect. Its plan is fixed:
// it reads the catalog when it runs, so it is never bound again.
func (s *Session) catalogQuery(query string, declared []uint32) (*prepared, bool) {
	q, ok := pgcatalog.Match(query)
	if !ok {
		return nil, false
	}
	pl := &funcPlan{cols: q.Columns(), fn: func(_ context.Context, x *execCtx) (*backend.Result, error) {
		defer x.s.catalogRead()() // it runs without the statement's latch
		return q.Run(x.s.pgEnv())
	}}
	// A SELECT as far as locking (shared), transactions and the command
	// tag are concerned.
	return &prepared{stmt: &sql.Select{}, declared: declared, plan: pl, fixed: true, bound: true}, true
}

// table resolves a FROM name: a table of the catalog, or a pg_catalog
// view (pg_type, pg_class...) materialised for this statement. The caller
// holds the catalog lock.
func (s *Session) table(name string) (*catalog.Table, bool) {
	if t, ok := s.lookupTable(name); ok { // schema_resolve.go
		s.noteRelation(t) // locked before the statement runs (session_latch.go)
		return t, true
	}
	if pgcatalog.LiveView(name) {
		s.liveView = true
	}
	return pgcatalog.VirtualTable(s.pgEnv(), name)
}

func (s *Session) pgEnv() pgcatalog.Env {
	return pgcatalog.Env{Cat: s.cat, User: s.startup["user"], Database: s.startup["database"], Settings: s.settingList,
		Visible: func(key string) bool { _, base := s.cat.SplitName(key); return s.visibleName(key) == base }}
}
