package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// checkTxnBlock refuses the statements with a blockOnly trait
// (stmt_traits.go: VACUUM and the CONCURRENTLY forms), before any
// name is looked up, as PostgreSQL 15's PreventInTransactionBlock does:
// inside a transaction block (inBlock: explicit or the implicit one of a
// multi-statement Query) 25001 "CREATE INDEX CONCURRENTLY cannot run
// inside a transaction block"; after another statement of an
// extended-protocol pipeline not yet ended by Sync (pipelined) 25001
// "VACUUM cannot be executed within a pipeline" (PostgreSQL 15.8 and
// later). Then DROP INDEX CONCURRENTLY of several indexes is 0A000, as
// PostgreSQL's RemoveRelations.
func checkTxnBlock(st sql.Statement, inBlock, pipelined bool) error {
	if name := traitsOf(st).blockOnly; name != "" {
		switch {
		case inBlock:
			return pgerror.New(pgerror.ActiveSQLTransaction, name+" cannot run inside a transaction block")
		case pipelined:
			return pgerror.New(pgerror.ActiveSQLTransaction, name+" cannot be executed within a pipeline")
		}
	}
	if d, ok := st.(*sql.DropIndex); ok && d.Concurrently && len(d.Names) > 1 {
		return pgerror.New(pgerror.FeatureNotSupported, "DROP INDEX CONCURRENTLY does not support dropping multiple objects")
	}
	return nil
}
