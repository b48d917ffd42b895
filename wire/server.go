package wire

import (
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Defaults for the zero values of Server's fields.
const (
	// DefaultServerVersion is the server_version ParameterStatus: a number
	// clients parse as PostgreSQL's (the vecgres identity is in version()).
	DefaultServerVersion = backend.ServerVersion
	// DefaultMaxMessageSize bounds the body of one Query, Parse, Bind,
	// FunctionCall or COPY message, in bytes: PostgreSQL's limit
	// (PQ_LARGE_MESSAGE_LIMIT, 1 GiB - 2, less the length word). Other
	// messages are limited to 10000 bytes as in PostgreSQL (receive.go).
	DefaultMaxMessageSize = pqLargeMessageLimit - 4
	// DefaultShutdownTimeout is how long Serve waits, after its context is
	// cancelled, for connections to finish their statement before closing
	// their sockets.
	DefaultShutdownTimeout = 5 * time.Second
)

// Server accepts PostgreSQL protocol 3.0 connections and runs their
// statements on Engine. Set the fields before calling Serve; a Server
// serves one listener once.
type Server struct {
	Engine backend.Engine
	Logger *slog.Logger // nil: discard

	// ServerVersion is the server_version ParameterStatus sent at startup,
	// e.g. "15.20"; empty means DefaultServerVersion.
	ServerVersion string
	// MaxConns limits concurrent client connections (0 = unlimited); the
	// connection over the limit gets FATAL 53300 "sorry, too many clients
	// already".
	MaxConns int
	// MaxMessageSize bounds the body of a large frontend message in bytes
	// (0 = DefaultMaxMessageSize); a larger message is a FATAL 08P01
	// "invalid message length" naming the limit. Bodies are read as they
	// arrive, never allocated from the length word alone.
	MaxMessageSize int
	// ShutdownTimeout: see DefaultShutdownTimeout (0 = the default).
	ShutdownTimeout time.Duration

	// Roles authenticates connections by the policy in auth.go; nil
	// trusts every user name (embedding and tests).
	Roles RoleStore
	// TrustLocal lets a role without a password log in without one from a
	// local address (see IsLocal); elsewhere such a role is refused.
	TrustLocal bool
	// TLSConfig, when set, makes SSLRequest answered 'S' and the
	// connection switch to TLS; nil answers 'N'.
	TLSConfig *tls.Config
	// RequireTLSRemote refuses non-local clients that did not switch to
	// TLS (FATAL 28000 "no pg_hba.conf entry ... no encryption").
	RequireTLSRemote bool
	// LogErrors logs every ERROR or FATAL sent to a client at
	// LogErrorsLevel, with its SQLSTATE and (truncated) statement
	// (logging.go); LogConnections and LogDisconnections log each
	// authorised connection and its end (PostgreSQL's log_connections,
	// log_disconnections).
	LogErrors         bool
	LogErrorsLevel    slog.Level
	LogConnections    bool
	LogDisconnections bool
	// SuperuserReserved is superuser_reserved_connections: of MaxConns,
	// this many slots only superusers may take (IsSuperuser says who);
	// others beyond MaxConns-SuperuserReserved get FATAL 53300
	// "remaining connection slots are reserved for non-replication
	// superuser connections".
	SuperuserReserved int
	// IsSuperuser reports whether a role is a superuser; nil: nobody is.
	IsSuperuser func(role string) bool

	// IsLocal reports whether a client address is local (for TrustLocal
	// and RequireTLSRemote); nil means IsLoopback. Tests set it to
	// simulate remote clients.
	IsLocal func(net.Addr) bool

	mu      sync.Mutex
	addr    net.Addr
	live    map[*conn]struct{} // every open connection
	byPID   map[uint32]*conn   // connections past startup, for CancelRequest
	nextPID uint32             // last process ID handed out
	wg      sync.WaitGroup     // one per connection goroutine
}

// Addr returns the address Serve listens on, or nil before Serve started.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Serve accepts connections on ln until ctx is cancelled, then closes ln,
// cancels running statements, tells idle clients FATAL 57P01 and waits for
// every connection to end (closing sockets after ShutdownTimeout). It returns
// nil after a shutdown through ctx, or the accept error that stopped it.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if s.Engine == nil {
		return errors.New("wire: Server.Engine is nil")
	}
	s.mu.Lock()
	s.addr = ln.Addr()
	s.live = map[*conn]struct{}{}
	s.byPID = map[uint32]*conn{}
	s.mu.Unlock()
	s.log().Info("listening", "addr", ln.Addr().String())

	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	err := s.acceptLoop(ctx, ln)
	ln.Close()
	s.shutdown()
	if ctx.Err() != nil {
		return nil
	}
	return err
}

func (s *Server) acceptLoop(ctx context.Context, ln net.Listener) error {
	var backoff time.Duration
	for {
		nc, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
				time.Sleep(backoff)
				continue
			}
			return err
		}
		backoff = 0
		c := newConn(s, ctx, nc)
		s.mu.Lock()
		s.live[c] = struct{}{}
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			c.serve()
		}()
	}
}

// shutdown wakes every connection blocked in a read (a read deadline in the
// past), waits up to ShutdownTimeout, then closes what is left.
func (s *Server) shutdown() {
	s.mu.Lock()
	for c := range s.live {
		c.nc.SetReadDeadline(time.Now())
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	timeout := s.ShutdownTimeout
	if timeout <= 0 {
		timeout = DefaultShutdownTimeout
	}
	select {
	case <-done:
		return
	case <-time.After(timeout):
	}
	s.mu.Lock()
	for c := range s.live {
		c.nc.Close()
	}
	s.mu.Unlock()
	<-done
}

// register gives c, of role user, a process ID for BackendKeyData and
// enters it in the cancel registry; the error (53300) when no connection
// slot is left for user (slotError).
func (s *Server) register(c *conn, user string) *pgerror.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.slotError(len(s.byPID), user); e != nil {
		return e
	}
	for {
		s.nextPID++
		if s.nextPID == 0 {
			continue
		}
		if _, used := s.byPID[s.nextPID]; !used {
			break
		}
	}
	c.pid = s.nextPID
	s.byPID[c.pid] = c
	return nil
}

// forget removes c from the registries.
func (s *Server) forget(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.live, c)
	if c.pid != 0 && s.byPID[c.pid] == c {
		delete(s.byPID, c.pid)
	}
}

func (s *Server) lookup(pid uint32) *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byPID[pid]
}

func (s *Server) log() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.New(slog.DiscardHandler)
}

func (s *Server) serverVersion() string {
	if s.ServerVersion != "" {
		return s.ServerVersion
	}
	return DefaultServerVersion
}

func (s *Server) maxMessageSize() int {
	if s.MaxMessageSize > 0 {
		return s.MaxMessageSize
	}
	return DefaultMaxMessageSize
}
