package wire

import (
	"errors"
	"net"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// errIdleInTransaction is PostgreSQL 15's FATAL for a transaction block
// left idle past idle_in_transaction_session_timeout (postgres.c
// ProcessInterrupts).
var errIdleInTransaction = pgerror.New(pgerror.IdleInTransactionSessionTimeout,
	"terminating connection due to idle-in-transaction timeout")

// armIdleTimeout sets a read deadline when the session waits for a
// command inside a transaction block (it sent ReadyForQuery 'T' or 'E',
// as PostgreSQL arms the timer only then, not between the messages of a
// pipeline) and its idle_in_transaction_session_timeout is set; it
// reports whether it did. A shutdown that began meanwhile keeps its
// wake-up (a deadline now).
func (c *conn) armIdleTimeout() bool {
	if !c.ready {
		return false
	}
	cs, ok := c.sess.(backend.ConnSettings)
	if !ok || c.txStatus() == 'I' || c.srvCtx.Err() != nil {
		return false
	}
	var d time.Duration
	c.protect(func() error { d = cs.IdleInTransactionTimeout(); return nil })
	if d <= 0 {
		return false
	}
	c.nc.SetReadDeadline(time.Now().Add(d))
	c.wakeIfShutdown()
	return true
}

// disarmIdleTimeout clears armIdleTimeout's deadline after a read.
func (c *conn) disarmIdleTimeout() {
	c.nc.SetReadDeadline(time.Time{})
	c.wakeIfShutdown()
}

// wakeIfShutdown puts the read deadline back to now when the server is
// shutting down, so that a deadline just set does not undo shutdown's.
func (c *conn) wakeIfShutdown() {
	if c.srvCtx.Err() != nil {
		c.nc.SetReadDeadline(time.Now())
	}
}

// idleTimedOut reports whether a read error is the idle-in-transaction
// deadline passing (not a shutdown's wake-up).
func (c *conn) idleTimedOut(err error) bool {
	var ne net.Error
	return c.srvCtx.Err() == nil && errors.As(err, &ne) && ne.Timeout()
}
