package wire

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// streamEngine is fakeEngine whose sessions stream (ExecuteTo): "SELECT
// n" writes numberRows(n) one by one, "FAILAFTER n" writes n of them and
// fails with 22012, "COPYOUT n" writes n COPY payloads; the rest runs as
// fakeSession.Execute, writing nothing.
type streamEngine struct {
	fakeEngine
	streamed atomic.Int32 // ExecuteTo calls that wrote to the writer
}

func (e *streamEngine) NewSession(params map[string]string) backend.Session {
	return &streamSession{fakeSession: e.fakeEngine.NewSession(params).(*fakeSession), eng: e}
}

type streamSession struct {
	*fakeSession
	eng *streamEngine
}

func (s *streamSession) ExecuteTo(ctx context.Context, p backend.Prepared, params []any, w backend.ResultWriter) (*backend.Result, error) {
	word, arg, _ := strings.Cut(p.(*fakeStmt).sql, " ")
	n, err := strconv.Atoi(arg)
	if err != nil || (word != "SELECT" && word != "FAILAFTER" && word != "COPYOUT") {
		return s.fakeSession.Execute(ctx, p, params)
	}
	s.eng.streamed.Add(1)
	if word == "COPYOUT" {
		if err := w.BeginCopy(backend.CopyInfo{Columns: 2}); err != nil {
			return nil, err
		}
		for i := 1; i <= n; i++ {
			if err := w.WriteCopy(fmt.Appendf(nil, "%d\trow %d\n", i, i)); err != nil {
				return nil, err
			}
		}
		return &backend.Result{CopyOut: &backend.CopyInfo{Columns: 2}, Tag: fmt.Sprintf("COPY %d", n)}, nil
	}
	if err := w.Begin(tableCols); err != nil {
		return nil, err
	}
	for _, row := range numberRows(n) {
		if err := w.WriteRow(row); err != nil {
			return nil, err
		}
	}
	if word == "FAILAFTER" {
		return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
	}
	return &backend.Result{Columns: tableCols, Tag: fmt.Sprintf("SELECT %d", n)}, nil
}

// TestStreamedSimpleQuery: rows a session streams go out as DataRows after
// one RowDescription (sent also for no rows); an error after rows follows
// them, as PostgreSQL sends it, and an error before any row comes alone;
// COPY payloads go out between CopyOutResponse and CopyDone; the last
// statement's CommandComplete still waits for the commit.
func TestStreamedSimpleQuery(t *testing.T) {
	eng := &streamEngine{}
	rc := dialRaw(t, startServer(t, eng))
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 2; FAILAFTER 1; SELECT 1"}),
		rowDescNS, "DataRow 1|row 1", "DataRow 2|row 2", "CommandComplete SELECT 2",
		rowDescNS, "DataRow 1|row 1", "ErrorResponse ERROR 22012 division by zero", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 0"}),
		rowDescNS, "CommandComplete SELECT 0", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "FAILAFTER 0"}),
		"ErrorResponse ERROR 22012 division by zero", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "COPYOUT 2; SELECT 1"}),
		"CopyOutResponse 0 [0 0]", `CopyData "1\trow 1\n"`, `CopyData "2\trow 2\n"`, "CopyDone",
		"CommandComplete COPY 2", rowDescNS, "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")
	eng.failSync.Store(true)
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 1"}),
		rowDescNS, "DataRow 1|row 1", "ErrorResponse ERROR 58030 could not write to the write-ahead log: disk on fire",
		"ReadyForQuery I")
	eng.failSync.Store(false)
	if got := eng.streamed.Load(); got != 7 {
		t.Fatalf("%d statements streamed, want 7", got)
	}
}

// TestStreamedPortal: Execute without a row limit streams with Bind's
// result formats and completes the portal; an error after rows follows
// them; COPY TO streams its CopyData; Execute with a row limit
// materialises through Session.Execute.
func TestStreamedPortal(t *testing.T) {
	eng := &streamEngine{}
	rc := dialRaw(t, startServer(t, eng))
	checkMessages(t, rc.roundTrip(
		&pgproto3.Parse{Name: "two", Query: "SELECT 2"},
		&pgproto3.Bind{PreparedStatement: "two", ResultFormatCodes: []int16{1, 0}},
		&pgproto3.Execute{},
		&pgproto3.Execute{},
		&pgproto3.Sync{},
	),
		"ParseComplete", "BindComplete", "DataRow "+string(be64(1))+"|row 1", "DataRow "+string(be64(2))+"|row 2",
		"CommandComplete SELECT 2", "CommandComplete SELECT 0", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(
		&pgproto3.Parse{Query: "FAILAFTER 2"},
		&pgproto3.Bind{},
		&pgproto3.Execute{},
		&pgproto3.Execute{},
		&pgproto3.Sync{},
	),
		"ParseComplete", "BindComplete", "DataRow 1|row 1", "DataRow 2|row 2",
		"ErrorResponse ERROR 22012 division by zero", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(
		&pgproto3.Parse{Query: "COPYOUT 1"},
		&pgproto3.Bind{},
		&pgproto3.Execute{},
		&pgproto3.Sync{},
	),
		"ParseComplete", "BindComplete", "CopyOutResponse 0 [0 0]", `CopyData "1\trow 1\n"`, "CopyDone",
		"CommandComplete COPY 1", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(
		&pgproto3.Bind{PreparedStatement: "two"},
		&pgproto3.Execute{MaxRows: 1},
		&pgproto3.Execute{},
		&pgproto3.Sync{},
	),
		"BindComplete", "DataRow 1|row 1", "PortalSuspended", "DataRow 2|row 2", "CommandComplete SELECT 1",
		"ReadyForQuery I")
	if got := eng.streamed.Load(); got != 3 {
		t.Fatalf("%d Executes streamed, want 3 (a row limit materialises)", got)
	}
}
