package tests

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/md5"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/binary"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// roleDSN is a connection string for user with password ("" = none).
func roleDSN(s *server, user, password, sslmode string) string {
	host, port, _ := strings.Cut(s.Addr, ":")
	if password != "" {
		user += ":" + password
	}
	return fmt.Sprintf("postgres://%s@%s:%s/postgres?sslmode=%s", user, host, port, sslmode)
}

// tryLogin connects, runs SELECT 1 and returns the first error.
func tryLogin(t *testing.T, dsn string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer c.Close(context.Background())
	var n int32
	return c.QueryRow(ctx, "SELECT 1").Scan(&n)
}

func wantAuthFailed(t *testing.T, err error, user string) {
	t.Helper()
	pe := wantCode(t, err, "28P01")
	if want := fmt.Sprintf("password authentication failed for user %q", user); pe.Message != want || pe.Severity != "FATAL" {
		t.Fatalf("got %s %q, want FATAL %q", pe.Severity, pe.Message, want)
	}
}

// TestAuthRolesDurable: roles made with CREATE ROLE/USER authenticate with
// SCRAM-SHA-256 or their md5 verifier, wrong and unknown users get the
// same 28P01, and roles survive a crash (WAL replay) without a plaintext
// password on disk.
func TestAuthRolesDurable(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	admin := s.connect(t)
	md5Verifier := func(user, pw string) string {
		sum := md5.Sum([]byte(pw + user))
		return "md5" + hex.EncodeToString(sum[:])
	}
	mustExec(t, admin, "CREATE ROLE alice WITH LOGIN PASSWORD 'Tr0ub4dor&3'")
	mustExec(t, admin, "CREATE USER bob PASSWORD '"+md5Verifier("bob", "hunter2")+"'")
	mustExec(t, admin, "CREATE ROLE carol PASSWORD 'x'") // NOLOGIN by default
	mustExec(t, admin, "CREATE USER dave")
	wantCode(t, exec1(admin, "CREATE ROLE alice"), "42710")

	check := func(s *server) {
		t.Helper()
		if err := tryLogin(t, roleDSN(s, "alice", "Tr0ub4dor&3", "disable")); err != nil {
			t.Fatalf("alice: %v", err)
		}
		if err := tryLogin(t, roleDSN(s, "bob", "hunter2", "disable")); err != nil {
			t.Fatalf("bob (md5): %v", err)
		}
		wantAuthFailed(t, tryLogin(t, roleDSN(s, "alice", "wrong", "disable")), "alice")
		wantAuthFailed(t, tryLogin(t, roleDSN(s, "alice", "", "disable")), "alice") // a password is needed from loopback too
		wantAuthFailed(t, tryLogin(t, roleDSN(s, "bob", "hunter3", "disable")), "bob")
		wantAuthFailed(t, tryLogin(t, roleDSN(s, "mallory", "x", "disable")), "mallory")
		pe := wantCode(t, tryLogin(t, roleDSN(s, "carol", "x", "disable")), "28000")
		if pe.Message != `role "carol" is not permitted to log in` {
			t.Fatalf("carol: %s", pe.Message)
		}
		if err := tryLogin(t, roleDSN(s, "dave", "", "disable")); err != nil { // no password: trusted locally
			t.Fatalf("dave: %v", err)
		}
	}
	check(s)
	s.Kill()
	s = startServer(t, dir)
	check(s)

	// ALTER ROLE changes, DROP ROLE removes, both durably.
	admin = s.connect(t)
	mustExec(t, admin, "ALTER ROLE alice PASSWORD 'n3w'")
	mustExec(t, admin, "ALTER USER dave WITH PASSWORD 'd4ve'")
	mustExec(t, admin, "DROP ROLE bob")
	mustExec(t, admin, "DROP ROLE IF EXISTS bob")
	wantCode(t, exec1(admin, "DROP ROLE bob"), "42704")
	wantCode(t, exec1(admin, "DROP ROLE postgres"), "55006") // current user cannot be dropped
	mustExec(t, admin, "ALTER ROLE alice SUPERUSER")         // only superusers may drop superusers
	alice, err := pgx.Connect(testCtx(t, 10*time.Second), roleDSN(s, "alice", "n3w", "disable"))
	if err != nil {
		t.Fatal(err)
	}
	wantCode(t, exec1(alice, "DROP ROLE postgres"), "2BP01") // required by the database system
	alice.Close(context.Background())
	s.Kill()
	s = startServer(t, dir)
	if err := tryLogin(t, roleDSN(s, "alice", "n3w", "disable")); err != nil {
		t.Fatalf("alice after ALTER: %v", err)
	}
	wantAuthFailed(t, tryLogin(t, roleDSN(s, "alice", "Tr0ub4dor&3", "disable")), "alice")
	wantAuthFailed(t, tryLogin(t, roleDSN(s, "dave", "", "disable")), "dave")
	wantAuthFailed(t, tryLogin(t, roleDSN(s, "bob", "hunter2", "disable")), "bob")
	if err := tryLogin(t, roleDSN(s, "postgres", "", "disable")); err != nil {
		t.Fatalf("postgres: %v", err)
	}
	s.Stop()
	for _, secret := range []string{"Tr0ub4dor&3", "n3w", "d4ve"} {
		if where := findInDir(t, dir, secret); where != "" {
			t.Errorf("password %q stored in plaintext in %s", secret, where)
		}
	}
}

// exec1 runs one statement and returns its error.
func exec1(c *pgx.Conn, sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := c.Exec(ctx, sql)
	return err
}

// findInDir returns the first file under dir containing s, or "".
func findInDir(t *testing.T, dir, s string) string {
	t.Helper()
	found := ""
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || found != "" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err == nil && bytes.Contains(b, []byte(s)) {
			found = path
		}
		return nil
	})
	return found
}

// writeSelfSigned writes a fresh self-signed certificate for 127.0.0.1
// and its key as PEM files in dir.
func writeSelfSigned(t *testing.T, dir string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "server.crt"), filepath.Join(dir, "server.key")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

// TestTLSClients: with --tls-cert/--tls-key, pgx and psql connect with
// sslmode=require and authenticate over TLS.
func TestTLSClients(t *testing.T) {
	cert, key := writeSelfSigned(t, t.TempDir())
	s := startServer(t, "", "--tls-cert", cert, "--tls-key", key)
	mustExec(t, s.connect(t), "CREATE ROLE alice LOGIN PASSWORD 's3cret'")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, roleDSN(s, "alice", "s3cret", "require"))
	if err != nil {
		t.Fatalf("pgx sslmode=require: %v", err)
	}
	defer c.Close(context.Background())
	if _, ok := c.PgConn().Conn().(*tls.Conn); !ok {
		t.Fatalf("pgx connection is %T, not TLS", c.PgConn().Conn())
	}
	var n int32
	if err := c.QueryRow(ctx, "SELECT 1").Scan(&n); err != nil || n != 1 {
		t.Fatalf("SELECT 1 over TLS: %d, %v", n, err)
	}

	path, err := exec.LookPath("psql")
	if err != nil {
		t.Skip("psql is not on PATH")
	}
	conninfo := fmt.Sprintf("host=127.0.0.1 port=%s user=alice dbname=postgres sslmode=require", s.Port())
	cmd := exec.CommandContext(ctx, path, "-X", "-d", conninfo, "-c", `\conninfo`, "-c", "SELECT 41 + 1")
	cmd.Env = append(os.Environ(), "LC_ALL=C", "PGPASSWORD=s3cret", "PGCONNECT_TIMEOUT=10", "PAGER=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("psql: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), `You are connected to database "postgres" as user "alice"`) ||
		!strings.Contains(string(out), "SSL connection (protocol: TLSv1.3") || !strings.Contains(string(out), "42") {
		t.Fatalf("psql output:\n%s", out)
	}
}

// TestCancelNeedsSecret: a CancelRequest with a wrong secret leaves the
// running COPY alone; pgx's, with the BackendKeyData secret, stops it
// with 57014.
func TestCancelNeedsSecret(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE t (id int8)")
	pg := conn.PgConn()

	// startCopy runs COPY t FROM STDIN fed by the returned writer.
	startCopy := func() (*io.PipeWriter, chan error) {
		pr, pw := io.Pipe()
		done := make(chan error, 1)
		go func() {
			_, err := pg.CopyFrom(context.Background(), pr, "COPY t (id) FROM STDIN")
			done <- err
		}()
		if _, err := pw.Write([]byte("1\n")); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond) // the server is inside the COPY
		return pw, done
	}

	pw, done := startCopy()
	wrong := append([]byte(nil), pg.SecretKey()...)
	wrong[0] ^= 0xff
	rawCancel(t, s.Addr, pg.PID(), wrong)
	pw.Write(bytes.Repeat([]byte("2\n"), 10000)) // enough batches for a cancel to be seen
	pw.Close()
	if err := <-done; err != nil {
		t.Fatalf("COPY after a wrong-secret cancel: %v", err)
	}

	pw, done = startCopy()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := pg.CancelRequest(ctx); err != nil {
		t.Fatal(err)
	}
	// COPY notices the cancel between batches of rows: send a few batches.
	pw.Write(bytes.Repeat([]byte("3\n"), 10000))
	pw.Close()
	pe := wantCode(t, <-done, "57014")
	if pe.Message != "canceling statement due to user request" {
		t.Fatalf("cancel message %q", pe.Message)
	}
	var n int64
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM t").Scan(&n); err != nil || n != 10001 {
		t.Fatalf("rows after the cancelled COPY: %d, %v (want 10001)", n, err)
	}
}

// rawCancel sends a CancelRequest (docs §55.2.7) and waits for the server
// to close the connection, i.e. to have handled it.
func rawCancel(t *testing.T, addr string, pid uint32, secret []byte) {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	msg := binary.BigEndian.AppendUint32(nil, uint32(12+len(secret)))
	msg = binary.BigEndian.AppendUint32(msg, 80877102)
	msg = binary.BigEndian.AppendUint32(msg, pid)
	if _, err := nc.Write(append(msg, secret...)); err != nil {
		t.Fatal(err)
	}
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadAll(nc); err != nil {
		t.Fatalf("cancel connection: %v", err)
	}
}
