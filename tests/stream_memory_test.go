package tests

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// streamRows is the size of the table TestStreamingHoldsNoResult reads:
// large enough that a materialised result (about 100 bytes a row for
// SELECT, 40 for COPY) is many times streamHeapSlack, small enough for
// CI. The figure, 2,000,000 rows, is `-stream-rows 2000000`.
var streamRows = 500_000

func init() {
	flag.IntVar(&streamRows, "stream-rows", streamRows, "rows of the table TestStreamingHoldsNoResult reads (issue 12's figure: 2000000)")
}

// streamHeapSlack is how much the server's live heap may grow while it
// streams a result to a client that stopped reading: its send buffer
// (flushed every 64 KiB) and per-statement state, not the rows.
const streamHeapSlack = 4 << 20

// debugAddr returns the --debug-listen address the server logged.
func debugAddr(t *testing.T, s *server) string {
	t.Helper()
	re := regexp.MustCompile(`debug endpoints.*addr=(\S+)`)
	for i := 0; i < 200; i++ {
		if m := re.FindStringSubmatch(s.stderr.String()); m != nil {
			return m[1]
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no debug endpoints address in the server's log:\n%s", s.stderr.String())
	return ""
}

var heapAllocLine = regexp.MustCompile(`(?m)^# HeapAlloc = (\d+)$`)

// liveHeap returns the server's heap in use right after a garbage
// collection: the heap profile with gc=1 runs runtime.GC first, and with
// debug=1 ends with runtime.MemStats (net/http/pprof). This is the live
// heap (what the server holds), not its garbage or resident size.
//
// Two collections in a row, so that what sync.Pools held at the first
// (moved to their victim caches) is gone too. What the server allocates
// between the collection and the reading counts as well: liveHeap is an
// upper bound of what it holds.
func liveHeap(t *testing.T, addr string) int64 {
	t.Helper()
	heapAfterGC(t, addr)
	return heapAfterGC(t, addr)
}

// pausedHeap is the least of three liveHeap readings while the client
// does not read. Right after the client stopped, the server may still be
// filling the socket buffers, and the rows it makes meanwhile are garbage
// that one reading can count; a result the server holds is in every
// reading.
func pausedHeap(t *testing.T, addr string) int64 {
	t.Helper()
	least := liveHeap(t, addr)
	for range 2 {
		least = min(least, liveHeap(t, addr))
	}
	return least
}

// heapAfterGC is HeapAlloc read after runtime.GC.
func heapAfterGC(t *testing.T, addr string) int64 {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/debug/pprof/heap?gc=1&debug=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	m := heapAllocLine.FindSubmatch(body)
	if m == nil {
		t.Fatalf("no HeapAlloc in the heap profile:\n%.2000s", body)
	}
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return n
}

// pausedReader reads one statement's answer message by message, so that
// the test decides when the client reads and when it stops.
type pausedReader struct {
	t    *testing.T
	pc   *pgconn.PgConn
	ctx  context.Context
	rows int // DataRow and CopyData messages read
	last []byte
	err  *pgproto3.ErrorResponse
	tag  string
}

// readRows reads until n more rows arrived or the answer ended
// (ReadyForQuery); false when it ended.
func (r *pausedReader) readRows(n int) bool {
	r.t.Helper()
	for want := r.rows + n; r.rows < want; {
		msg, err := r.pc.ReceiveMessage(r.ctx)
		if err != nil {
			r.t.Fatal(err)
		}
		switch m := msg.(type) {
		case *pgproto3.DataRow:
			r.rows++
			r.last = append(r.last[:0], m.Values[0]...)
		case *pgproto3.CopyData:
			r.rows++
			r.last = append(r.last[:0], m.Data...)
		case *pgproto3.ErrorResponse:
			r.err = m
		case *pgproto3.CommandComplete:
			r.tag = string(m.CommandTag)
		case *pgproto3.ReadyForQuery:
			return false
		}
	}
	return true
}

// TestStreamingHoldsNoResult: the server materialised each result whole
// (rows in Result.Rows, COPY TO's lines in Result.CopyData) before sending
// the first, so SELECT * or COPY TO of a large table held all of it (issue
// 12). Now rows stream: while a client that stopped reading after the
// first rows holds the statement, the server's live heap stays within
// streamHeapSlack of what it held before, for SELECT through the simple
// and the extended protocol, UNION ALL (converting its left side's
// values), COPY t TO STDOUT and COPY (SELECT ...) TO STDOUT; read to the
// end, each answers every row.
func TestStreamingHoldsNoResult(t *testing.T) {
	s := startServer(t, "", "--debug-listen", "127.0.0.1:0")
	addr := debugAddr(t, s)
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE t (id int)")
	mustExecWithin(t, conn, 5*time.Minute, fmt.Sprintf("INSERT INTO t SELECT g FROM generate_series(1, %d) g", streamRows))
	ctx := testCtx(t, 5*time.Minute)
	pc := conn.PgConn()
	base := liveHeap(t, addr)
	for _, c := range []struct {
		name      string
		send      []pgproto3.FrontendMessage
		tag, last string
	}{
		{"simple SELECT", []pgproto3.FrontendMessage{&pgproto3.Query{String: "SELECT * FROM t"}}, "SELECT", ""},
		{"extended SELECT", []pgproto3.FrontendMessage{
			&pgproto3.Parse{Query: "SELECT id FROM t WHERE id > $1"},
			&pgproto3.Bind{Parameters: [][]byte{[]byte("0")}},
			&pgproto3.Execute{}, &pgproto3.Sync{}}, "SELECT", ""},
		{"UNION ALL", []pgproto3.FrontendMessage{&pgproto3.Query{String: fmt.Sprintf(
			"SELECT id FROM t WHERE id <= %d UNION ALL SELECT id::int8 FROM t WHERE id > %[1]d", streamRows/2)}}, "SELECT", ""},
		{"COPY t TO STDOUT", []pgproto3.FrontendMessage{&pgproto3.Query{String: "COPY t TO STDOUT"}}, "COPY", "\n"},
		{"COPY (SELECT) TO STDOUT", []pgproto3.FrontendMessage{
			&pgproto3.Query{String: "COPY (SELECT id FROM t WHERE id > 0) TO STDOUT (FORMAT csv)"}}, "COPY", "\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fe := pc.Frontend()
			for _, m := range c.send {
				fe.Send(m)
			}
			if err := fe.Flush(); err != nil {
				t.Fatal(err)
			}
			r := &pausedReader{t: t, pc: pc, ctx: ctx}
			var peak int64
			// Read the first rows, stop reading and look at the heap; then
			// read on in steps, looking again at each pause.
			for step := 1000; r.readRows(step); step = streamRows / 4 {
				peak = max(peak, pausedHeap(t, addr))
			}
			if r.err != nil {
				t.Fatalf("%s %s", r.err.Code, r.err.Message)
			}
			want := fmt.Sprintf("%s %d", c.tag, streamRows)
			if r.rows != streamRows || r.tag != want || string(r.last) != strconv.Itoa(streamRows)+c.last {
				t.Fatalf("read %d rows, last %q, tag %q; want %d rows, tag %q", r.rows, r.last, r.tag, streamRows, want)
			}
			t.Logf("live heap before %d KiB, peak while paused %d KiB", base>>10, peak>>10)
			if grew := peak - base; grew > streamHeapSlack {
				t.Fatalf("live heap grew %d KiB while the client paused, more than %d KiB", grew>>10, streamHeapSlack>>10)
			}
		})
	}
}

// answer reads one Query's answer to ReadyForQuery, returning the names
// of its messages with consecutive repeats counted ("CopyData×99999"), the
// last row or payload and the error.
func answer(t *testing.T, r *pausedReader) (string, string, *pgproto3.ErrorResponse) {
	t.Helper()
	var kinds []string
	counts := map[int]int{}
	for {
		msg, err := r.pc.ReceiveMessage(r.ctx)
		if err != nil {
			t.Fatal(err)
		}
		kind := fmt.Sprintf("%T", msg)[len("*pgproto3."):]
		switch m := msg.(type) {
		case *pgproto3.DataRow:
			r.last = append(r.last[:0], m.Values[0]...)
		case *pgproto3.CopyData:
			r.last = append(r.last[:0], m.Data...)
		case *pgproto3.ErrorResponse:
			r.err = m
			kind += " " + m.Code
		}
		if n := len(kinds); n > 0 && kinds[n-1] == kind {
			counts[n-1]++
		} else {
			kinds = append(kinds, kind)
			counts[len(kinds)-1] = 1
		}
		if _, ok := msg.(*pgproto3.ReadyForQuery); ok {
			break
		}
	}
	for i, k := range kinds {
		if counts[i] > 1 {
			kinds[i] = fmt.Sprintf("%s×%d", k, counts[i])
		}
	}
	return fmt.Sprint(kinds), string(r.last), r.err
}

// TestStreamingErrorAfterRows: a query that fails at its last row sends
// the rows before it, then the ErrorResponse, as PostgreSQL does; before,
// the result was materialised and the client got the ErrorResponse
// alone. For COPY (SELECT ...) TO STDOUT this shows the first CopyData
// leaves before the query has produced all its rows. The session goes on.
func TestStreamingErrorAfterRows(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	ctx := testCtx(t, time.Minute)
	pc := conn.PgConn()
	const n = 100_000
	for _, c := range []struct{ q, want, last string }{
		{fmt.Sprintf("COPY (SELECT g FROM generate_series(1, %d) g WHERE 1 / (%d - g) IS NOT NULL) TO STDOUT", n, n),
			"[CopyOutResponse CopyData×99999 ErrorResponse 22012 ReadyForQuery]", "99999\n"},
		{fmt.Sprintf("SELECT g FROM generate_series(1, %d) g WHERE 1 / (%d - g) IS NOT NULL", n, n),
			"[RowDescription DataRow×99999 ErrorResponse 22012 ReadyForQuery]", "99999"},
		{fmt.Sprintf("SELECT 1 / (%d - g) FROM generate_series(1, %d) g OFFSET 99990", n, n),
			"[RowDescription DataRow×9 ErrorResponse 22012 ReadyForQuery]", "1"},
	} {
		fe := pc.Frontend()
		fe.Send(&pgproto3.Query{String: c.q})
		if err := fe.Flush(); err != nil {
			t.Fatal(err)
		}
		got, last, _ := answer(t, &pausedReader{t: t, pc: pc, ctx: ctx})
		if got != c.want || last != c.last {
			t.Errorf("%s:\n got %s, last %q\nwant %s, last %q", c.q, got, last, c.want, c.last)
		}
		answersOne(t, conn)
	}
}

// TestStreamingCancel: CancelRequest stops COPY (SELECT ...) TO STDOUT
// while it streams to a client that stopped reading after the first
// CopyData: once the client reads on, the rows sent end with 57014
// before the last of them. Before, the whole output was built before the
// first CopyData left, so a cancel arriving then found nothing running
// and every row came.
func TestStreamingCancel(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	ctx := testCtx(t, 2*time.Minute)
	pc := conn.PgConn()
	// 16 MB of output: more than the socket buffers hold, so the server
	// is still producing rows when the client pauses.
	const n = 2_000_000
	fe := pc.Frontend()
	fe.Send(&pgproto3.Query{String: fmt.Sprintf("COPY (SELECT g FROM generate_series(1, %d) g) TO STDOUT", n)})
	if err := fe.Flush(); err != nil {
		t.Fatal(err)
	}
	r := &pausedReader{t: t, pc: pc, ctx: ctx}
	if !r.readRows(1) {
		t.Fatalf("the answer ended before the first CopyData")
	}
	if err := pc.CancelRequest(ctx); err != nil {
		t.Fatal(err)
	}
	for r.readRows(n) {
	}
	if r.err == nil || r.err.Code != "57014" || r.rows >= n {
		t.Fatalf("read %d of %d rows, error %+v; want fewer rows and 57014", r.rows, n, r.err)
	}
	t.Logf("cancelled after %d of %d rows", r.rows, n)
	answersOne(t, conn)
}

// TestStreamingTimeoutAndDisconnect: statement_timeout stops a COPY that
// streams to a paused client with 57014 before its last row (the client
// pauses for longer than the timeout, so the statement is past it whatever
// the machine's speed); a client that closes its connection in the middle
// of a streamed SELECT ends its statement, and the server goes on
// answering others.
func TestStreamingTimeoutAndDisconnect(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	ctx := testCtx(t, 2*time.Minute)
	pc := conn.PgConn()
	const n = 2_000_000
	mustExec(t, conn, "SET statement_timeout = '50ms'")
	fe := pc.Frontend()
	fe.Send(&pgproto3.Query{String: fmt.Sprintf("COPY (SELECT g FROM generate_series(1, %d) g) TO STDOUT", n)})
	if err := fe.Flush(); err != nil {
		t.Fatal(err)
	}
	r := &pausedReader{t: t, pc: pc, ctx: ctx}
	if !r.readRows(1) {
		t.Fatalf("the answer ended before the first CopyData")
	}
	time.Sleep(200 * time.Millisecond) // past statement_timeout, not a speed claim
	for r.readRows(n) {
	}
	if r.err == nil || r.err.Code != "57014" || r.err.Message != "canceling statement due to statement timeout" || r.rows >= n {
		t.Fatalf("read %d of %d rows, error %+v; want fewer rows and 57014 statement timeout", r.rows, n, r.err)
	}
	mustExec(t, conn, "RESET statement_timeout")
	answersOne(t, conn)

	gone := s.connect(t)
	gfe := gone.PgConn().Frontend()
	gfe.Send(&pgproto3.Query{String: fmt.Sprintf("SELECT g, repeat('x', 100) FROM generate_series(1, %d) g", n)})
	if err := gfe.Flush(); err != nil {
		t.Fatal(err)
	}
	gr := &pausedReader{t: t, pc: gone.PgConn(), ctx: ctx}
	if !gr.readRows(1) {
		t.Fatalf("the answer ended before the first DataRow")
	}
	gone.PgConn().Conn().Close() // drop the connection mid-result
	answersOne(t, conn)
	other := s.connect(t)
	answersOne(t, other)
}
