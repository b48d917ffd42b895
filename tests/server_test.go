package tests

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// vecgresBinary builds cmd/vecgres once per test process, or returns
// $VECGRES_BIN when set (a binary built elsewhere).
func vecgresBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		if p := os.Getenv("VECGRES_BIN"); p != "" {
			binPath = p
			return
		}
		dir, err := os.MkdirTemp("", "vecgres-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "vecgres")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/vecgres").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// server is a running vecgres process.
type server struct {
	t       testing.TB
	cmd     *exec.Cmd
	Addr    string // host:port
	DataDir string
	done    chan struct{}
	stderr  *lockedWriter
}

// startServer starts vecgres on a free loopback port over dataDir ("" = a
// new temporary directory) and stops it when the test ends.
func startServer(t testing.TB, dataDir string, extraArgs ...string) *server {
	t.Helper()
	if dataDir == "" {
		dataDir = t.TempDir()
	}
	args := append([]string{"--listen", "127.0.0.1:0", "--data-dir", dataDir}, extraArgs...)
	cmd := exec.Command(vecgresBinary(t), args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, cmd: cmd, DataDir: dataDir, done: make(chan struct{}), stderr: &lockedWriter{b: &strings.Builder{}}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				addr <- a
			}
		}
	}()
	go func() { cmd.Wait(); close(s.done) }()
	select {
	case s.Addr = <-addr:
	case <-s.done:
		t.Fatalf("vecgres exited at start-up: %s", s.stderr.String())
	case <-time.After(60 * time.Second):
		s.Kill()
		t.Fatalf("vecgres did not start within 60 s: %s", s.stderr.String())
	}
	t.Cleanup(func() {
		s.Stop()
		if t.Failed() {
			t.Logf("vecgres %s log:\n%s", s.Addr, s.stderr)
		}
	})
	return s
}

type lockedWriter struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// String returns what was written so far.
func (w *lockedWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// DSN returns a connection string for the server.
func (s *server) DSN() string {
	host, port, _ := strings.Cut(s.Addr, ":")
	return fmt.Sprintf("postgres://postgres@%s:%s/postgres?sslmode=disable", host, port)
}

// Port returns the server's port.
func (s *server) Port() string { _, p, _ := strings.Cut(s.Addr, ":"); return p }

// Kill stops the server with SIGKILL (a crash) and waits for it.
func (s *server) Kill() {
	s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
}

// Stop stops the server with SIGTERM (a clean shutdown), then SIGKILL
// after 10 s.
func (s *server) Stop() {
	select {
	case <-s.done:
		return
	default:
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		s.Kill()
	}
}

// connect opens a pgx connection closed at the end of the test.
func (s *server) connect(t testing.TB) *pgx.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.DSN())
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}
