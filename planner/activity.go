package planner

import (
	"fmt"
	"os"
	"time"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// AttachBackend is called by wire once the connection is registered in
// monitor's pid table: b's PID is the session's pg_backend_pid and the
// wait events of its lock waits go to b.
func (s *Session) AttachBackend(b *monitor.Backend) { s.mon = b }

// BackendPID is pg_backend_pid(): the pid wire sent in BackendKeyData,
// or the server process's for a session no connection published
// (embedding, tests).
func (e *env) BackendPID() int64 {
	if b := e.sess.mon; b != nil {
		return int64(b.PID)
	}
	return int64(os.Getpid())
}

// Superuser implements sem.Context: whether the session's role is a
// superuser.
func (e *env) Superuser() bool { return e.sess.cat.IsSuperuser(e.User()) }

// SignalBackend is pg_cancel_backend and pg_terminate_backend, with
// PostgreSQL 15's rules (signalfuncs.c, pg_signal_backend): only a
// superuser signals a superuser's backend; others signal their own
// role's backends (vecgres has no role membership, nor
// pg_signal_backend). An unknown pid is false with PostgreSQL 15's
// WARNING (01000) "PID %d is not a PostgreSQL backend process".
func (e *env) SignalBackend(pid int64, terminate bool, timeout time.Duration) (bool, error) {
	b := monitor.Lookup(int32(pid))
	if b == nil || int64(b.PID) != pid {
		if e.exec != nil {
			e.exec.notices = append(e.exec.notices, backend.Notice{Severity: "WARNING", Code: "01000",
				Message: fmt.Sprintf("PID %d is not a PostgreSQL backend process", pid)})
		}
		return false, nil
	}
	me, _ := e.sess.cat.Role(e.User())
	target, _ := e.sess.cat.Role(b.User)
	if err := signalAllowed(me.Superuser, target.Superuser, e.User() == b.User, terminate); err != nil {
		return false, err
	}
	if !terminate {
		return b.Cancel(), nil
	}
	if !b.Terminate() {
		return false, nil
	}
	return timeout == 0 || waitGone(e.sess, b, timeout), nil
}

// signalAllowed applies pg_signal_backend's permission checks: the
// errors are 42501 with PostgreSQL 15's messages for cancel or terminate.
func signalAllowed(meSuper, targetSuper, sameRole, terminate bool) error {
	switch {
	case meSuper:
		return nil
	case targetSuper && terminate:
		return pgerror.New(pgerror.InsufficientPrivilege, "must be a superuser to terminate superuser process")
	case targetSuper:
		return pgerror.New(pgerror.InsufficientPrivilege, "must be a superuser to cancel superuser query")
	case sameRole:
		return nil
	case terminate:
		return pgerror.New(pgerror.InsufficientPrivilege,
			"must be a member of the role whose process is being terminated or member of pg_signal_backend")
	}
	return pgerror.New(pgerror.InsufficientPrivilege,
		"must be a member of the role whose query is being canceled or member of pg_signal_backend")
}

// waitGone polls, every 10 ms as PostgreSQL's pg_wait_until_termination,
// until b leaves the pid table (true), timeout passes or the statement is
// cancelled (false).
func waitGone(s *Session, b *monitor.Backend, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for monitor.Lookup(b.PID) == b {
		if time.Now().After(deadline) || (s.stmtCtx != nil && s.stmtCtx.Err() != nil) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// publishAppName copies application_name to pg_stat_activity after a
// statement that may have changed it: SET, RESET, DISCARD or a
// transaction's end (which undoes SET LOCAL and a rolled-back SET).
// set_config('application_name', ...) inside a query is not followed.
func (s *Session) publishAppName(st sql.Statement) {
	switch st.(type) {
	case *sql.Set, *sql.Reset, *sql.Txn, *sql.Discard:
	default:
		return
	}
	if s.mon != nil {
		v, _ := s.settings.get("application_name")
		s.mon.SetAppName(v)
	}
}
