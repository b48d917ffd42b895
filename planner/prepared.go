package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire"
)

// plan is a bound statement ready to run.
type plan interface {
	// run executes the plan; the caller holds the catalog lock as
	// lockMode(stmt) says and supplies the transaction.
	run(ctx context.Context, x *execCtx) (*wire.Result, error)
	columns() []wire.Column
}

// execCtx is what a plan runs with.
type execCtx struct {
	s      *Session
	txn    *catalog.Txn
	params []any
	// initVals holds the values of the statement's uncorrelated scalar
	// subqueries, each run once per execution (subquery.go).
	initVals map[*subqueryExpr]any
}

// prepared is a statement with, once bound, its plan; it implements
// wire.Prepared.
type prepared struct {
	stmt     sql.Statement
	query    string // the query text, for error positions (errpos.go)
	declared []uint32
	plan     plan
	params   []types.Type
	version  uint64 // catalog version the plan was bound at
	settings uint64 // settings version the plan was bound at
	bound    bool
	fixed    bool // plan never re-bound (pgcatalog queries)
}

func (p *prepared) ParamTypes() []types.Type { return p.params }

func (p *prepared) Columns() []wire.Column {
	if p.plan == nil {
		return nil
	}
	return p.plan.columns()
}

func (p *prepared) Tag() string { return commandTag(p.stmt) }

// commandTag is the first word of the CommandComplete tag.
func commandTag(st sql.Statement) string {
	switch x := st.(type) {
	case *sql.Select:
		return "SELECT"
	case *sql.Insert:
		return "INSERT"
	case *sql.Update:
		return "UPDATE"
	case *sql.Delete:
		return "DELETE"
	case *sql.Copy:
		return "COPY"
	case *sql.CreateTable:
		return "CREATE TABLE"
	case *sql.DropTable:
		return "DROP TABLE"
	case *sql.CreateIndex:
		return "CREATE INDEX"
	case *sql.DropIndex:
		return "DROP INDEX"
	case *sql.Grant:
		if x.Revoke {
			return "REVOKE"
		}
		return "GRANT"
	case *sql.CreateExtension:
		return "CREATE EXTENSION"
	case *sql.Set:
		return "SET"
	case *sql.Show:
		return "SHOW"
	case *sql.Reset:
		return "RESET"
	case *sql.Explain:
		return "EXPLAIN"
	case *sql.DeclareCursor:
		return "DECLARE CURSOR"
	case *sql.Fetch:
		if x.Move {
			return "MOVE"
		}
		return "FETCH"
	case *sql.CloseCursor:
		return "CLOSE CURSOR"
	case *sql.AlterTable, *sql.Rename:
		return "ALTER TABLE"
	case *sql.Truncate:
		return "TRUNCATE TABLE"
	case *sql.Reindex:
		return "REINDEX"
	case *sql.Checkpoint:
		return "CHECKPOINT"
	case *sql.Vacuum:
		return "VACUUM"
	}
	return ""
}

// lockMode says which catalog locks a statement holds (session.go,
// runLocked; catalog package doc, Concurrency).
type lockMode uint8

const (
	lockNone      lockMode = iota
	lockShared             // schema lock shared: queries
	lockWrite              // schema lock shared + the target table's writer lock: DML
	lockExclusive          // schema lock exclusive: DDL
	lockSelf               // bound under the shared lock, run unlocked: CREATE INDEX (catalog.BuildIndex)
)

func lockModeOf(st sql.Statement) lockMode {
	switch x := st.(type) {
	case *sql.Select, *sql.DeclareCursor:
		return lockShared
	case *sql.Explain:
		if x.Analyze {
			return lockModeOf(x.Stmt)
		}
		return lockShared
	case *sql.Copy:
		// COPY FROM inserts its batches under their own locks (copy.go).
		return lockShared
	case *sql.Insert, *sql.Update, *sql.Delete:
		return lockWrite
	case *sql.CreateIndex:
		return lockSelf
	case *sql.CreateTable, *sql.DropTable, *sql.DropIndex, *sql.Grant:
		return lockExclusive
	case *sql.AlterTable, *sql.Rename, *sql.Truncate, *sql.Reindex:
		return lockExclusive // alter.go
	}
	return lockNone
}

// writes reports whether the statement changes rows (needs a real
// transaction rather than a read snapshot).
func writes(st sql.Statement) bool {
	switch x := st.(type) {
	case *sql.Insert, *sql.Update, *sql.Delete:
		return true
	case *sql.Copy:
		return x.From
	case *sql.Explain:
		return x.Analyze && writes(x.Stmt)
	}
	return false
}
