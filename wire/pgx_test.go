package wire

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
)

var allModes = []pgx.QueryExecMode{
	pgx.QueryExecModeCacheStatement, pgx.QueryExecModeCacheDescribe,
	pgx.QueryExecModeDescribeExec, pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol,
}

// readNS collects (n, s) rows; a NULL s reads as "<null>".
func readNS(t *testing.T, rows pgx.Rows) []string {
	t.Helper()
	var out []string
	for rows.Next() {
		var n int64
		var s *string
		if err := rows.Scan(&n, &s); err != nil {
			t.Fatal(err)
		}
		if s == nil {
			out = append(out, fmt.Sprintf("%d:<null>", n))
		} else {
			out = append(out, fmt.Sprintf("%d:%s", n, *s))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPgxQueryAllModes(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	ctx := context.Background()
	want := "1:row 1,2:row 2,3:row 3,4:row 4,5:<null>,6:row 6"
	for _, mode := range allModes {
		t.Run(mode.String(), func(t *testing.T) {
			c := connect(t, s, mode)
			rows, err := c.Query(ctx, "SELECT 6")
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(readNS(t, rows), ","); got != want {
				t.Fatalf("rows %s, want %s", got, want)
			}
			if tag := rows.CommandTag().String(); tag != "SELECT 6" {
				t.Fatalf("tag %q", tag)
			}
			if mode == pgx.QueryExecModeSimpleProtocol {
				return // pgx would inline $1 into the SQL text
			}
			var v int64
			if err := c.QueryRow(ctx, "SELECT $1", int64(-77)).Scan(&v); err != nil || v != -77 {
				t.Fatalf("SELECT $1 = %d, %v", v, err)
			}
		})
	}
}

func TestPgxStartupParameters(t *testing.T) {
	eng := &fakeEngine{}
	s := startServer(t, eng)
	c := connect(t, s, pgx.QueryExecModeCacheStatement)
	pc := c.PgConn()
	for name, want := range map[string]string{
		"server_version": "15.20", "application_name": "wiretest", "session_authorization": "alice",
		"client_encoding": "UTF8", "standard_conforming_strings": "on", "TimeZone": "UTC",
	} {
		if got := pc.ParameterStatus(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if pc.PID() == 0 || len(pc.SecretKey()) != 4 {
		t.Errorf("BackendKeyData pid %d key %x", pc.PID(), pc.SecretKey())
	}
	if eng.lastApp.Load() != "wiretest" {
		t.Errorf("session params application_name %v", eng.lastApp.Load())
	}
	if _, err := c.Exec(context.Background(), "SET application_name = 'other'"); err != nil {
		t.Fatal(err)
	}
	if got := pc.ParameterStatus("application_name"); got != "other" {
		t.Errorf("after SET, application_name = %q", got)
	}
}

func TestPgxPreparedStatementManyTimes(t *testing.T) {
	eng := &fakeEngine{}
	s := startServer(t, eng)
	c := connect(t, s, pgx.QueryExecModeCacheStatement)
	ctx := context.Background()
	sd, err := c.Prepare(ctx, "echo", "SELECT $1")
	if err != nil {
		t.Fatal(err)
	}
	if len(sd.ParamOIDs) != 1 || sd.ParamOIDs[0] != 20 || len(sd.Fields) != 1 || sd.Fields[0].DataTypeOID != 20 {
		t.Fatalf("description %+v %+v", sd.ParamOIDs, sd.Fields)
	}
	before := eng.executes.Load()
	for i := range int64(50) {
		var v int64
		if err := c.QueryRow(ctx, "echo", i*1000003).Scan(&v); err != nil || v != i*1000003 {
			t.Fatalf("run %d: %d %v", i, v, err)
		}
	}
	if n := eng.executes.Load() - before; n != 50 {
		t.Fatalf("%d executions, want 50", n)
	}
	var n *int64
	if err := c.QueryRow(ctx, "echo", nil).Scan(&n); err != nil || n != nil {
		t.Fatalf("NULL param: %v %v", n, err)
	}
}

func TestPgxSendBatch(t *testing.T) {
	eng := &fakeEngine{}
	s := startServer(t, eng)
	ctx := context.Background()
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeDescribeExec} {
		t.Run(mode.String(), func(t *testing.T) {
			c := connect(t, s, mode)
			b := &pgx.Batch{}
			b.Queue("SELECT 2")
			b.Queue("SELECT $1", int64(5))
			b.Queue("INSERT")
			br := c.SendBatch(ctx, b)
			rows, err := br.Query()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(readNS(t, rows), ","); got != "1:row 1,2:row 2" {
				t.Fatalf("first: %s", got)
			}
			var v int64
			if err := br.QueryRow().Scan(&v); err != nil || v != 5 {
				t.Fatalf("second: %d %v", v, err)
			}
			tag, err := br.Exec()
			if err != nil || tag.String() != "INSERT 0 1" {
				t.Fatalf("third: %q %v", tag, err)
			}
			if err := br.Close(); err != nil {
				t.Fatal(err)
			}
			// A failing batch reports the error and the connection still works.
			b = &pgx.Batch{}
			b.Queue("SELECT 1")
			b.Queue("ERROR")
			b.Queue("SELECT 1")
			err = c.SendBatch(ctx, b).Close()
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "22012" {
				t.Fatalf("batch error %v", err)
			}
			if err := c.QueryRow(ctx, "SELECT $1", int64(3)).Scan(&v); err != nil || v != 3 {
				t.Fatalf("after failed batch: %d %v", v, err)
			}
		})
	}
}

func TestPgxCopyFromBinary(t *testing.T) {
	eng := &fakeEngine{}
	s := startServer(t, eng)
	ctx := context.Background()
	c := connect(t, s, pgx.QueryExecModeCacheStatement)
	src := [][]any{{int64(10), "ten"}, {int64(-11), nil}, {int64(1 << 40), "big"}}
	n, err := c.CopyFrom(ctx, pgx.Identifier{"t"}, []string{"n", "s"}, pgx.CopyFromRows(src))
	if err != nil || n != 3 {
		t.Fatalf("CopyFrom: %d %v", n, err)
	}
	rows, err := c.Query(ctx, "select n, s from t")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(readNS(t, rows), ","); got != "10:ten,-11:<null>,1099511627776:big" {
		t.Fatalf("table: %s", got)
	}
	// COPY TO STDOUT through pgconn.
	var out strings.Builder
	tag, err := c.PgConn().CopyTo(ctx, &out, "COPY t TO STDOUT")
	if err != nil || tag.String() != "COPY 3" || out.String() != "10\tten\n-11\t<nil>\n1099511627776\tbig\n" {
		t.Fatalf("CopyTo: %q %q %v", tag, out.String(), err)
	}
	// A copy whose source fails: the client sends CopyFail, nothing stored.
	_, err = c.CopyFrom(ctx, pgx.Identifier{"t"}, []string{"n", "s"}, pgx.CopyFromFunc(func() ([]any, error) {
		return nil, errors.New("source broke")
	}))
	if err == nil {
		t.Fatal("CopyFrom with failing source succeeded")
	}
	if len(eng.rows()) != 3 {
		t.Fatalf("rows after failed copy: %v", eng.rows())
	}
	var v int64
	if err := c.QueryRow(ctx, "SELECT $1", int64(8)).Scan(&v); err != nil || v != 8 {
		t.Fatalf("after failed copy: %d %v", v, err)
	}
}

func TestPgxErrorThenSameConnectionWorks(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	ctx := context.Background()
	for _, mode := range allModes {
		t.Run(mode.String(), func(t *testing.T) {
			c := connect(t, s, mode)
			_, err := c.Exec(ctx, "ERROR")
			var pe *pgconn.PgError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v", err)
			}
			if pe.Code != "22012" || pe.Message != "division by zero" || pe.Detail != "the detail" ||
				pe.Hint != "the hint" || pe.Position != 3 || pe.Where != "the context" || pe.Severity != "ERROR" {
				t.Fatalf("PgError %+v", pe)
			}
			_, err = c.Exec(ctx, "PANIC")
			if !errors.As(err, &pe) || pe.Code != "XX000" {
				t.Fatalf("panic error %v", err)
			}
			rows, err := c.Query(ctx, "SELECT 2")
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(readNS(t, rows), ","); got != "1:row 1,2:row 2" {
				t.Fatalf("after error: %s", got)
			}
		})
	}
}

func TestPgxTxStatusAndNotice(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(connString(s))
	if err != nil {
		t.Fatal(err)
	}
	var notices []string
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { notices = append(notices, n.Severity+" "+n.Message) }
	c, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "NOTICE"); err != nil {
		t.Fatal(err)
	}
	if len(notices) != 1 || notices[0] != "NOTICE hello notice" {
		t.Fatalf("notices %q", notices)
	}
	steps := []struct {
		sql string
		tx  byte
	}{{"BEGIN", 'T'}, {"ERROR", 'E'}, {"ROLLBACK", 'I'}}
	for _, st := range steps {
		c.Exec(ctx, st.sql)
		if got := c.PgConn().TxStatus(); got != st.tx {
			t.Fatalf("after %s: tx status %c, want %c", st.sql, got, st.tx)
		}
	}
}

func TestPgxCancelRequest(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	cfg, err := pgx.ParseConfig(connString(s))
	if err != nil {
		t.Fatal(err)
	}
	cfg.BuildContextWatcherHandler = func(pc *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.CancelRequestContextWatcherHandler{Conn: pc, DeadlineDelay: 5 * time.Second}
	}
	c, err := pgx.ConnectConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeSimpleProtocol, pgx.QueryExecModeCacheStatement} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		_, err = c.Exec(ctx, "SLEEP", mode)
		cancel()
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "57014" || pe.Message != "canceling statement due to user request" {
			t.Fatalf("%v: cancel error %v", mode, err)
		}
		if d := time.Since(start); d > 4*time.Second {
			t.Fatalf("cancel took %v", d)
		}
		var v int64
		if err := c.QueryRow(context.Background(), "SELECT $1", int64(1)).Scan(&v); err != nil || v != 1 {
			t.Fatalf("after cancel: %d %v", v, err)
		}
	}
}
