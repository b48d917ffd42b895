package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vecgres/vecgres/wire/backend"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// fakeEngine understands a handful of statements (see fakeSession.run); its
// one table t(n int8, s text) is shared by all sessions.
type fakeEngine struct {
	mu       sync.Mutex
	table    [][]any
	opened   atomic.Int32
	closed   atomic.Int32
	lastApp  atomic.Value // application_name of the last session
	executes atomic.Int32 // Session.Execute calls
	txnLog   []string     // BeginImplicit/Sync/Fail calls, under mu
	failSync atomic.Bool  // Sync fails as a commit whose WAL write failed (58030)
}

func (e *fakeEngine) NewSession(params map[string]string) backend.Session {
	e.opened.Add(1)
	e.lastApp.Store(params["application_name"])
	return &fakeSession{eng: e, tx: 'I', app: params["application_name"]}
}

func (e *fakeEngine) rows() [][]any {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([][]any(nil), e.table...)
}

type fakeSession struct {
	eng *fakeEngine
	tx  byte
	app string // startup application_name
}

// fakeStmt is a statement of the fake engine.
type fakeStmt struct {
	sql    string
	params []types.Type
	cols   []backend.Column
}

func (p *fakeStmt) ParamTypes() []types.Type  { return p.params }
func (p *fakeStmt) Columns() []backend.Column { return p.cols }
func (p *fakeStmt) Tag() string               { return strings.ToUpper(strings.Fields(p.sql + " X")[0]) }

var tableCols = []backend.Column{
	{Name: "n", Type: types.Int8, TableOID: 16400, AttNum: 1},
	{Name: "s", Type: types.Text, TableOID: 16400, AttNum: 2},
}

func (s *fakeSession) Split(query string) ([]backend.Prepared, error) {
	if strings.Contains(query, "SPLITERROR") {
		return nil, pgerror.New(pgerror.SyntaxError, `syntax error at or near "SPLITERROR"`).WithPosition(1)
	}
	var out []backend.Prepared
	for _, part := range strings.Split(query, ";") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, &fakeStmt{sql: part})
		}
	}
	return out, nil
}

func (s *fakeSession) Prepare(query string, paramOIDs []uint32) (backend.Prepared, error) {
	stmts, _ := s.Split(query)
	switch len(stmts) {
	case 0:
		return nil, nil
	case 1:
	default:
		return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
	}
	p := stmts[0].(*fakeStmt)
	if strings.HasPrefix(p.sql, "PREPAREPANIC") {
		panic("prepare exploded")
	}
	for i := range strings.Count(p.sql, "$") {
		t := types.Int8
		if i < len(paramOIDs) && paramOIDs[i] == types.OIDText {
			t = types.Text
		}
		p.params = append(p.params, t)
	}
	p.cols = s.columns(p)
	return p, nil
}

// columns is what Prepare reports for p.
func (s *fakeSession) columns(p *fakeStmt) []backend.Column {
	lower := strings.ToLower(p.sql)
	switch {
	case strings.HasPrefix(lower, "select $"):
		cols := make([]backend.Column, len(p.params))
		for i, t := range p.params {
			cols[i] = backend.Column{Name: "?column?", Type: t}
		}
		return cols
	case strings.HasPrefix(lower, "select"):
		return tableCols
	}
	return nil
}

func (s *fakeSession) Execute(ctx context.Context, p backend.Prepared, params []any) (*backend.Result, error) {
	s.eng.executes.Add(1)
	return s.run(ctx, p.(*fakeStmt), params)
}

// run executes one statement of the fake dialect.
func (s *fakeSession) run(ctx context.Context, p *fakeStmt, params []any) (*backend.Result, error) {
	q := p.sql
	lower := strings.ToLower(q)
	if s.tx == 'E' && lower != "rollback" {
		return nil, pgerror.New(pgerror.InFailedSQLTransaction,
			"current transaction is aborted, commands ignored until end of transaction block")
	}
	switch {
	case strings.HasPrefix(lower, "select $"):
		cols := make([]backend.Column, len(params))
		for i := range params {
			cols[i] = backend.Column{Name: "?column?", Type: p.params[i]}
		}
		return &backend.Result{Columns: cols, Rows: [][]any{params}, Tag: "SELECT 1"}, nil
	case strings.HasPrefix(lower, "select ") && strings.Contains(lower, "from"):
		rows := s.eng.rows()
		return &backend.Result{Columns: tableCols, Rows: rows, Tag: fmt.Sprintf("SELECT %d", len(rows))}, nil
	case strings.HasPrefix(q, "SELECT "):
		n, err := strconv.Atoi(strings.TrimSpace(q[len("SELECT "):]))
		if err != nil {
			return nil, pgerror.Errorf(pgerror.SyntaxError, "bad SELECT %q", q)
		}
		return &backend.Result{Columns: tableCols, Rows: numberRows(n), Tag: fmt.Sprintf("SELECT %d", n)}, nil
	case q == "ERROR":
		return nil, pgerror.New(pgerror.DivisionByZero, "division by zero").
			WithDetail("the detail").WithHint("the hint").WithPosition(3).WithContext("the context")
	case q == "PANIC":
		panic("session exploded")
	case q == "BADROW":
		return &backend.Result{Columns: tableCols, Rows: [][]any{{int64(1)}}, Tag: "SELECT 1"}, nil
	case q == "SLEEP":
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(10 * time.Second):
			return &backend.Result{Tag: "SLEEP"}, nil
		}
	case q == "NOTICE":
		return &backend.Result{Tag: "DO", Notices: []backend.Notice{{Severity: "NOTICE", Code: "00000", Message: "hello notice"}}}, nil
	case strings.HasPrefix(q, "SET application_name = "):
		v := strings.Trim(strings.TrimPrefix(q, "SET application_name = "), "'")
		return &backend.Result{Tag: "SET", ParamStatus: map[string]string{"application_name": v}}, nil
	case q == "BEGIN":
		s.tx = 'T'
		return &backend.Result{Tag: "BEGIN"}, nil
	case q == "COMMIT" || lower == "rollback":
		s.tx = 'I'
		return &backend.Result{Tag: strings.ToUpper(q)}, nil
	case q == "INSERT":
		s.eng.mu.Lock()
		s.eng.table = append(s.eng.table, []any{int64(len(s.eng.table) + 1), "inserted"})
		s.eng.mu.Unlock()
		return &backend.Result{Tag: "INSERT 0 1"}, nil
	case strings.Contains(lower, "from stdin"):
		return &backend.Result{Tag: "COPY", CopyIn: &backend.CopyInfo{Binary: strings.Contains(lower, "binary"), Columns: 2}}, nil
	case strings.Contains(lower, "to stdout"):
		var data [][]byte
		for _, r := range s.eng.rows() {
			data = append(data, fmt.Appendf(nil, "%d\t%v\n", r[0], r[1]))
		}
		return &backend.Result{Tag: fmt.Sprintf("COPY %d", len(data)), CopyOut: &backend.CopyInfo{Columns: 2}, CopyData: data}, nil
	}
	return nil, pgerror.Errorf(pgerror.SyntaxError, "fake engine does not know %q", q)
}

// numberRows returns rows (i, "row i") for i in 1..n; every fifth s is NULL.
func numberRows(n int) [][]any {
	rows := make([][]any, n)
	for i := range rows {
		var s any = fmt.Sprintf("row %d", i+1)
		if (i+1)%5 == 0 {
			s = nil
		}
		rows[i] = []any{int64(i + 1), s}
	}
	return rows
}

func (s *fakeSession) CopyFrom(ctx context.Context, p backend.Prepared, data io.Reader) (*backend.Result, error) {
	var rows [][]any
	var err error
	if strings.Contains(strings.ToLower(p.(*fakeStmt).sql), "binary") {
		rows, err = readBinaryCopy(data)
	} else {
		rows, err = readTextCopy(data)
	}
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	s.eng.mu.Lock()
	s.eng.table = append(s.eng.table, rows...)
	s.eng.mu.Unlock()
	return &backend.Result{Tag: fmt.Sprintf("COPY %d", len(rows))}, nil
}

// readTextCopy reads "n\ts" lines; a line "bad" is 22P02.
func readTextCopy(r io.Reader) ([][]any, error) {
	var rows [][]any
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		n, s, _ := strings.Cut(sc.Text(), "\t")
		v, err := strconv.ParseInt(n, 10, 64)
		if err != nil {
			return nil, pgerror.Errorf(pgerror.InvalidTextRepresentation, "invalid input syntax for type bigint: \"%s\"", n)
		}
		rows = append(rows, []any{v, s})
	}
	return rows, sc.Err()
}

// readBinaryCopy reads PostgreSQL's binary COPY format with (int8, text)
// tuples (docs, COPY "Binary Format").
func readBinaryCopy(r io.Reader) ([][]any, error) {
	all, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	sig := []byte("PGCOPY\n\xff\r\n\x00")
	if !bytes.HasPrefix(all, sig) || len(all) < len(sig)+8 {
		return nil, pgerror.New(pgerror.BadCopyFileFormat, "COPY file signature not recognized")
	}
	b := all[len(sig)+8:]
	var rows [][]any
	for {
		if len(b) == 0 {
			return rows, nil // pgx sends no trailer; EOF at a tuple start ends the data
		}
		if len(b) < 2 {
			return nil, errors.New("truncated tuple")
		}
		nf := int16(binary.BigEndian.Uint16(b))
		b = b[2:]
		if nf == -1 {
			return rows, nil
		}
		row := make([]any, nf)
		for i := range row {
			l := int32(binary.BigEndian.Uint32(b))
			b = b[4:]
			if l < 0 {
				continue
			}
			if i == 0 {
				row[i] = int64(binary.BigEndian.Uint64(b[:l]))
			} else {
				row[i] = string(b[:l])
			}
			b = b[l:]
		}
		rows = append(rows, row)
	}
}

func (s *fakeSession) TxStatus() byte { return s.tx }
func (s *fakeSession) Close()         { s.eng.closed.Add(1) }

// ExecuteTo writes nothing: the fake answers with Execute's whole result,
// as the contract allows (streamSession in stream_test.go streams).
func (s *fakeSession) ExecuteTo(ctx context.Context, p backend.Prepared, params []any, _ backend.ResultWriter) (*backend.Result, error) {
	return s.Execute(ctx, p, params)
}

// DescribeCursor knows no cursors and Revalidate accepts every statement:
// the fake keeps no SQL cursors and has no schema.
func (s *fakeSession) DescribeCursor(string) ([]backend.Column, bool) { return nil, false }
func (s *fakeSession) Revalidate(backend.Prepared) error              { return nil }

// BeginImplicit, Sync and Fail log their calls in the engine's txnLog
// ("begin", "begin multi", "sync", "fail").
func (s *fakeSession) BeginImplicit(multi bool) {
	if multi {
		s.eng.logTxn("begin multi")
	} else {
		s.eng.logTxn("begin")
	}
}

func (s *fakeSession) Sync() error {
	s.eng.logTxn("sync")
	if s.eng.failSync.Load() {
		return pgerror.New(pgerror.IOError, "could not write to the write-ahead log: disk on fire")
	}
	return nil
}

func (s *fakeSession) Fail() {
	s.eng.logTxn("fail")
	if s.tx == 'T' {
		s.tx = 'E'
	}
}

// ApplyStartup refuses an application_name of "fatal".
func (s *fakeSession) ApplyStartup() (map[string]string, error) {
	if s.app == "fatal" {
		return nil, pgerror.New(pgerror.InvalidParameterValue, `invalid value for parameter "application_name": "fatal"`)
	}
	return nil, nil
}

func (e *fakeEngine) logTxn(ev string) {
	e.mu.Lock()
	e.txnLog = append(e.txnLog, ev)
	e.mu.Unlock()
}

// takeTxnLog returns the logged BeginImplicit/Sync/Fail calls and clears
// the log.
func (e *fakeEngine) takeTxnLog() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	l := e.txnLog
	e.txnLog = nil
	return l
}
