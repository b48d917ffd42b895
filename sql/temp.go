package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// OnCommit is CREATE TEMPORARY TABLE's ON COMMIT action (PostgreSQL docs,
// CREATE TABLE "ON COMMIT"). The zero value is no clause.
type OnCommit uint8

// ON COMMIT actions.
const (
	OnCommitNone OnCommit = iota
	OnCommitPreserveRows
	OnCommitDeleteRows
	OnCommitDrop
)

// onCommit converts pg_query's ON COMMIT action. A clause on a table
// that is not temporary is 42P16, as PostgreSQL's DefineRelation.
func onCommit(a pg_query.OnCommitAction, temp bool) (OnCommit, error) {
	var out OnCommit
	switch a {
	case pg_query.OnCommitAction_ONCOMMIT_PRESERVE_ROWS:
		out = OnCommitPreserveRows
	case pg_query.OnCommitAction_ONCOMMIT_DELETE_ROWS:
		out = OnCommitDeleteRows
	case pg_query.OnCommitAction_ONCOMMIT_DROP:
		out = OnCommitDrop
	}
	if out != OnCommitNone && !temp {
		return 0, pgerror.New(pgerror.InvalidTableDefinition, "ON COMMIT can only be used on temporary tables")
	}
	return out, nil
}

// tempName is the name a temporary table is created as: rv's name, its
// schema kept for the planner to check (pg_temp, or 42P16 for another).
func tempName(rv *pg_query.RangeVar) string {
	if rv.GetSchemaname() != "" {
		return qualified([]string{rv.GetSchemaname(), rv.GetRelname()})
	}
	return rv.GetRelname()
}
