package tests

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/jackc/pgx/v5/pgproto3"
)

// The pgx cases tests/pgx_test.go lacks: parameter types declared by the
// client (int2 in binary for LIMIT) on a statement executed many times,
// checking the exact message sequence of each execution, and cancelling a
// running query through context cancellation (CancelRequest).

// pgconnect opens a low-level pgconn connection closed when the test ends.
func pgconnect(t *testing.T, dsn string) *pgconn.PgConn {
	t.Helper()
	pc, err := pgconn.Connect(testCtx(t, 10*time.Second), dsn)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { pc.Close(context.Background()) })
	return pc
}

// pgconnExec runs statements with the simple protocol.
func pgconnExec(t *testing.T, pc *pgconn.PgConn, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		if _, err := pc.Exec(testCtx(t, 30*time.Second), s).ReadAll(); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// executeRaw sends Bind (binary results) + Execute + Sync for the named
// prepared statement and returns the names of the messages received up to
// and including ReadyForQuery, and the DataRows' values.
func executeRaw(t *testing.T, pc *pgconn.PgConn, stmt string, formats []int16, params [][]byte) (msgs []string, rows [][][]byte) {
	t.Helper()
	f := pc.Frontend()
	f.Send(&pgproto3.Bind{PreparedStatement: stmt, ParameterFormatCodes: formats, Parameters: params, ResultFormatCodes: []int16{1}})
	f.Send(&pgproto3.Execute{})
	f.Send(&pgproto3.Sync{})
	if err := f.Flush(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		m, err := f.Receive()
		if err != nil {
			t.Fatal(err)
		}
		switch m := m.(type) {
		case *pgproto3.DataRow:
			row := make([][]byte, len(m.Values))
			for i, v := range m.Values {
				row[i] = slices.Clone(v)
			}
			rows = append(rows, row)
			msgs = append(msgs, "DataRow")
		case *pgproto3.CommandComplete:
			msgs = append(msgs, "CommandComplete "+string(m.CommandTag))
		case *pgproto3.ErrorResponse:
			msgs = append(msgs, "ErrorResponse "+m.Code+" "+m.Message)
		case *pgproto3.ReadyForQuery:
			return append(msgs, "ReadyForQuery "+string(m.TxStatus)), rows
		default:
			msgs = append(msgs, strings.TrimPrefix(fmt.Sprintf("%T", m), "*pgproto3."))
		}
	}
	t.Fatal("no ReadyForQuery within 30 s")
	return nil, nil
}

func int2Param(v int16) []byte { return binary.BigEndian.AppendUint16(nil, uint16(v)) }
func int8Value(b []byte) int64 { return int64(binary.BigEndian.Uint64(b)) }
func textOf(rows [][][]byte) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(r[0])
	}
	return out
}

// expectedExecution is the message sequence PostgreSQL sends for Bind +
// Execute + Sync outside a transaction block: no RowDescription (that is
// Describe's answer) and no ParameterDescription.
func expectedExecution(nrows int) []string {
	want := []string{"BindComplete"}
	for range nrows {
		want = append(want, "DataRow")
	}
	return append(want, fmt.Sprintf("CommandComplete SELECT %d", nrows), "ReadyForQuery I")
}

// TestClientPgxDeclaredParamTypes prepares statements whose parameter types
// the client declares in Parse (int2 for LIMIT and for an int8 comparison,
// and with the vector type, the vector OID), checks ParameterDescription
// reports the declared types, then executes each many times with binary
// parameters and binary results, checking every execution's exact message
// sequence and rows.
func TestClientPgxDeclaredParamTypes(t *testing.T) {
	t.Parallel()
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		ctx := testCtx(t, 60*time.Second)
		pc := pgconnect(t, tg.dsn)
		pgconnExec(t, pc, "DROP TABLE IF EXISTS pgx_t", "CREATE TABLE pgx_t (id bigint PRIMARY KEY, name text)",
			"INSERT INTO pgx_t VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e'), (6, 'f'), (7, 'g')")

		sd, err := pc.Prepare(ctx, "lim", "SELECT id FROM pgx_t ORDER BY id LIMIT $1", []uint32{21})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sd.ParamOIDs, []uint32{21}) || len(sd.Fields) != 1 || sd.Fields[0].DataTypeOID != 20 {
			t.Fatalf("lim: ParamOIDs %v, fields %+v; want [21] and one int8 column", sd.ParamOIDs, sd.Fields)
		}
		for i := range 20 {
			n := int16(i % 10)
			msgs, rows := executeRaw(t, pc, "lim", []int16{1}, [][]byte{int2Param(n)})
			want := expectedExecution(min(int(n), 7))
			if !slices.Equal(msgs, want) {
				t.Fatalf("execution %d (LIMIT %d): messages %q, want %q", i, n, msgs, want)
			}
			for j, r := range rows {
				if len(r[0]) != 8 || int8Value(r[0]) != int64(j+1) {
					t.Fatalf("execution %d: row %d = %x, want binary int8 %d", i, j, r[0], j+1)
				}
			}
		}
		// The same statement with the int2 in text format.
		if msgs, rows := executeRaw(t, pc, "lim", []int16{0}, [][]byte{[]byte("2")}); !slices.Equal(msgs, expectedExecution(2)) || len(rows) != 2 {
			t.Fatalf("text int2: messages %q", msgs)
		}
		// A negative LIMIT is refused as in PostgreSQL.
		msgs, _ := executeRaw(t, pc, "lim", []int16{1}, [][]byte{int2Param(-1)})
		if want := []string{"BindComplete", "ErrorResponse 2201W LIMIT must not be negative", "ReadyForQuery I"}; !slices.Equal(msgs, want) {
			t.Fatalf("LIMIT -1: messages %q, want %q", msgs, want)
		}

		if sd, err = pc.Prepare(ctx, "byid", "SELECT name FROM pgx_t WHERE id = $1", []uint32{21}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sd.ParamOIDs, []uint32{21}) {
			t.Fatalf("byid: ParamOIDs %v, want [21]", sd.ParamOIDs)
		}
		for id := int16(7); id >= 0; id-- {
			msgs, rows := executeRaw(t, pc, "byid", []int16{1}, [][]byte{int2Param(id)})
			wantRows := 1
			if id == 0 {
				wantRows = 0
			}
			if !slices.Equal(msgs, expectedExecution(wantRows)) {
				t.Fatalf("byid %d: messages %q", id, msgs)
			}
			if id > 0 && string(rows[0][0]) != string(rune('a'+id-1)) {
				t.Fatalf("byid %d: name %q", id, rows[0][0])
			}
		}
		if tg.vectors {
			pgxDeclaredVector(t, pc)
		}
	})
}

// vectorBinary encodes v in pgvector's binary format: int16 dimensions,
// int16 unused, then each float32, all big-endian.
func vectorBinary(v []float32) []byte {
	b := binary.BigEndian.AppendUint16(nil, uint16(len(v)))
	b = binary.BigEndian.AppendUint16(b, 0)
	for _, x := range v {
		b = binary.BigEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// pgxDeclaredVector declares the vector OID (from to_regtype) and int2
// for a k-NN query and executes it with binary parameters.
func pgxDeclaredVector(t *testing.T, pc *pgconn.PgConn) {
	ctx := testCtx(t, 30*time.Second)
	pgconnExec(t, pc, "CREATE EXTENSION IF NOT EXISTS vector", "DROP TABLE IF EXISTS pgx_items",
		"CREATE TABLE pgx_items (id bigint PRIMARY KEY, embedding vector(3))",
		"INSERT INTO pgx_items VALUES (1, '[1,2,3]'), (2, '[4,5,6]'), (3, '[1,1,2]')")
	res, err := pc.Exec(ctx, "SELECT to_regtype('vector')::oid::text").ReadAll()
	if err != nil || len(res) != 1 || len(res[0].Rows) != 1 {
		t.Fatalf("vector OID: %v", err)
	}
	var oid uint32
	fmt.Sscan(string(res[0].Rows[0][0]), &oid)
	sd, err := pc.Prepare(ctx, "knn", "SELECT id FROM pgx_items ORDER BY embedding <-> $1 LIMIT $2", []uint32{oid, 21})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sd.ParamOIDs, []uint32{oid, 21}) {
		t.Fatalf("knn: ParamOIDs %v, want [%d 21]", sd.ParamOIDs, oid)
	}
	for i, tc := range []struct {
		q     []float32
		limit int16
		want  []int64
	}{
		{[]float32{1, 1, 1}, 2, []int64{3, 1}},
		{[]float32{4, 5, 7}, 1, []int64{2}},
		{[]float32{1, 2, 3}, 3, []int64{1, 3, 2}},
		{[]float32{1, 1, 1}, 0, nil},
	} {
		msgs, rows := executeRaw(t, pc, "knn", []int16{1, 1}, [][]byte{vectorBinary(tc.q), int2Param(tc.limit)})
		if !slices.Equal(msgs, expectedExecution(len(tc.want))) {
			t.Fatalf("knn %d: messages %q", i, msgs)
		}
		var got []int64
		for _, r := range rows {
			got = append(got, int8Value(r[0]))
		}
		if !slices.Equal(got, tc.want) {
			t.Fatalf("knn %d: ids %v, want %v", i, got, tc.want)
		}
	}
}

// TestClientPgxCancel cancels a running pg_sleep through context
// cancellation with pgx configured to send a CancelRequest (rather than
// close the socket): the query fails with 57014, and the same connection
// (same backend PID) then runs the next query.
func TestClientPgxCancel(t *testing.T) {
	t.Parallel()
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		cfg, err := pgx.ParseConfig(tg.dsn)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Config.BuildContextWatcherHandler = func(pc *pgconn.PgConn) ctxwatch.Handler {
			return &pgconn.CancelRequestContextWatcherHandler{Conn: pc, CancelRequestDelay: 0, DeadlineDelay: 20 * time.Second}
		}
		conn, err := pgx.ConnectConfig(testCtx(t, 10*time.Second), cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		var pid1, pid2 uint32
		if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_backend_pid()").Scan(&pid1); err != nil {
			t.Fatal(err)
		}
		for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeSimpleProtocol, pgx.QueryExecModeCacheStatement} {
			ctx, cancel := context.WithCancel(context.Background())
			timer := time.AfterFunc(300*time.Millisecond, cancel)
			_, err = conn.Exec(ctx, "SELECT pg_sleep(60)", mode)
			timer.Stop()
			cancel()
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "57014" || pe.Message != "canceling statement due to user request" {
				t.Fatalf("%v: cancelled pg_sleep: %v; want 57014 canceling statement due to user request", mode, err)
			}
		}
		if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_backend_pid()").Scan(&pid2); err != nil {
			t.Fatalf("after the cancel: %v", err)
		}
		if pid1 != pid2 {
			t.Fatalf("backend pid %d after the cancel, %d before: the connection was replaced", pid2, pid1)
		}
	})
}
