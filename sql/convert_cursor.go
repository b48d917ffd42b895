package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// Cursor option bits of DeclareCursorStmt.options (PostgreSQL's
// parsenodes.h, CURSOR_OPT_*); the grammar also sets a planner-hint bit
// (FAST_PLAN, 0x100) that vecgres ignores.
const (
	cursorOptBinary   = 0x0001
	cursorOptScroll   = 0x0002
	cursorOptNoScroll = 0x0004
	cursorOptHold     = 0x0020
)

// declareCursorStmt converts DECLARE name ... CURSOR ... FOR query; the
// query must be a SELECT of the dialect (the grammar admits no other
// statement) and lock no rows (0A000 for FOR UPDATE and co).
// INSENSITIVE and ASENSITIVE are accepted: vecgres cursors never see
// changes made after DECLARE.
func (c *conv) declareCursorStmt(s *pg_query.DeclareCursorStmt) (Statement, error) {
	sel, ok := s.GetQuery().GetNode().(*pg_query.Node_SelectStmt)
	if !ok {
		return nil, c.unsupported(stmtConstruct(s.GetQuery()), -1)
	}
	q, err := c.selectStmt(sel.SelectStmt)
	if err != nil {
		return nil, err
	}
	if q.RowLocks {
		return nil, c.unsupported("DECLARE CURSOR for a query with FOR UPDATE or FOR SHARE", -1)
	}
	o := s.GetOptions()
	return &DeclareCursor{
		Name:     s.GetPortalname(),
		Query:    q,
		Binary:   o&cursorOptBinary != 0,
		Scroll:   o&cursorOptScroll != 0,
		NoScroll: o&cursorOptNoScroll != 0,
		Hold:     o&cursorOptHold != 0,
	}, nil
}

// fetchStmt converts FETCH and MOVE with every direction the grammar has.
func (c *conv) fetchStmt(s *pg_query.FetchStmt) (Statement, error) {
	out := &Fetch{Name: s.GetPortalname(), Count: s.GetHowMany(), Move: s.GetIsmove()}
	switch s.GetDirection() {
	case pg_query.FetchDirection_FETCH_BACKWARD:
		out.Direction = FetchBackward
	case pg_query.FetchDirection_FETCH_ABSOLUTE:
		out.Direction = FetchAbsolute
	case pg_query.FetchDirection_FETCH_RELATIVE:
		out.Direction = FetchRelative
	default:
		out.Direction = FetchForward
	}
	return out, nil
}

// closePortalStmt converts CLOSE name and CLOSE ALL (no name).
func (c *conv) closePortalStmt(s *pg_query.ClosePortalStmt) (Statement, error) {
	if s.GetPortalname() == "" {
		return &CloseCursor{All: true}, nil
	}
	return &CloseCursor{Name: s.GetPortalname()}, nil
}
