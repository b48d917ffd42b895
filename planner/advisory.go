package planner

import (
	"context"
	"sync"
	"time"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Advisory locks (PostgreSQL docs 13.3.5): locks on application-chosen
// keys, exclusive or shared, held for the session (released by
// pg_advisory_unlock, pg_advisory_unlock_all or disconnecting) or for the
// transaction (released when it ends, a statement's implicit one
// included, or fails, and by a rollback of the savepoint before them). A session may take a key several times and holds it until
// it releases it as often. An exclusive request waits for every other
// session's hold of the key, a shared one for other sessions' exclusive
// holds; the wait ends with the statement (57014: cancel,
// statement_timeout), lock_timeout (55P03), or 40P01 when the waits
// between sessions for advisory locks form a cycle (the catalog's
// wait-for graph of row and table locks is not consulted). Waiters are
// not queued: a shared request is granted past a waiting exclusive one.

// advisoryLocks is the engine's table of advisory locks.
type advisoryLocks struct {
	mu   sync.Mutex
	keys map[sem.AdvisoryKey]map[*Session]*advisoryHold
	// changed is closed (and replaced) whenever a hold is released, to
	// wake waiters.
	changed chan struct{}
	// waitsFor is each waiting session's wanted key and mode, for the
	// deadlock check.
	waitsFor map[*Session]advisoryWant
	// xact is each session's transaction-level holds in the order taken,
	// so that a savepoint rollback gives back the later ones (releaseSince).
	xact map[*Session][]advisoryWant
}

// advisoryHold counts one session's holds of a key, [0] session-level,
// [1] transaction-level.
type advisoryHold struct {
	excl, shared [2]int
}

type advisoryWant struct {
	key    sem.AdvisoryKey
	shared bool
}

func (h *advisoryHold) empty() bool {
	return h.excl == [2]int{} && h.shared == [2]int{}
}

func (h *advisoryHold) holdsExcl() bool   { return h.excl[0]+h.excl[1] > 0 }
func (h *advisoryHold) holdsShared() bool { return h.shared[0]+h.shared[1] > 0 }

// blockers are the sessions other than s whose holds of key conflict
// with a request in the mode; the caller holds mu.
func (m *advisoryLocks) blockers(s *Session, key sem.AdvisoryKey, shared bool) []*Session {
	var out []*Session
	for o, h := range m.keys[key] {
		if o != s && (h.holdsExcl() || !shared && h.holdsShared()) {
			out = append(out, o)
		}
	}
	return out
}

// lock takes key for s (see sem.AdvisoryLocker.AdvisoryLock); w's
// context and lock timeout bound the wait.
func (m *advisoryLocks) lock(s *Session, key sem.AdvisoryKey, shared, xact, wait bool, ctx context.Context, lockTimeout time.Duration) (bool, error) {
	var deadline <-chan time.Time
	if lockTimeout > 0 {
		t := time.NewTimer(lockTimeout)
		defer t.Stop()
		deadline = t.C
	}
	for {
		m.mu.Lock()
		if m.keys == nil {
			m.keys, m.changed, m.waitsFor = map[sem.AdvisoryKey]map[*Session]*advisoryHold{}, make(chan struct{}), map[*Session]advisoryWant{}
		}
		if len(m.blockers(s, key, shared)) == 0 {
			m.grant(s, key, shared, xact)
			delete(m.waitsFor, s)
			m.mu.Unlock()
			return true, nil
		}
		if !wait {
			m.mu.Unlock()
			return false, nil
		}
		m.waitsFor[s] = advisoryWant{key, shared}
		if m.cycle(s) {
			delete(m.waitsFor, s)
			m.mu.Unlock()
			return false, pgerror.New(pgerror.DeadlockDetected, "deadlock detected")
		}
		ch := m.changed
		m.mu.Unlock()
		endWait := monitor.LockWait(ctx, monitor.WaitAdvisory) // pg_stat_activity's Lock/advisory
		var err error
		select {
		case <-ch:
			endWait()
			continue
		case <-ctx.Done():
			err = errCanceled
		case <-deadline:
			err = pgerror.New(pgerror.LockNotAvailable, "canceling statement due to lock timeout")
		}
		endWait()
		m.mu.Lock()
		delete(m.waitsFor, s)
		m.mu.Unlock()
		return false, err
	}
}

// grant records a hold; the caller holds mu.
func (m *advisoryLocks) grant(s *Session, key sem.AdvisoryKey, shared, xact bool) {
	holders := m.keys[key]
	if holders == nil {
		holders = map[*Session]*advisoryHold{}
		m.keys[key] = holders
	}
	h := holders[s]
	if h == nil {
		h = &advisoryHold{}
		holders[s] = h
	}
	i := map[bool]int{false: 0, true: 1}[xact]
	if xact {
		if m.xact == nil {
			m.xact = map[*Session][]advisoryWant{}
		}
		m.xact[s] = append(m.xact[s], advisoryWant{key, shared})
	}
	if shared {
		h.shared[i]++
	} else {
		h.excl[i]++
	}
}

// cycle reports whether s's wait closes a cycle of sessions waiting for
// one another's advisory locks; the caller holds mu.
func (m *advisoryLocks) cycle(s *Session) bool {
	seen := map[*Session]bool{}
	var reaches func(o *Session) bool
	reaches = func(o *Session) bool {
		want, ok := m.waitsFor[o]
		if !ok || seen[o] {
			return false
		}
		seen[o] = true
		for _, b := range m.blockers(o, want.key, want.shared) {
			if b == s || reaches(b) {
				return true
			}
		}
		return false
	}
	return reaches(s)
}

// unlock releases one session-level hold of key by s; false when s has
// none in that mode.
func (m *advisoryLocks) unlock(s *Session, key sem.AdvisoryKey, shared bool) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.keys[key][s]
	if h == nil {
		return false
	}
	n := &h.excl[0]
	if shared {
		n = &h.shared[0]
	}
	if *n == 0 {
		return false
	}
	*n--
	m.cleanup(s, key, h)
	return true
}

// release drops s's holds at one level (0 session, 1 transaction) or
// both (-1).
func (m *advisoryLocks) release(s *Session, level int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if level != 0 {
		delete(m.xact, s)
	}
	for key, holders := range m.keys {
		h := holders[s]
		if h == nil {
			continue
		}
		for i := range 2 {
			if level < 0 || level == i {
				h.excl[i], h.shared[i] = 0, 0
			}
		}
		m.cleanup(s, key, h)
	}
}

// xactHeld returns how many transaction-level holds s has taken in its
// transaction so far: a savepoint's mark for releaseSince.
func (m *advisoryLocks) xactHeld(s *Session) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.xact[s])
}

// releaseSince drops the transaction-level holds s took after its first
// n (a rolled-back subtransaction's, as PostgreSQL releases them at
// ROLLBACK TO SAVEPOINT and at an error after a SAVEPOINT).
func (m *advisoryLocks) releaseSince(s *Session, n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	log := m.xact[s]
	if n >= len(log) {
		return
	}
	for _, w := range log[n:] {
		h := m.keys[w.key][s]
		if h == nil {
			continue
		}
		if w.shared {
			h.shared[1]--
		} else {
			h.excl[1]--
		}
		m.cleanup(s, w.key, h)
	}
	m.xact[s] = log[:n]
	close(m.changed) // a mode of a hold that stays may have gone
	m.changed = make(chan struct{})
}

// cleanup forgets an empty hold and wakes the waiters; the caller holds
// mu.
func (m *advisoryLocks) cleanup(s *Session, key sem.AdvisoryKey, h *advisoryHold) {
	if !h.empty() {
		return
	}
	delete(m.keys[key], s)
	if len(m.keys[key]) == 0 {
		delete(m.keys, key)
	}
	close(m.changed)
	m.changed = make(chan struct{})
}

// AdvisoryLock implements sem.AdvisoryLocker: the statement's context
// and the session's lock_timeout bound the wait; a transaction-level
// lock opens the transaction it lasts for.
func (e *env) AdvisoryLock(key sem.AdvisoryKey, shared, xact, wait bool) (bool, error) {
	s := e.sess
	w := s.lockWait(s.stmtCtx)
	return s.en.advisory.lock(s, key, shared, xact, wait, w.Ctx, w.LockTimeout)
}

// AdvisoryUnlock implements sem.AdvisoryLocker; releasing a lock the
// session does not hold warns as PostgreSQL's (01000 "you don't own a
// lock of type ExclusiveLock").
func (e *env) AdvisoryUnlock(key sem.AdvisoryKey, shared bool) bool {
	ok := e.sess.en.advisory.unlock(e.sess, key, shared)
	if !ok && e.exec != nil {
		mode := map[bool]string{false: "ExclusiveLock", true: "ShareLock"}[shared]
		e.exec.notices = append(e.exec.notices, backend.Notice{Severity: "WARNING", Code: "01000",
			Message: "you don't own a lock of type " + mode})
	}
	return ok
}

// AdvisoryUnlockAll implements sem.AdvisoryLocker.
func (e *env) AdvisoryUnlockAll() { e.sess.en.advisory.release(e.sess, 0) }
