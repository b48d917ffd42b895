package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
)

// table resolves a FROM name: a table of the catalog, or a pg_catalog
// view (pg_type, pg_class...) materialised for this statement. The caller
// holds the catalog lock.
func (s *Session) table(name string) (*catalog.Table, bool) {
	if t, ok := s.lookupTable(name); ok { // schema_resolve.go
		s.noteRelation(t) // locked before the statement runs (session_latch.go)
		if t.IsSequence() {
			s.liveView = true             // its one row changes at each nextval
			return seqRow(s.cat, t), true // sequence_funcs.go
		}
		return t, true
	}
	if t, ok := s.serialSeqRow(name); ok { // sequence_funcs.go
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
