package tests

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgproto3"
)

// TestPortalBatchesMatchPG15: Execute with a row limit, at the message
// level, against vecgres and a throwaway PostgreSQL 15. A portal with
// exactly the limit's rows left is suspended (PortalRunSelect marks the
// portal done only when fewer rows than asked came), and the next
// Execute sends no rows and CommandComplete `SELECT 0`; a batch with
// fewer rows than the limit completes with its own count.
func TestPortalBatchesMatchPG15(t *testing.T) {
	const want = "" +
		// 3 rows by 3: suspended, then SELECT 0.
		"ParseComplete|BindComplete|DataRow 1|DataRow 2|DataRow 3|PortalSuspended|CommandComplete SELECT 0|ReadyForQuery I\n" +
		// 4 rows by 2: suspended twice, then SELECT 0; again SELECT 0.
		"BindComplete|DataRow 1|DataRow 2|PortalSuspended|DataRow 3|DataRow 4|PortalSuspended|CommandComplete SELECT 0|CommandComplete SELECT 0|ReadyForQuery I\n" +
		// 5 rows by 2: the last batch of one row completes with SELECT 1.
		"BindComplete|DataRow 1|DataRow 2|PortalSuspended|DataRow 3|DataRow 4|PortalSuspended|DataRow 5|CommandComplete SELECT 1|ReadyForQuery I\n" +
		// 2 rows by 5: SELECT 2 at once.
		"BindComplete|DataRow 1|DataRow 2|CommandComplete SELECT 2|ReadyForQuery I\n" +
		// No rows by 1: SELECT 0 at once.
		"BindComplete|CommandComplete SELECT 0|ReadyForQuery I\n"
	run := func(t *testing.T, dsn string) {
		conn, err := pgx.Connect(testCtx(t, 30*time.Second), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(testCtx(t, 10*time.Second))
		got := portalBatches(t, conn)
		if got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	}
	t.Run("vecgres", func(t *testing.T) { t.Parallel(); run(t, startServer(t, "").DSN()) })
	t.Run("postgres15", func(t *testing.T) { t.Parallel(); run(t, startPostgres15(t)) })
}

// portalBatches runs the batches of TestPortalBatchesMatchPG15 and
// returns the messages of each round trip (rawExchange), one line each.
func portalBatches(t *testing.T, conn *pgx.Conn) string {
	pc := conn.PgConn()
	var out strings.Builder
	roundTrip := func(msgs ...pgproto3.FrontendMessage) {
		out.WriteString(strings.Join(rawExchange(t, pc, msgs...), "|") + "\n")
	}
	series := func(n int) *pgproto3.Bind {
		return &pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte(fmt.Sprint(n))}}
	}
	roundTrip(&pgproto3.Parse{Name: "s", Query: "SELECT g FROM generate_series(1, $1::int) g"}, series(3),
		&pgproto3.Execute{MaxRows: 3}, &pgproto3.Execute{MaxRows: 3})
	roundTrip(series(4), &pgproto3.Execute{MaxRows: 2}, &pgproto3.Execute{MaxRows: 2}, &pgproto3.Execute{MaxRows: 2},
		&pgproto3.Execute{MaxRows: 2})
	roundTrip(series(5), &pgproto3.Execute{MaxRows: 2}, &pgproto3.Execute{MaxRows: 2}, &pgproto3.Execute{MaxRows: 2})
	roundTrip(series(2), &pgproto3.Execute{MaxRows: 5})
	roundTrip(series(0), &pgproto3.Execute{MaxRows: 1})
	return out.String()
}
