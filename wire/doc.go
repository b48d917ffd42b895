// Package wire serves the PostgreSQL frontend/backend protocol version 3.0
// (PostgreSQL docs, chapter 55 "Frontend/Backend Protocol") over TCP, on top
// of pgx's pgproto3 message codec. It knows nothing of SQL: statements go to
// an Engine (the planner) through the Session and Prepared interfaces of
// package wire/backend, and values are encoded by package sql/types.
//
// Layers, outermost first:
//
//	Server (server.go)      listener, accept loop, connection registry, shutdown
//	conn   (conn.go)        one goroutine per connection: a read loop over typed
//	                        messages, dispatching to the message families below
//	receive.go              message framing: PostgreSQL's length limits (1 GiB - 2
//	                        for Query/Parse/Bind/FunctionCall/COPY, 10000 bytes
//	                        otherwise), bodies read as they arrive, decoded by
//	                        pgproto3; a malformed body is an ERROR, not FATAL
//	startup.go              SSLRequest, GSSEncRequest (answered 'N'), StartupMessage,
//	                        AuthenticationOk, ParameterStatus, BackendKeyData;
//	                        startup_packet.go reads the packets (any protocol 3.x)
//	tls.go                  SSLRequest answered 'S' and TLS (crypto/tls) when
//	                        Server.TLSConfig is set; RequireTLSRemote
//	auth.go                 authentication policy over Server.Roles: SCRAM-SHA-256
//	                        (auth_scram.go, RFC 5802/7677), MD5, trust for local
//	                        roles without a password; auth_verifier.go holds
//	                        PostgreSQL's verifier formats
//	simple.go               Query: Split, Execute each statement in order
//	extended.go             Parse/Bind/Describe/Execute/Close/Flush/Sync with
//	                        prepared statements and portals
//	copy.go                 COPY FROM STDIN and COPY TO STDOUT sub-protocols;
//	                        CopyData bodies are read from the connection as the
//	                        session consumes them, never held whole (through
//	                        the connection's 64 KiB read buffer)
//	cancel.go               CancelRequest (pid + 4-byte secret from BackendKeyData)
//	                        and per-statement contexts
//	activity.go             the connection's monitor.Backend (pg_stat_activity:
//	                        state, query, lock waits via the statement's
//	                        context), pg_cancel_backend and pg_terminate_backend
//	                        (FATAL 57P01)
//	send.go                 the send buffer: each message encoded as it is sent, the
//	                        buffer written with one Write at Sync, at the end of a
//	                        Query, and every flushThreshold bytes of rows
//	errors.go               *pgerror.Error -> ErrorResponse/NoticeResponse fields
//	logging.go              the log lines of statement errors, durations
//	                        (log_min_duration_statement), connections
//	idle.go, slots.go       idle_in_transaction_session_timeout (FATAL 25P03);
//	                        max_connections and the superuser-reserved slots
//	results.go              RowDescription and DataRow in text or binary format
//	stream.go               the backend.ResultWriter a statement streams its
//	                        rows or COPY TO payloads into (Session.ExecuteTo):
//	                        DataRow and CopyData buffered, flushed every
//	                        flushThreshold bytes, so a slow client slows the
//	                        statement (TCP backpressure) instead of the server
//	                        holding the result
//
// The simple protocol and Execute without a row limit stream: rows
// reach the client as the engine produces them, RowDescription before the
// first, and a statement failing midway sends its rows then the
// ErrorResponse, as PostgreSQL does. The first Execute of a portal with a
// row limit (MaxRows > 0) runs Session.Execute and keeps the whole result
// in the portal for the Executes that follow; each sends up to MaxRows
// rows and PortalSuspended when it sent MaxRows (even if none is left, as
// PostgreSQL's PortalRunSelect), else CommandComplete with its own count;
// SQL cursors (DECLARE) keep their rows in the Session.
//
// Protocol behaviour follows PostgreSQL: after an error in an extended-query
// message every message but Sync and Terminate is discarded until Sync; a
// FATAL error (protocol violation, shutdown) is sent and the connection
// closed; CopyData, CopyDone and CopyFail outside copy-in mode are dropped;
// Flush and Sync inside copy-in mode are ignored; at Sync, when the session is
// not inside a transaction block, every portal is destroyed (the implicit
// transaction ended), and the unnamed portal is also replaced by the next
// Bind. Transactions are the Session's, but wire marks their implicit
// bounds: Session.BeginImplicit before the first statement of a Query
// message or of the extended messages before a Sync, Session.Sync at the
// end of the Query or at Sync (commit), and Session.Fail after every
// ErrorResponse but FATAL ones (rollback, or a failed block), as any
// ERROR ends PostgreSQL's transaction. The last statement of a Query gets
// its CommandComplete only after that commit succeeded (its ErrorResponse
// instead when it failed), as PostgreSQL's exec_simple_query; an Execute
// completes before the commit at Sync, as in PostgreSQL. SQL cursors (DECLARE) live in the Session, but share the portal
// name space as in PostgreSQL: Describe of a portal wire does not know asks
// Session.DescribeCursor. Bind asks Session.Revalidate to re-check the
// statement first (a schema change since
// Parse). A panic inside a Session call becomes an XX000 error and the
// connection stays usable. A connection drop closes the Session.
//
// Only protocol 3.0 is spoken: a client asking for a later 3.x, or sending
// "_pq_." protocol options, gets NegotiateProtocolVersion (the version 3.0,
// sent as PostgreSQL 15 sends it, and the options in the order given) and a
// 4-byte cancel secret; another major version is FATAL 0A000.
package wire
