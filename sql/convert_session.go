package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// deallocateStmt converts DEALLOCATE [PREPARE] {name | ALL}.
func (c *conv) deallocateStmt(s *pg_query.DeallocateStmt) (Statement, error) {
	if s.GetIsall() {
		return &Deallocate{All: true}, nil
	}
	return &Deallocate{Name: s.GetName()}, nil
}

// discardStmt converts DISCARD ALL; the other targets are 0A000 (vecgres
// has no plans or sequence state to drop alone; DISCARD TEMP is not
// there yet, DISCARD ALL drops the temporary tables).
func (c *conv) discardStmt(s *pg_query.DiscardStmt) (Statement, error) {
	switch s.GetTarget() {
	case pg_query.DiscardMode_DISCARD_ALL:
		return &Discard{}, nil
	case pg_query.DiscardMode_DISCARD_PLANS:
		return nil, c.unsupported("DISCARD PLANS", -1)
	case pg_query.DiscardMode_DISCARD_SEQUENCES:
		return nil, c.unsupported("DISCARD SEQUENCES", -1)
	}
	return nil, c.unsupported("DISCARD TEMP", -1)
}
