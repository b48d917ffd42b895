package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
)

// table resolves a FROM name: a table of the catalog, a pg_catalog view
// (pg_type, pg_class...) materialised for this statement, or a serial
// column's sequence. The caller holds the catalog lock.
func (s *Session) table(name string) (*catalog.Table, bool) {
	if t, ok := s.lookupTable(name); ok { // schema_resolve.go
		s.noteRelation(t) // locked before the statement runs (session_latch.go)
		return t, true
	}
	if pgcatalog.LiveView(name) {
		s.liveView = true
	}
	if t, ok := pgcatalog.VirtualTable(s.pgEnv(), name); ok {
		return t, true
	}
	t, ok := pgcatalog.SequenceRelation(s.cat, s.relKey(name)) // sequence_relation.go
	if ok {
		s.liveView = true // its value changes without a schema change: read again at each execution
	}
	return t, ok
}

func (s *Session) pgEnv() pgcatalog.Env {
	return pgcatalog.Env{Cat: s.cat, User: s.startup["user"], Database: s.startup["database"], Settings: s.settingList,
		Visible: func(key string) bool { _, base := s.cat.SplitName(key); return s.visibleName(key) == base }}
}
