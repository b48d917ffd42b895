package wire

import (
	"bufio"
	"crypto/rand"
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// protocolOptionPrefix marks startup parameters that are protocol options
// (protocol 3.0 §55.2.1); vecgres supports none and lists them in
// NegotiateProtocolVersion.
const protocolOptionPrefix = "_pq_."

// errStartupDone ends a connection whose startup packet was a CancelRequest.
var errStartupDone = errors.New("cancel request handled")

// startup runs the startup phase (docs §55.2.1): it answers SSLRequest
// (switching to TLS when configured, tls.go) and GSSEncRequest ('N'),
// serves a CancelRequest, and for a StartupMessage authenticates (auth.go)
// and sends AuthenticationOk, the ParameterStatus set and BackendKeyData.
// It returns the startup parameters; the caller sends ReadyForQuery. The
// whole phase must end within authTimeout.
func (c *conn) startup() (map[string]string, error) {
	c.nc.SetDeadline(time.Now().Add(authTimeout))
	raw := &countingReader{r: c.nc}
	br := bufio.NewReaderSize(raw, inBufSize) // later messages may already be in its buffer
	c.in = br
	var consumed int64 // bytes of startup requests read before TLS
	for {
		pkt, err := readStartupPacket(br)
		if err != nil {
			var pe *pgerror.Error
			switch {
			case errors.As(err, &pe):
				c.sendFatal(pe)
			case !isNetError(err):
				c.sendFatal(pgerror.Errorf(pgerror.ProtocolViolation, "invalid startup packet: %v", err))
			}
			return nil, err
		}
		switch m := pkt.msg.(type) {
		case *pgproto3.SSLRequest:
			consumed += startupRequestLen
			plain := c.nc
			if err := c.sslRequest(raw, consumed); err != nil {
				return nil, err
			}
			if c.nc != plain { // switched to TLS: read the rest through it
				br = bufio.NewReaderSize(c.nc, inBufSize)
				c.in = br
			}
		case *pgproto3.GSSEncRequest:
			consumed += startupRequestLen
			if _, err := c.nc.Write([]byte{'N'}); err != nil {
				return nil, err
			}
		case *pgproto3.CancelRequest:
			c.srv.cancelRequest(m.ProcessID, m.SecretKey)
			return nil, errStartupDone
		case *pgproto3.StartupMessage:
			return c.accept(m, pkt.options)
		default:
			return nil, fmt.Errorf("unexpected startup message %T", pkt.msg)
		}
	}
}

// accept completes the startup of m: authentication, then the session's
// parameters.
//
// A client asking for a newer 3.x protocol or sending "_pq_." options
// (options, in the order sent) gets NegotiateProtocolVersion first, as
// from PostgreSQL 15: its first field is the newest version supported
// (3.0, sent as the whole version word 0x00030000 as PostgreSQL does),
// then the options not recognised (all of them); startup then goes on.
func (c *conn) accept(m *pgproto3.StartupMessage, options []string) (map[string]string, error) {
	params := maps.Clone(m.Parameters)
	for _, k := range options {
		delete(params, k)
	}
	if m.ProtocolVersion != supportedProtocol || len(options) > 0 {
		c.send(&pgproto3.NegotiateProtocolVersion{NewestMinorProtocol: supportedProtocol, UnrecognizedOptions: options})
	}
	user := params["user"]
	if user == "" {
		e := pgerror.New(pgerror.InvalidAuthorizationSpec, "no PostgreSQL user name specified in startup packet")
		c.sendFatal(e)
		return nil, e
	}
	if params["database"] == "" {
		params["database"] = user
	}
	if err := c.checkTransport(user, params["database"]); err != nil {
		return nil, c.authError(err)
	}
	if err := c.authenticate(user); err != nil {
		return nil, c.authError(err)
	}
	if _, err := rand.Read(c.secret[:]); err != nil {
		return nil, fmt.Errorf("cancel secret: %w", err)
	}
	if e := c.srv.register(c, user); e != nil {
		c.sendFatal(e)
		return nil, e
	}
	c.send(&pgproto3.AuthenticationOk{})
	for _, kv := range c.parameterStatus(params) {
		c.send(&pgproto3.ParameterStatus{Name: kv[0], Value: kv[1]})
	}
	c.send(&pgproto3.BackendKeyData{ProcessID: c.pid, SecretKey: c.secret[:]})
	c.nc.SetDeadline(time.Time{})
	if c.srvCtx.Err() != nil {
		c.nc.SetReadDeadline(time.Now()) // shutdown began: wake the first read
	}
	return params, nil
}

// authError sends a FATAL for a *pgerror.Error from authentication and
// returns err (network errors are only returned).
func (c *conn) authError(err error) error {
	var pe *pgerror.Error
	if errors.As(err, &pe) {
		c.sendFatal(pe)
	}
	return err
}

// parameterStatus lists the run-time parameters reported at startup, in
// the order PostgreSQL reports them.
func (c *conn) parameterStatus(params map[string]string) [][2]string {
	return [][2]string{
		{"application_name", params["application_name"]},
		{"client_encoding", "UTF8"},
		{"DateStyle", "ISO, MDY"},
		{"default_transaction_read_only", "off"},
		{"in_hot_standby", "off"},
		{"integer_datetimes", "on"},
		{"IntervalStyle", "postgres"},
		{"is_superuser", "on"},
		{"server_encoding", "UTF8"},
		{"server_version", c.srv.serverVersion()},
		{"session_authorization", params["user"]},
		{"standard_conforming_strings", "on"},
		{"TimeZone", "UTC"},
	}
}
