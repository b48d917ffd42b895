package planner

import (
	"time"

	"github.com/vecgres/vecgres/planner/sem"
)

// txnClock holds the instants now() and statement_timestamp() return
// (PostgreSQL docs 9.9.5): xact is the start of the session's
// transaction (of the first statement of an implicit one, of BEGIN for
// a block), stmt the start of the running statement; timestamptz
// microseconds since 2000-01-01 UTC.
type txnClock struct {
	xact, stmt int64
}

// startStatementClock stamps the statement about to run and, when no
// transaction is open, the transaction it opens. A statement of a
// multi-statement Query or an unsynced pipeline runs in the transaction
// already open, so it keeps that transaction's start.
func (s *Session) startStatementClock() {
	s.clock.stmt = sem.ClockMicros(time.Now())
	if !s.open {
		s.clock.xact = s.clock.stmt
	}
}

// TransactionTimestamp implements sem.Context: now().
func (e *env) TransactionTimestamp() int64 { return e.sess.clock.xact }

// StatementTimestamp implements sem.Context: statement_timestamp().
func (e *env) StatementTimestamp() int64 { return e.sess.clock.stmt }
