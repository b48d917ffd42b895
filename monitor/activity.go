package monitor

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// pg_stat_activity's states (PostgreSQL docs 28.2.3, "state").
const (
	StateActive         = "active"
	StateIdle           = "idle"
	StateIdleInTxn      = "idle in transaction"
	StateIdleInTxnError = "idle in transaction (aborted)"
)

var states = []string{StateActive, StateIdle, StateIdleInTxn, StateIdleInTxnError}

// stateGauges are vecgres_sessions' children, indexed as states.
var stateGauges = func() []prometheus.Gauge {
	g := make([]prometheus.Gauge, len(states))
	for i, s := range states {
		g[i] = sessions.WithLabelValues(s)
	}
	return g
}()

// Backend is one client connection as pg_stat_activity shows it. wire
// makes it once startup succeeded, with the identity fields set, and
// Registers it; the mutable fields change under mu.
type Backend struct {
	PID        int32     // the process ID of BackendKeyData and pg_backend_pid()
	Start      time.Time // backend_start
	User       string    // usename
	Database   string    // datname
	AppName    string    // application_name; changed under mu (SetAppName)
	ClientAddr string    // client_addr; "" for a Unix socket
	ClientPort int32     // client_port; -1 for a Unix socket

	mu          sync.Mutex
	state       int // index into states
	query       string
	queryStart  time.Time
	stateChange time.Time
	xactStart   time.Time
	waitType    string
	waitEvent   string
	cancel      func() // cancels the running statement, if any
	terminate   func() // ends the connection with FATAL 57P01
}

// Activity is a copy of a Backend's fields at one moment.
type Activity struct {
	PID                                              int32
	User, Database, AppName, ClientAddr              string
	ClientPort                                       int32
	BackendStart, XactStart, QueryStart, StateChange time.Time // zero: NULL
	State, Query, WaitEventType, WaitEvent           string    // "": NULL for the wait fields
}

// backends is the pid table.
var backends = struct {
	sync.Mutex
	byPID map[int32]*Backend
}{byPID: map[int32]*Backend{}}

// Register enters b in the pid table as idle; cancel and terminate are
// what pg_cancel_backend and pg_terminate_backend call.
func Register(b *Backend, cancel, terminate func()) {
	now := time.Now()
	b.mu.Lock()
	b.cancel, b.terminate = cancel, terminate
	b.state, b.stateChange = 1, now
	if b.Start.IsZero() {
		b.Start = now
	}
	b.mu.Unlock()
	backends.Lock()
	backends.byPID[b.PID] = b
	backends.Unlock()
	stateGauges[1].Inc()
}

// Unregister removes b from the pid table when its connection ends.
func Unregister(b *Backend) {
	backends.Lock()
	if backends.byPID[b.PID] == b {
		delete(backends.byPID, b.PID)
	}
	backends.Unlock()
	b.mu.Lock()
	stateGauges[b.state].Dec()
	b.mu.Unlock()
}

// Lookup returns the registered backend with process ID pid, or nil.
func Lookup(pid int32) *Backend {
	backends.Lock()
	defer backends.Unlock()
	return backends.byPID[pid]
}

// Backends returns every registered backend's activity, by pid.
func Backends() []Activity {
	backends.Lock()
	list := make([]*Backend, 0, len(backends.byPID))
	for _, b := range backends.byPID {
		list = append(list, b)
	}
	backends.Unlock()
	slices.SortFunc(list, func(a, b *Backend) int { return int(a.PID) - int(b.PID) })
	out := make([]Activity, len(list))
	for i, b := range list {
		out[i] = b.Activity()
	}
	return out
}

// Activity copies b's fields.
func (b *Backend) Activity() Activity {
	b.mu.Lock()
	defer b.mu.Unlock()
	return Activity{PID: b.PID, User: b.User, Database: b.Database, AppName: b.AppName,
		ClientAddr: b.ClientAddr, ClientPort: b.ClientPort, BackendStart: b.Start, XactStart: b.xactStart,
		QueryStart: b.queryStart, StateChange: b.stateChange, State: states[b.state], Query: b.query,
		WaitEventType: b.waitType, WaitEvent: b.waitEvent}
}

// setState moves b to states[i]; b.mu held.
func (b *Backend) setState(i int, now time.Time) {
	if b.state != i {
		stateGauges[b.state].Dec()
		stateGauges[i].Inc()
		b.state = i
	}
	b.stateChange = now
}

// StartQuery marks b active running query (the text of the Query
// message, or of the Parse that prepared the statement); a transaction
// starts with it when none is open. A backend already active on the same
// query keeps its query_start: Bind and Execute of one statement are one
// query.
func (b *Backend) StartQuery(query string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.state == 0 && b.query == query {
		return
	}
	now := time.Now()
	b.query, b.queryStart = query, now
	if b.xactStart.IsZero() {
		b.xactStart = now
	}
	b.setState(0, now)
}

// Idle marks b waiting for the client with the ReadyForQuery status
// txStatus ('I' idle, 'T' in a transaction block, 'E' in a failed one);
// 'I' ends the transaction's xact_start.
func (b *Backend) Idle(txStatus byte) {
	if b == nil {
		return
	}
	now := time.Now()
	b.mu.Lock()
	defer b.mu.Unlock()
	switch txStatus {
	case 'T':
		b.setState(2, now)
	case 'E':
		b.setState(3, now)
	default:
		b.xactStart = time.Time{}
		b.setState(1, now)
	}
}

// SetAppName changes b's application_name (SET application_name).
func (b *Backend) SetAppName(name string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.AppName = name
	b.mu.Unlock()
}

// Cancel cancels b's running statement (pg_cancel_backend); false when b
// has no cancel function.
func (b *Backend) Cancel() bool {
	b.mu.Lock()
	f := b.cancel
	b.mu.Unlock()
	if f == nil {
		return false
	}
	f()
	return true
}

// Terminate ends b's connection (pg_terminate_backend); false when b has
// no terminate function.
func (b *Backend) Terminate() bool {
	b.mu.Lock()
	f := b.terminate
	b.mu.Unlock()
	if f == nil {
		return false
	}
	f()
	return true
}

type backendKey struct{}

// WithBackend returns ctx carrying b, for Wait.
func WithBackend(ctx context.Context, b *Backend) context.Context {
	return context.WithValue(ctx, backendKey{}, b)
}

// BackendOf returns the Backend ctx carries, or nil.
func BackendOf(ctx context.Context) *Backend {
	if ctx == nil {
		return nil
	}
	b, _ := ctx.Value(backendKey{}).(*Backend)
	return b
}

// Lock wait events (PostgreSQL docs table 28.11, wait_event_type Lock).
const (
	WaitRelation      = "relation"
	WaitTransactionID = "transactionid"
	WaitAdvisory      = "advisory"
)

// LockWait records that the statement of ctx starts waiting for a lock
// (wait_event_type "Lock", wait_event event) and returns the function
// that ends the wait. It counts the wait in vecgres_lock_waits_total and
// vecgres_sessions_waiting, whether or not ctx carries a Backend.
func LockWait(ctx context.Context, event string) (done func()) {
	lockWaits.WithLabelValues(event).Inc()
	WaitingSessions.Inc()
	b := BackendOf(ctx)
	if b != nil {
		b.mu.Lock()
		b.waitType, b.waitEvent = "Lock", event
		b.mu.Unlock()
	}
	return func() {
		WaitingSessions.Dec()
		if b != nil {
			b.mu.Lock()
			b.waitType, b.waitEvent = "", ""
			b.mu.Unlock()
		}
	}
}
