package wire

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/binary"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// selfSignedTLS makes a server TLS config with a fresh self-signed
// certificate for 127.0.0.1 and localhost.
func selfSignedTLS(t testing.TB) *tls.Config {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "vecgres test"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
}

// connIsTLS connects with sslmode and reports whether the connection is
// encrypted.
func connIsTLS(t *testing.T, s *Server, user, password, sslmode string) bool {
	t.Helper()
	dsn := "postgres://" + user + ":" + password + "@" + s.Addr().String() + "/db?sslmode=" + sslmode
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect %s: %v", sslmode, err)
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(ctx, "SELECT 1"); err != nil {
		t.Fatal(err)
	}
	_, ok := c.PgConn().Conn().(*tls.Conn)
	return ok
}

func TestTLSRequire(t *testing.T) {
	cfg := selfSignedTLS(t)
	s := authServer(t, false, func(s *Server) { s.TLSConfig = cfg })
	if !connIsTLS(t, s, "alice", "s3cret", "require") {
		t.Error("sslmode=require: connection is not TLS")
	}
	if connIsTLS(t, s, "alice", "s3cret", "disable") {
		t.Error("sslmode=disable: connection is TLS")
	}
	wantPgError(t, "wrong password over TLS", tryConnect(s, "alice", "nope", "require"),
		"28P01", `password authentication failed for user "alice"`)
}

func TestTLSNotConfigured(t *testing.T) {
	s := authServer(t, false)
	err := tryConnect(s, "alice", "s3cret", "require")
	if err == nil || !strings.Contains(err.Error(), "server refused TLS connection") {
		t.Fatalf("sslmode=require without TLS: %v", err)
	}
}

// TestRequireTLSRemote: remote clients must use TLS; local ones need not.
func TestRequireTLSRemote(t *testing.T) {
	cfg := selfSignedTLS(t)
	remote := authServer(t, true, func(s *Server) { s.TLSConfig = cfg; s.RequireTLSRemote = true })
	wantPgError(t, "remote plaintext", tryConnect(remote, "alice", "s3cret", "disable"), "28000",
		`no pg_hba.conf entry for host "127.0.0.1", user "alice", database "db", no encryption`)
	if !connIsTLS(t, remote, "alice", "s3cret", "require") {
		t.Error("remote sslmode=require: not TLS")
	}
	local := authServer(t, false, func(s *Server) { s.TLSConfig = cfg; s.RequireTLSRemote = true })
	if connIsTLS(t, local, "alice", "s3cret", "disable") {
		t.Error("local sslmode=disable: TLS")
	}
}

// TestPlaintextAfterSSLRequest: bytes sent behind an SSLRequest, before
// the server's answer, are refused rather than read after the handshake.
func TestPlaintextAfterSSLRequest(t *testing.T) {
	cfg := selfSignedTLS(t)
	s := authServer(t, false, func(s *Server) { s.TLSConfig = cfg })
	rc := dialNoStartup(t, s)
	req := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, 8), 80877103)
	if _, err := rc.nc.Write(append(req, "Qjunk"...)); err != nil {
		t.Fatal(err)
	}
	got := rc.until("ErrorResponse")
	checkMessages(t, got, "ErrorResponse FATAL 08P01 received unencrypted data after SSL request")
}
