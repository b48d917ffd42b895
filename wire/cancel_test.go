package wire

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgproto3"
)

// TestCancelRequestNeedsSecret: a CancelRequest cancels the running
// statement only when both the process ID and the secret match.
func TestCancelRequestNeedsSecret(t *testing.T) {
	s := &Server{Engine: &fakeEngine{}, live: map[*conn]struct{}{}, byPID: map[uint32]*conn{}}
	nc1, nc2 := net.Pipe()
	defer nc1.Close()
	defer nc2.Close()
	c := newConn(s, context.Background(), nc1)
	c.secret = [4]byte{1, 2, 3, 4}
	if s.register(c, "postgres") != nil {
		t.Fatal("register refused")
	}
	cancelled := make(chan error, 1)
	errc := make(chan error, 1)
	go func() {
		errc <- c.run(func(ctx context.Context) error {
			select {
			case <-ctx.Done():
				cancelled <- context.Cause(ctx)
				return ctx.Err()
			case <-time.After(5 * time.Second):
				return nil
			}
		})
	}()
	waitFor(t, func() bool { c.cancelMu.Lock(); defer c.cancelMu.Unlock(); return c.cancelRun != nil }, "statement running")
	s.cancelRequest(c.pid, []byte{1, 2, 3, 5})
	s.cancelRequest(c.pid+1, []byte{1, 2, 3, 4})
	select {
	case <-cancelled:
		t.Fatal("cancelled with a wrong key")
	case <-time.After(50 * time.Millisecond):
	}
	s.cancelRequest(c.pid, []byte{1, 2, 3, 4})
	if cause := <-cancelled; cause != errUserCancel {
		t.Fatalf("cause %v", cause)
	}
	if err := <-errc; err == nil || err.Error() != "canceling statement due to user request" {
		t.Fatalf("run error %v", err)
	}
	// Nothing running: a matching request is a no-op.
	s.cancelRequest(c.pid, []byte{1, 2, 3, 4})
}

func TestShutdownCancelsRunningStatement(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	eng := &fakeEngine{}
	s := &Server{Engine: eng}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	for s.Addr() == nil {
		time.Sleep(time.Millisecond)
	}
	rc := dialRaw(t, s)
	rc.fe.Send(&pgproto3.Query{String: "SLEEP"})
	rc.fe.Flush()
	waitFor(t, func() bool { return eng.executes.Load() == 1 }, "SLEEP running")
	start := time.Now()
	cancel()
	checkMessages(t, rc.roundTrip(), "ErrorResponse FATAL 57P01 terminating connection due to administrator command", "EOF")
	if err := <-done; err != nil || time.Since(start) > 3*time.Second {
		t.Fatalf("Serve: %v after %v", err, time.Since(start))
	}
}

func TestPgxLargeResult(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeSimpleProtocol} {
		c := connect(t, s, mode)
		rows, err := c.Query(context.Background(), "SELECT 30000")
		if err != nil {
			t.Fatal(err)
		}
		got := readNS(t, rows)
		if len(got) != 30000 || got[29998] != "29999:row 29999" || got[29999] != "30000:<null>" {
			t.Fatalf("%v: %d rows, last %q", mode, len(got), got[len(got)-1])
		}
	}
}
