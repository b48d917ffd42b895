package sql

import (
	"github.com/vecgres/vecgres/sql/types"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// prepareStmt converts PREPARE name [(type, ...)] AS statement (PostgreSQL
// docs, SQL command PREPARE); the grammar admits SELECT, VALUES, INSERT,
// UPDATE, DELETE and MERGE as the statement. Type modifiers of the
// declared types are dropped, as PostgreSQL does.
func (c *conv) prepareStmt(s *pg_query.PrepareStmt) (Statement, error) {
	out := &Prepare{Name: s.GetName()}
	for _, n := range s.GetArgtypes() {
		t, err := c.typeName(n.GetTypeName())
		if err != nil {
			return nil, err
		}
		out.Types = append(out.Types, types.Type{Kind: t.Kind, Typmod: types.NoTypmod})
	}
	st, err := c.stmt(s.GetQuery())
	if err != nil {
		return nil, err
	}
	out.Stmt = st
	return out, nil
}

// executeStmt converts EXECUTE name [(expr, ...)].
func (c *conv) executeStmt(s *pg_query.ExecuteStmt) (Statement, error) {
	params, err := c.exprs(s.GetParams())
	if err != nil {
		return nil, err
	}
	return &Execute{Name: s.GetName(), Params: params}, nil
}
