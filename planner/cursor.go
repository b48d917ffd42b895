package planner

import (
	"context"
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// SQL cursors: DECLARE, FETCH, MOVE and CLOSE (PostgreSQL docs, "DECLARE").
//
// A cursor's query runs once, at DECLARE, under the statement's snapshot
// in the open transaction, and its rows are kept in the session
// (materialised); FETCH and MOVE only move over them (cursor_fetch.go).
// So a cursor sees exactly the rows PostgreSQL's would (its snapshot is
// taken at DECLARE too), but an error that PostgreSQL reports at the
// FETCH reaching a bad row is reported by DECLARE, and the whole result
// is held in memory. Cursors without SCROLL may move backward (PostgreSQL
// allows that only for plans it can run backward); NO SCROLL ones may
// not (55000 "cursor can only scan forward", as PostgreSQL 15).
//
// A cursor without WITH HOLD needs a transaction block (25P01) and ends
// with it; a WITH HOLD cursor outlives its transaction's COMMIT, and is
// dropped by the ROLLBACK of the transaction that declared it. DISCARD ALL
// and CLOSE ALL drop every cursor.

// cursor is one open SQL cursor.
type cursor struct {
	cols     []backend.Column
	rows     [][]any
	binary   bool
	noScroll bool
	hold     bool
	// txn is the transaction block that declared the cursor, nil once
	// that block committed (or for WITH HOLD outside a block).
	txn *catalog.Txn
	cursorPos
}

func errNoCursor(name string) error {
	return pgerror.Errorf(pgerror.InvalidCursorName, "cursor \"%s\" does not exist", name)
}

// DescribeCursor implements backend.CursorDescriber: the columns of the open
// cursor name, for a Describe of the portal of that name (psycopg 3
// describes its DECLAREd cursor so).
func (s *Session) DescribeCursor(name string) ([]backend.Column, bool) {
	c, ok := s.cursors[name]
	if !ok {
		return nil, false
	}
	return c.cols, true
}

// endCursors drops the cursors that end with the transaction block txn:
// those without WITH HOLD, and on rollback also those txn declared.
func (s *Session) endCursors(txn *catalog.Txn, commit bool) {
	for name, c := range s.cursors {
		if !c.hold || (!commit && c.txn == txn) {
			delete(s.cursors, name)
		} else if c.txn == txn {
			c.txn = nil
		}
	}
}

// planDeclareCursor plans DECLARE: its query is bound now (so that its
// parameters are typed for Parse) and run by the DECLARE.
func (b *binder) planDeclareCursor(x *sql.DeclareCursor) (plan, error) {
	inner, err := b.planSelect(x.Query)
	if err != nil {
		return nil, err
	}
	return &funcPlan{fn: func(ctx context.Context, ex *execCtx) (*backend.Result, error) {
		s := ex.s
		if !x.Hold && s.state == txIdle {
			return nil, pgerror.New(pgerror.NoActiveSQLTransaction, "DECLARE CURSOR can only be used in transaction blocks")
		}
		if _, ok := s.cursors[x.Name]; ok {
			return nil, pgerror.Errorf(pgerror.DuplicateCursor, "cursor \"%s\" already exists", x.Name)
		}
		res, err := runQuery(ctx, inner, ex) // exec_run.go
		if err != nil {
			return nil, err
		}
		cols := res.Columns
		if cols == nil {
			cols = []backend.Column{}
		}
		c := &cursor{cols: cols, rows: res.Rows, binary: x.Binary,
			noScroll: x.NoScroll, hold: x.Hold, cursorPos: cursorPos{atStart: true}}
		if s.state != txIdle {
			c.txn = s.txn
		}
		if s.cursors == nil {
			s.cursors = map[string]*cursor{}
		}
		s.cursors[x.Name] = c
		return &backend.Result{Tag: "DECLARE CURSOR"}, nil
	}}, nil
}

// fetchPlan is FETCH or MOVE; its columns are the cursor's at the time
// they are asked for (Describe), since the cursor may be declared again.
type fetchPlan struct {
	s *Session
	x *sql.Fetch
}

func (p *fetchPlan) columns() []backend.Column {
	if c, ok := p.s.cursors[p.x.Name]; ok && !p.x.Move {
		return c.cols
	}
	return nil
}

// run moves the cursor: FETCH returns the rows with tag "FETCH n" (binary
// values for a BINARY cursor through the simple protocol), MOVE only the
// tag "MOVE n". Errors: 34000 for a missing cursor, 55000 for a backward
// move of a NO SCROLL cursor.
func (p *fetchPlan) run(context.Context, *execCtx) (*backend.Result, error) {
	c, ok := p.s.cursors[p.x.Name]
	if !ok {
		return nil, errNoCursor(p.x.Name)
	}
	var rows [][]any
	emit := func(r []any) { rows = append(rows, r) }
	if p.x.Move {
		emit = nil
	}
	n, err := c.fetch(p.x.Direction, p.x.Count, emit)
	if err != nil {
		return nil, err
	}
	if p.x.Move {
		return &backend.Result{Tag: "MOVE " + strconv.FormatInt(n, 10)}, nil
	}
	res := &backend.Result{Columns: c.cols, Rows: rows, Tag: "FETCH " + strconv.FormatInt(n, 10)}
	if c.binary {
		res.Formats = make([]int16, len(c.cols))
		for i := range res.Formats {
			res.Formats[i] = backend.BinaryFormat
		}
	}
	return res, nil
}

// planCloseCursor plans CLOSE name (34000 when missing; tag "CLOSE
// CURSOR") and CLOSE ALL (tag "CLOSE CURSOR ALL").
func (b *binder) planCloseCursor(x *sql.CloseCursor) plan {
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		s := ex.s
		if x.All {
			clear(s.cursors)
			return &backend.Result{Tag: "CLOSE CURSOR ALL"}, nil
		}
		if _, ok := s.cursors[x.Name]; !ok {
			return nil, errNoCursor(x.Name)
		}
		delete(s.cursors, x.Name)
		return &backend.Result{Tag: "CLOSE CURSOR"}, nil
	}}
}
