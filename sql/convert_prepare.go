package sql

import (
	"github.com/vecgres/vecgres/catalog/types"

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

// prepareSpans returns the byte ranges [start, end) of the PREPARE
// statements of query, whose bodies may use $n in a simple Query; nil
// when stmts has none.
func prepareSpans(query string, stmts []Statement) [][2]int32 {
	has := false
	for _, st := range stmts {
		_, ok := st.(*Prepare)
		has = has || ok
	}
	if !has {
		return nil
	}
	tree, err := pg_query.Parse(query)
	if err != nil {
		return nil
	}
	var spans [][2]int32
	for _, raw := range tree.Stmts {
		if raw.GetStmt().GetPrepareStmt() == nil {
			continue
		}
		end := raw.StmtLocation + raw.StmtLen
		if raw.StmtLen == 0 {
			end = int32(len(query))
		}
		spans = append(spans, [2]int32{raw.StmtLocation, end})
	}
	return spans
}
