package planner

import (
	"context"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// funcPlan is a plan that is just a function: session statements and DDL.
type funcPlan struct {
	cols []backend.Column
	fn   func(ctx context.Context, x *execCtx) (*backend.Result, error)
}

func (f *funcPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) { return f.fn(ctx, x) }
func (f *funcPlan) columns() []backend.Column                                    { return f.cols }

func resultPlan(res *backend.Result) *funcPlan {
	return &funcPlan{fn: func(context.Context, *execCtx) (*backend.Result, error) { return res, nil }}
}

// plan binds a statement into its plan.
func (b *binder) plan(st sql.Statement) (plan, error) {
	switch x := st.(type) {
	case *sql.Select:
		return b.planSelect(x)
	case *sql.Insert:
		return b.planInsert(x)
	case *sql.Update:
		return b.planUpdate(x)
	case *sql.Delete:
		return b.planDelete(x)
	case *sql.Copy:
		return b.planCopy(x)
	case *sql.CreateTable:
		return b.planCreateTable(x)
	case *sql.CreateTableAs:
		return b.planCreateTableAs(x) // ctas.go
	case *sql.DropTable:
		return b.planDropTable(x), nil
	case *sql.WithModify:
		return b.planWithModify(x) // with_modify.go
	case *sql.CreateView:
		return b.planCreateView(x) // view_ddl.go
	case *sql.DropView:
		return b.planDropView(x), nil // view_ddl.go
	case *sql.CreateSequence:
		return b.planCreateSequence(x), nil // sequence_ddl.go
	case *sql.AlterSequence:
		return b.planAlterSequence(x), nil
	case *sql.DropSequence:
		return b.planDropSequence(x), nil
	case *sql.CreateIndex:
		return b.planCreateIndex(x)
	case *sql.DropIndex:
		return b.planDropIndex(x), nil
	case *sql.CreateExtension:
		return b.planCreateExtension(x) // extension.go
	case *sql.Comment:
		return b.planComment(x), nil // comment.go
	case *sql.CommentExtension:
		return b.planCommentExtension(x), nil // extension.go
	case *sql.CreateSchema:
		return b.planCreateSchema(x), nil // schema_ddl.go
	case *sql.DropSchema:
		return b.planDropSchema(x), nil
	case *sql.AlterSchemaOwner:
		return b.planAlterSchemaOwner(x), nil
	case *sql.RenameSchema:
		return b.planRenameSchema(x), nil
	case *sql.DropExtension:
		return b.planDropExtension(x), nil
	case *sql.Set, *sql.Show, *sql.Reset, *sql.SetTransaction:
		return b.planSetting(st), nil
	case *sql.Explain:
		return b.planExplain(x)
	case *sql.Txn:
		// Session.Execute runs transaction statements itself; the plan
		// only lets them be prepared (psycopg 3 sends BEGIN with Parse).
		return resultPlan(&backend.Result{}), nil
	case *sql.Analyze:
		return b.planAnalyze(x)
	case *sql.CreateRole:
		return b.planCreateRole(x), nil
	case *sql.AlterRole:
		return b.planAlterRole(x), nil
	case *sql.DropRole:
		return b.planDropRole(x), nil
	case *sql.Grant:
		return b.planGrant(x), nil
	case *sql.Prepare:
		// Session.Execute runs PREPARE and EXECUTE (prepared_sql.go); the
		// plans only let them be prepared and described.
		return resultPlan(&backend.Result{Tag: "PREPARE"}), nil
	case *sql.Execute:
		return b.planExecute(x), nil
	case *sql.Deallocate:
		return b.planDeallocate(x), nil
	case *sql.Discard:
		return b.planDiscard(x), nil
	case *sql.DeclareCursor:
		return b.planDeclareCursor(x)
	case *sql.Fetch:
		return &fetchPlan{s: b.s, x: x}, nil
	case *sql.CloseCursor:
		return b.planCloseCursor(x), nil
	case *sql.AlterTable:
		return b.planAlterTable(x) // alter.go
	case *sql.Rename:
		return b.planRename(x), nil
	case *sql.Truncate:
		return b.planTruncate(x), nil
	case *sql.Reindex:
		return b.planReindex(x), nil
	case *sql.Checkpoint:
		return b.planCheckpoint(), nil
	case *sql.AlterSystem:
		return b.planAlterSystem(x), nil // alter_system.go
	case *sql.Vacuum:
		return b.planVacuum(x)
	case *sql.LockTable:
		return b.planLockTable(x) // lock_table.go
	}
	return nil, pgerror.NotSupported("this statement")
}

func (b *binder) planSetting(st sql.Statement) plan {
	p := &funcPlan{fn: func(_ context.Context, x *execCtx) (*backend.Result, error) { return x.s.runSetting(st) }}
	if sh, ok := st.(*sql.Show); ok {
		if res, err := b.s.settings.show(sh.Name); err == nil {
			p.cols = res.Columns
		}
	}
	return p
}
