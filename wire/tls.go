package wire

import (
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// authTimeout bounds the startup phase (TLS handshake, startup packet,
// authentication exchange), as PostgreSQL's authentication_timeout (1 min).
const authTimeout = time.Minute

// startupRequestLen is the length in bytes of an SSLRequest or
// GSSEncRequest packet (length + request code).
const startupRequestLen = 8

// countingReader counts the bytes read from the socket before TLS, so
// that plaintext sent after an SSLRequest (which a client must not send
// before the 'S') is detected instead of being taken as part of the TLS
// stream (PostgreSQL refuses it the same way, CVE-2021-23214).
type countingReader struct {
	r io.Reader
	n int64
}

func (cr *countingReader) Read(p []byte) (int, error) {
	n, err := cr.r.Read(p)
	cr.n += int64(n)
	return n, err
}

// sslRequest answers an SSLRequest (docs §55.2.10): 'S' and a TLS
// handshake when the server has a TLSConfig and the connection is not
// encrypted yet, else 'N'. consumed is the number of startup bytes read
// so far, this request included.
func (c *conn) sslRequest(raw *countingReader, consumed int64) error {
	if c.srv.TLSConfig == nil || c.isTLS() {
		_, err := c.nc.Write([]byte{'N'})
		return err
	}
	if raw.n != consumed {
		e := pgerror.New(pgerror.ProtocolViolation, "received unencrypted data after SSL request")
		c.sendFatal(e)
		return e
	}
	if _, err := c.nc.Write([]byte{'S'}); err != nil {
		return err
	}
	tc := tls.Server(c.nc, c.srv.TLSConfig)
	if err := tc.Handshake(); err != nil {
		return fmt.Errorf("tls handshake: %w", err)
	}
	c.srv.mu.Lock() // shutdown reads c.nc under srv.mu
	c.nc = tc
	c.srv.mu.Unlock()
	return nil
}

// isTLS reports whether the connection is encrypted.
func (c *conn) isTLS() bool {
	_, ok := c.nc.(*tls.Conn)
	return ok
}

// checkTransport applies Server.RequireTLSRemote: a non-local client that
// did not switch to TLS is refused as PostgreSQL refuses a connection no
// pg_hba.conf line matches (hostssl lines only).
func (c *conn) checkTransport(user, database string) error {
	s := c.srv
	if !s.RequireTLSRemote || c.isTLS() || s.isLocal(c.nc.RemoteAddr()) {
		return nil
	}
	host := c.nc.RemoteAddr().String()
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return pgerror.Errorf(pgerror.InvalidAuthorizationSpec,
		"no pg_hba.conf entry for host %q, user %q, database %q, no encryption", host, user, database)
}

// LoadTLSConfig loads a PEM certificate chain and private key (the
// --tls-cert and --tls-key files) into a server TLS configuration
// accepting TLS 1.2 and newer.
func LoadTLSConfig(certFile, keyFile string) (*tls.Config, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("load TLS certificate %s and key %s: %w", certFile, keyFile, err)
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}
