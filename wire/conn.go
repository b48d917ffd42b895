package wire

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// flushThreshold is how many bytes of DataRows conn buffers before writing
// them, so a large result does not sit in memory whole.
const flushThreshold = 64 << 10

// conn is one client connection; its goroutine owns every field but the
// cancel state (cancel.go), which CancelRequest connections touch.
type conn struct {
	srv    *Server
	srvCtx context.Context
	nc     net.Conn
	in     *bufio.Reader // the client's bytes (receive.go)
	log    *slog.Logger

	pid    uint32
	secret [4]byte
	sess   backend.Session
	query  string // the statement running or last run, for the log (logging.go)
	ready  bool   // ReadyForQuery was the last message sent (idle.go)

	stmts          map[string]*statement
	portals        map[string]*portal
	unnamedPortal  portal // the unnamed portal's memory (extended.go)
	ignoreTillSync bool   // an extended-query message failed
	implicit       bool   // Session.BeginImplicit was called; Sync is due
	buffered       int    // bytes sent since the last flush (approximate)
	writeErr       error  // the first failed write; the connection is dead
	rowBuf         []byte // reused DataRow encoding buffer
	rowEnds        []int  // reused end offsets of a row's values in rowBuf
	rowMsg         pgproto3.DataRow
	bodyBuf        []byte // reused message body buffer (receive.go)
	head           [5]byte
	msgs           frontendMessages // reused decoded messages (receive.go)
	out            []byte           // messages not yet written (send.go)
	encodeErr      error            // a message failed to encode (send.go)
	stream         streamWriter     // reused statement writer (stream.go)
	style          types.TextStyle  // the running statement's text output style (backend.OutputSettings)

	cancelMu   sync.Mutex
	cancelRun  context.CancelCauseFunc // cancels the running statement
	connCtx    context.Context         // statements' parent (cancel.go)
	connCancel context.CancelFunc      // releases connCtx

	started    time.Time        // backend_start
	mon        *monitor.Backend // this connection in pg_stat_activity (activity.go)
	terminated atomic.Bool      // pg_terminate_backend was called
}

func newConn(s *Server, ctx context.Context, nc net.Conn) *conn {
	return &conn{
		srv:     s,
		srvCtx:  ctx,
		nc:      nc,
		in:      bufio.NewReader(nc),
		log:     s.log().With("remote", nc.RemoteAddr().String()),
		stmts:   map[string]*statement{},
		portals: map[string]*portal{},
		started: time.Now(),
	}
}

// serve runs the connection to its end and releases everything it holds.
func (c *conn) serve() {
	defer c.srv.forget(c)
	defer c.nc.Close()
	c.log.Debug("connection opened")
	defer c.log.Debug("connection closed")

	params, err := c.startup()
	if err != nil {
		c.log.Debug("startup ended", "err", err)
		return
	}
	c.log = c.log.With("pid", c.pid, "user", params["user"])
	err = c.protect(func() error { c.sess = c.srv.Engine.NewSession(params); return nil })
	if err == nil && c.sess == nil {
		err = pgerror.New(pgerror.InternalError, "engine returned no session")
	}
	if err != nil {
		c.sendFatal(pgerror.From(err))
		return
	}
	defer c.protect(func() error { c.sess.Close(); return nil })
	c.publish(params) // activity.go
	defer c.unpublish()
	defer func() {
		if c.connCancel != nil {
			c.connCancel()
		}
	}()
	if !c.applyStartup() {
		return
	}
	c.logConnection(params)
	defer c.logDisconnection(time.Now())
	c.readyForQuery()
	c.flush()
	c.loop()
}

// applyStartup applies the startup parameters that are settings
// (Session.ApplyStartup) and sends the ParameterStatus messages it
// returns; a failure is FATAL and false.
func (c *conn) applyStartup() bool {
	var status map[string]string
	err := c.protect(func() (err error) { status, err = c.sess.ApplyStartup(); return err })
	if err != nil {
		c.sendFatal(pgerror.From(err))
		return false
	}
	for _, name := range slices.Sorted(maps.Keys(status)) {
		c.send(&pgproto3.ParameterStatus{Name: name, Value: status[name]})
	}
	return true
}

// loop reads and dispatches messages until Terminate, a FATAL error or a
// broken connection.
func (c *conn) loop() {
	for c.writeErr == nil {
		idle := c.armIdleTimeout() // idle.go
		c.ready = false
		msg, err := c.receive()
		if idle {
			c.disarmIdleTimeout()
		}
		if err != nil {
			if idle && c.idleTimedOut(err) {
				c.log.Info("idle-in-transaction timeout", "sqlstate", string(errIdleInTransaction.Code))
				c.sendFatal(errIdleInTransaction)
				return
			}
			if c.malformed(err) {
				continue
			}
			c.receiveFailed(err)
			return
		}
		if !c.dispatch(msg) {
			return
		}
	}
}

// dispatch handles one message; false ends the connection.
func (c *conn) dispatch(msg pgproto3.FrontendMessage) bool {
	switch msg.(type) {
	case *pgproto3.Terminate:
		return false
	case *pgproto3.Sync:
		c.ignoreTillSync = false
		if !c.syncTxn() {
			return false
		}
		c.sync()
		return c.writeErr == nil
	case *pgproto3.CopyData, *pgproto3.CopyDone, *pgproto3.CopyFail:
		return true // left over from a failed COPY: dropped, as PostgreSQL does
	}
	if c.ignoreTillSync {
		return true
	}
	var err error
	switch m := msg.(type) {
	case *pgproto3.Query:
		return c.simpleQuery(m.String)
	case *pgproto3.FunctionCall:
		c.reportFailed(pgerror.NotSupported("the function call protocol message"))
		c.readyForQuery()
		c.flush()
		return c.writeErr == nil
	case *pgproto3.Parse:
		err = c.parse(m)
	case *pgproto3.Bind:
		err = c.bind(m)
	case *pgproto3.Describe:
		err = c.describe(m)
	case *pgproto3.Execute:
		err = c.execute(m)
	case *pgproto3.Close:
		err = c.closeMsg(m)
	case *pgproto3.Flush:
		c.flush()
	default:
		c.sendFatal(pgerror.Errorf(pgerror.ProtocolViolation, "invalid frontend message type %d", frontendType(msg)))
		return false
	}
	if err != nil {
		if !c.reportFailed(err) {
			return false
		}
		c.ignoreTillSync = true
	}
	return c.writeErr == nil
}

// receiveFailed ends the connection after a failed read: silently on EOF
// or a network error, with FATAL 57P01 at shutdown, with FATAL 08P01 for a
// malformed or unknown message.
func (c *conn) receiveFailed(err error) {
	switch {
	case c.srvCtx.Err() != nil, c.terminated.Load():
		c.sendFatal(errShutdown)
	case isNetError(err):
		c.log.Debug("read failed", "err", err)
	default:
		c.log.Warn("protocol violation", "err", err)
		pe, ok := err.(*pgerror.Error)
		if !ok {
			pe = pgerror.Errorf(pgerror.ProtocolViolation, "invalid frontend message: %v", err)
		}
		c.sendFatal(pe)
	}
}

func isNetError(err error) bool {
	var ne net.Error
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed) || errors.As(err, &ne)
}

// protect runs a Session call, turning a panic into XX000.
func (c *conn) protect(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			c.log.Error("panic in session call", "panic", r, "stack", string(debug.Stack()))
			err = pgerror.Internal(fmt.Errorf("internal error: %v", r))
		}
	}()
	return fn()
}

// flushIfBig flushes once enough rows are buffered.
func (c *conn) flushIfBig(n int) {
	c.buffered += n
	if c.buffered >= flushThreshold {
		c.flush()
	}
}

func (c *conn) readyForQuery() {
	c.sendReadyForQuery(c.txStatus())
}

// txStatus asks the session for the ReadyForQuery status ('I' if it panics).
func (c *conn) txStatus() byte {
	st := byte('I')
	c.protect(func() error { st = c.sess.TxStatus(); return nil })
	return st
}

// sendError buffers an ErrorResponse.
func (c *conn) sendError(e *pgerror.Error) {
	if e.Code == pgerror.InternalError {
		c.log.Error("internal error", "err", e)
	}
	c.send(errorResponse(e))
}

// sendFatal sends a FATAL ErrorResponse right away (the caller then closes
// the connection), bounding the write so a stuck client cannot hold us.
func (c *conn) sendFatal(e *pgerror.Error) {
	f := *e
	f.Severity = pgerror.SeverityFatal
	c.send(errorResponse(&f))
	c.nc.SetWriteDeadline(time.Now().Add(time.Second))
	c.flush()
}

// report sends err to the client: an ErrorResponse, or for a FATAL error
// the ErrorResponse that ends the connection, when report returns false.
func (c *conn) report(err error) bool {
	pe := pgerror.From(err)
	c.logStatementError(pe)
	if pe.Severity == pgerror.SeverityFatal {
		c.sendFatal(pe)
		return false
	}
	c.sendError(pe)
	return true
}
