package wire

import (
	"context"
	"crypto/subtle"
	"errors"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// errUserCancel is the cancel cause of a statement stopped by a
// CancelRequest.
var errUserCancel = errors.New("cancel request")

// errShutdown is the FATAL error sent when the server shuts down.
var errShutdown = &pgerror.Error{
	Severity: pgerror.SeverityFatal,
	Code:     pgerror.AdminShutdown,
	Message:  "terminating connection due to administrator command",
}

// cancelRequest serves a CancelRequest (docs §55.2.7): when pid and secret
// match a connection's BackendKeyData, the statement it is running, if any,
// has its context cancelled. Nothing else is done and nothing is answered.
func (s *Server) cancelRequest(pid uint32, secret []byte) {
	c := s.lookup(pid)
	if c == nil || subtle.ConstantTimeCompare(secret, c.secret[:]) != 1 {
		s.log().Debug("cancel request matches no connection", "pid", pid)
		return
	}
	c.cancelMu.Lock()
	defer c.cancelMu.Unlock()
	if c.cancelRun != nil {
		c.log.Debug("cancel request")
		c.cancelRun(errUserCancel)
	}
}

// statementParent is the parent of every statement's context: the
// server's context carrying the connection's pg_stat_activity entry,
// made once per connection (its release: connCancel). A statement's
// context is then registered with its connection's, not with the
// server's, which every connection would contend for.
func (c *conn) statementParent() context.Context {
	if c.connCtx == nil {
		c.connCtx, c.connCancel = context.WithCancel(monitor.WithBackend(c.srvCtx, c.mon))
	}
	return c.connCtx
}

// run calls fn (a Session call) with a context that a CancelRequest or the
// server's shutdown cancels, recovering panics. A failure caused by the
// cancellation becomes 57014 (user) or FATAL 57P01 (shutdown).
func (c *conn) run(fn func(ctx context.Context) error) error {
	ctx, cancel := context.WithCancelCause(c.statementParent())
	c.cancelMu.Lock()
	c.cancelRun = cancel
	c.cancelMu.Unlock()
	defer func() {
		c.cancelMu.Lock()
		c.cancelRun = nil
		c.cancelMu.Unlock()
		cancel(nil)
	}()
	err := c.protect(func() error { return fn(ctx) })
	if err == nil || ctx.Err() == nil {
		return err
	}
	if c.srvCtx.Err() != nil || context.Cause(ctx) == errTerminate {
		return errShutdown
	}
	if code := pgerror.CodeOf(err); context.Cause(ctx) == errUserCancel &&
		(code == pgerror.InternalError || code == pgerror.QueryCanceled) {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
	}
	return err
}
