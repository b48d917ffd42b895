package planner

import (
	"context"
	"errors"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// errStatementTimeout is the cancel cause of a statement that ran longer
// than statement_timeout.
var errStatementTimeout = errors.New("statement timeout")

// statementTimeout bounds the statement about to run by statement_timeout
// (PostgreSQL: from the start of each statement, also of each statement
// of a multi-statement Query; 0 is no limit). stop releases the timer.
func (s *Session) statementTimeout(ctx context.Context) (_ context.Context, stop func()) {
	d := s.hot().statementTimeout // session_hot.go
	if d <= 0 || ctx == nil {
		return ctx, noStop
	}
	return context.WithTimeoutCause(ctx, d, errStatementTimeout)
}

// noStop is statementTimeout's stop without a timer.
func noStop() {}

// timedOut turns the error of a statement stopped by statement_timeout
// into 57014 "canceling statement due to statement timeout", as wire
// does for a cancel request.
func timedOut(ctx context.Context, err error) error {
	if err == nil || ctx == nil || !errors.Is(context.Cause(ctx), errStatementTimeout) {
		return err
	}
	if code := pgerror.CodeOf(err); code == pgerror.InternalError || code == pgerror.QueryCanceled {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to statement timeout")
	}
	return err
}
