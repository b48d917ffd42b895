package tests

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestVersionFlag: `vecgres --version` and `vecgres -V` print, and exit
// 0 without touching a data directory, the server_version clients are
// told (in the shape of `postgres --version`), the version() string a
// session gets, and the build's version with the Go release. Before, the
// flag was refused (exit 2).
func TestVersionFlag(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	var version, serverVersion string
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT version(), current_setting('server_version')").Scan(&version, &serverVersion); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--version", "-V"} {
		dir := t.TempDir() + "/never"
		out, err := exec.Command(vecgresBinary(t), flag, "--data-dir", dir).Output()
		if err != nil {
			t.Fatalf("vecgres %s: %v", flag, err)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("vecgres %s created its data directory (%v)", flag, err)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(lines) != 3 {
			t.Fatalf("vecgres %s printed %d lines, want 3:\n%s", flag, len(lines), out)
		}
		if want := "vecgres (PostgreSQL) " + serverVersion; lines[0] != want {
			t.Errorf("%s line 1 = %q, want %q", flag, lines[0], want)
		}
		if lines[1] != version {
			t.Errorf("%s line 2 = %q, want version() = %q", flag, lines[1], version)
		}
		if !strings.HasPrefix(lines[2], "build ") || !strings.HasSuffix(lines[2], ", "+runtime.Version()) {
			t.Errorf("%s line 3 = %q, want the build and %s", flag, lines[2], runtime.Version())
		}
	}
}
