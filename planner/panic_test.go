package planner

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// panicExpr is an expression whose evaluation panics.
type panicExpr struct{}

func (panicExpr) Type() types.Type       { return types.Int4 }
func (panicExpr) Eval(*env) (any, error) { panic("boom") }

// TestPanicInStatementIsInternalError checks that a panic while a
// statement runs, under the catalog lock shared (a query), exclusive
// (DDL) or with a table's writer lock (INSERT), is answered with XX000, fails the open block (25P02 until
// ROLLBACK), and leaves no lock held: the session and the catalog stay
// usable, and the block's earlier insert is rolled back.
func TestPanicInStatementIsInternalError(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE w (id int PRIMARY KEY)")
	for _, q := range []string{"SELECT id FROM w", "CREATE TABLE w2 (id int)", "INSERT INTO w VALUES (2)"} {
		exec(t, s, "BEGIN")
		exec(t, s, "INSERT INTO w VALUES (1)")
		p, err := s.Prepare(q, nil)
		if err != nil {
			t.Fatalf("prepare %s: %v", q, err)
		}
		if ip, ok := p.(*prepared).plan.(*insertPlan); ok { // keep the plan that takes the writer lock
			ip.rows = [][]expr{{panicExpr{}}}
		} else {
			p.(*prepared).plan = &funcPlan{fn: func(context.Context, *execCtx) (*backend.Result, error) { panic("boom") }}
		}
		_, err = s.Execute(context.Background(), p, nil)
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.InternalError || pe.Message != "panic: boom" {
			t.Fatalf("%s: error %v, want XX000 panic: boom", q, err)
		}
		if st := s.TxStatus(); st != 'E' {
			t.Fatalf("%s: transaction status %c after the panic, want E", q, st)
		}
		exec(t, s, "ROLLBACK")
		if got := ids(exec(t, s, "SELECT id FROM w")); len(got) != 0 {
			t.Fatalf("%s: rows %v after ROLLBACK, want none", q, got)
		}
	}
	exec(t, s, "CREATE TABLE w3 (id int)") // the exclusive lock is free
	exec(t, s, "INSERT INTO w VALUES (3)") // the writer lock is free
	if got := ids(exec(t, s, "SELECT id FROM w")); !slices.Equal(got, []int64{3}) {
		t.Fatalf("rows %v, want [3]", got)
	}
}

// TestPanicInPrepareBindFreesLock checks that a panic while SQL PREPARE
// binds its statement (here a malformed tree: a nil expression) leaves the
// catalog lock free: wire turns the panic into XX000 and the session goes
// on, so a lock held past it would hang every later DDL of the server.
func TestPanicInPrepareBindFreesLock(t *testing.T) {
	s := testSession(t)
	bad := &sql.Prepare{Name: "p", Stmt: &sql.Select{Items: []sql.SelectItem{{Expr: (*sql.BinaryExpr)(nil)}}}}
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("binding a nil expression did not panic: the test needs another malformed tree")
			}
		}()
		s.execPrepare(bad, "PREPARE p AS SELECT")
	}()
	exec(t, s, "CREATE TABLE after_panic (id int)") // needs the catalog lock exclusively
}
