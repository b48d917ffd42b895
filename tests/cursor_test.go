package tests

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// rawExchange sends msgs and a Sync (none after a simple Query), and returns a summary of each message
// received up to and including ReadyForQuery: the type name, with the
// fields the cursor tests check (row values as int8 or text, field
// names and format codes, tags, SQLSTATEs).
func rawExchange(t *testing.T, pc *pgconn.PgConn, msgs ...pgproto3.FrontendMessage) []string {
	t.Helper()
	f := pc.Frontend()
	for _, m := range msgs {
		f.Send(m)
	}
	if _, simple := msgs[len(msgs)-1].(*pgproto3.Query); !simple {
		f.Send(&pgproto3.Sync{})
	}
	if err := f.Flush(); err != nil {
		t.Fatal(err)
	}
	var out []string
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		m, err := f.Receive()
		if err != nil {
			t.Fatal(err)
		}
		switch m := m.(type) {
		case *pgproto3.RowDescription:
			var fields []string
			for _, fd := range m.Fields {
				fields = append(fields, fmt.Sprintf("%s/%d/%d", fd.Name, fd.DataTypeOID, fd.Format))
			}
			out = append(out, "RowDescription "+strings.Join(fields, ","))
		case *pgproto3.DataRow:
			var vals []string
			for _, v := range m.Values {
				if len(v) == 8 && !strings.ContainsAny(string(v), "0123456789") {
					vals = append(vals, fmt.Sprint(int64(binary.BigEndian.Uint64(v))))
				} else {
					vals = append(vals, string(v))
				}
			}
			out = append(out, "DataRow "+strings.Join(vals, ","))
		case *pgproto3.CommandComplete:
			out = append(out, "CommandComplete "+string(m.CommandTag))
		case *pgproto3.ErrorResponse:
			out = append(out, "ErrorResponse "+m.Code)
		case *pgproto3.ReadyForQuery:
			return append(out, "ReadyForQuery "+string(m.TxStatus))
		default:
			out = append(out, strings.TrimPrefix(fmt.Sprintf("%T", m), "*pgproto3."))
		}
	}
	t.Fatal("no ReadyForQuery within 30 s")
	return nil
}

// TestCursorExtendedProtocol drives a cursor through the extended protocol
// as psycopg 3 does, against vecgres and PostgreSQL 15 alike: DECLARE
// with a parameter, Describe of the portal named after the cursor, FETCH
// with binary results, then a BINARY cursor fetched through the simple
// protocol (binary values, format 1 in RowDescription).
func TestCursorExtendedProtocol(t *testing.T) {
	t.Parallel()
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		pc := pgconnect(t, tg.dsn)
		pgconnExec(t, pc, "DROP TABLE IF EXISTS cursor_ext", "CREATE TABLE cursor_ext (id bigint PRIMARY KEY, name text)",
			"INSERT INTO cursor_ext VALUES (1, 'one'), (2, 'two'), (3, 'three'), (4, 'four')", "BEGIN")
		int8Param := binary.BigEndian.AppendUint64(nil, 1)
		got := rawExchange(t, pc,
			&pgproto3.Parse{Query: "DECLARE ext CURSOR FOR SELECT id, name FROM cursor_ext WHERE id > $1 ORDER BY id", ParameterOIDs: []uint32{20}},
			&pgproto3.Bind{ParameterFormatCodes: []int16{1}, Parameters: [][]byte{int8Param}},
			&pgproto3.Describe{ObjectType: 'P'},
			&pgproto3.Execute{},
			&pgproto3.Describe{ObjectType: 'P', Name: "ext"},
			&pgproto3.Parse{Query: "FETCH 2 FROM ext"},
			&pgproto3.Bind{ResultFormatCodes: []int16{1, 0}},
			&pgproto3.Describe{ObjectType: 'P'},
			&pgproto3.Execute{},
			&pgproto3.Parse{Query: "MOVE ALL IN ext"},
			&pgproto3.Bind{},
			&pgproto3.Execute{},
		)
		want := []string{
			"ParseComplete", "BindComplete", "NoData", "CommandComplete DECLARE CURSOR",
			"RowDescription id/20/0,name/25/0",
			"ParseComplete", "BindComplete", "RowDescription id/20/1,name/25/0",
			"DataRow 2,two", "DataRow 3,three", "CommandComplete FETCH 2",
			"ParseComplete", "BindComplete", "CommandComplete MOVE 1", "ReadyForQuery T",
		}
		if !slices.Equal(got, want) {
			t.Errorf("extended protocol cursor:\n got %q\nwant %q", got, want)
		}
		pgconnExec(t, pc, "ROLLBACK", "BEGIN", "DECLARE bin BINARY CURSOR FOR SELECT id FROM cursor_ext ORDER BY id")
		got = rawExchange(t, pc, &pgproto3.Query{String: "FETCH 2 FROM bin; MOVE 1 IN bin; CLOSE bin; CLOSE ALL"})
		want = []string{"RowDescription id/20/1", "DataRow 1", "DataRow 2", "CommandComplete FETCH 2",
			"CommandComplete MOVE 1", "CommandComplete CLOSE CURSOR", "CommandComplete CLOSE CURSOR ALL", "ReadyForQuery T"}
		if !slices.Equal(got, want) {
			t.Errorf("binary cursor:\n got %q\nwant %q", got, want)
		}
		pgconnExec(t, pc, "ROLLBACK")
		// Outside a transaction block (vecgres does not yet fail a block on
		// protocol-level errors as PostgreSQL does).
		got = rawExchange(t, pc, &pgproto3.Describe{ObjectType: 'P', Name: "ext"})
		if want := []string{"ErrorResponse 34000", "ReadyForQuery I"}; !slices.Equal(got, want) {
			t.Errorf("describe of a closed cursor:\n got %q\nwant %q", got, want)
		}
	})
}

// TestPsqlFetchCount runs a query under psql's FETCH_COUNT, with which
// psql 15 sends BEGIN, DECLARE _psql_cursor NO SCROLL CURSOR FOR ...,
// FETCH FORWARD 2 FROM _psql_cursor until no rows come, CLOSE and
// COMMIT; the output is what psql printed against PostgreSQL 15 (each
// batch aligned on its own).
func TestPsqlFetchCount(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	setup := []string{"-v", "ON_ERROR_STOP=1", "-q",
		"-c", "CREATE TABLE fc (id int, name text)",
		"-c", "INSERT INTO fc VALUES (1, 'one'), (2, 'two'), (3, 'three')"}
	if out, errOut, err := psql(t, s, "", setup...); err != nil {
		t.Fatalf("setup: %v\n%s%s", err, out, errOut)
	}
	out, errOut, err := psql(t, s, "", "-v", "FETCH_COUNT=2", "-c", "SELECT id, name FROM fc ORDER BY id")
	want := " id | name \n----+------\n  1 | one\n  2 | two\n  3 | three\n(3 rows)\n\n"
	if err != nil || errOut != "" || out != want {
		t.Errorf("psql FETCH_COUNT=2: err %v, stderr %q\n got %q\nwant %q", err, errOut, out, want)
	}
}
