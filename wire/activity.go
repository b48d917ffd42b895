package wire

import (
	"errors"
	"net"
	"time"

	"github.com/vecgres/vecgres/monitor"
)

// errTerminate is the cancel cause of a statement stopped by
// pg_terminate_backend; the connection then ends with errShutdown's
// FATAL 57P01, as PostgreSQL's does.
var errTerminate = errors.New("terminate request")

// publish registers c in monitor's pid table once startup succeeded, so
// that pg_stat_activity lists it and pg_cancel_backend and
// pg_terminate_backend reach it, and hands the Backend to a session
// that publishes its own activity (AttachBackend).
func (c *conn) publish(params map[string]string) {
	b := &monitor.Backend{PID: int32(c.pid), Start: c.started, User: params["user"],
		Database: params["database"], AppName: params["application_name"], ClientPort: -1}
	if a, ok := c.nc.RemoteAddr().(*net.TCPAddr); ok {
		b.ClientAddr, b.ClientPort = a.IP.String(), int32(a.Port)
	}
	c.mon = b
	monitor.Register(b, c.cancelStatement, c.terminate)
	if s, ok := c.sess.(interface{ AttachBackend(*monitor.Backend) }); ok {
		s.AttachBackend(b)
	}
}

// unpublish removes c from the pid table.
func (c *conn) unpublish() {
	if c.mon != nil {
		monitor.Unregister(c.mon)
	}
}

// cancelStatement cancels c's running statement, if any (57014), as a
// CancelRequest does.
func (c *conn) cancelStatement() {
	c.cancelMu.Lock()
	defer c.cancelMu.Unlock()
	if c.cancelRun != nil {
		c.cancelRun(errUserCancel)
	}
}

// terminate ends c from another goroutine (pg_terminate_backend): its
// running statement is cancelled and its next or current read wakes, and
// the connection ends with FATAL 57P01.
func (c *conn) terminate() {
	c.terminated.Store(true)
	c.cancelMu.Lock()
	if c.cancelRun != nil {
		c.cancelRun(errTerminate)
	}
	c.cancelMu.Unlock()
	c.nc.SetReadDeadline(time.Now())
}
