package tests

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestReadmeGoExample: README's "From Go" program, saved as main.go in a
// fresh module, runs as README says (go mod init, go mod tidy, go run .)
// against a vecgres and prints what README says it prints. The DSN is
// pointed at the test's server; the test is skipped when go mod tidy
// cannot fetch the modules (no network and not in the module cache).
func TestReadmeGoExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "## From Go")
	if !ok {
		t.Fatal("README has no \"From Go\" section")
	}
	_, rest, _ = strings.Cut(rest, "```go\n")
	src, _, ok := strings.Cut(rest, "```")
	const dsn = "postgres://postgres@127.0.0.1:5433/postgres"
	if !ok || !strings.Contains(src, dsn) {
		t.Fatalf("README's Go example is not where expected:\n%s", src)
	}
	s := startServer(t, "")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(strings.Replace(src, dsn, s.DSN(), 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run("mod", "init", "example.com/vecgres-demo"); err != nil {
		t.Fatalf("go mod init: %v\n%s", err, out)
	}
	if out, err := run("mod", "tidy"); err != nil {
		t.Skipf("go mod tidy without the network: %v\n%s", err, out)
	}
	out, err := run("run", ".")
	if err != nil {
		t.Fatalf("go run .: %v\n%s", err, out)
	}
	if want := "3 0\n1 2.23606797749979\n"; out != want {
		t.Errorf("the example printed %q, README says %q", out, want)
	}
}
