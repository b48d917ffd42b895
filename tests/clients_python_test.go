package tests

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// pythonWith returns a Python 3 interpreter that can import module, trying
// Debian's /usr/bin/python3 (where apt's python3-psycopg2 and
// python3-psycopg install) before python3 on PATH, or skips the test.
func pythonWith(t *testing.T, module string) string {
	t.Helper()
	candidates := []string{"/usr/bin/python3"}
	if p, err := exec.LookPath("python3"); err == nil {
		candidates = append(candidates, p)
	}
	for _, p := range candidates {
		if exec.Command(p, "-c", "import "+module).Run() == nil {
			return p
		}
	}
	t.Skipf("no python3 with module %s (install Debian python3-psycopg2 / python3-psycopg)", module)
	return ""
}

// pythonClientTest runs tests/clients/python/<script> with an interpreter
// that has module against each target and compares its transcript with
// tests/clients/expected/<expected>.
func pythonClientTest(t *testing.T, module, script, expected string) {
	py := pythonWith(t, module)
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		clientScript{
			prog:     py,
			args:     []string{filepath.Join("clients", "python", script)},
			dir:      ".",
			expected: filepath.Join("clients", "expected", expected),
		}.run(t, tg)
	})
}

// TestClientPsycopg2 runs psycopg2 (Debian python3-psycopg2) the way
// applications do: autocommit off with an implicit BEGIN, executemany,
// copy_expert in text and CSV, a named (server-side) cursor, errors in a
// transaction, and Python lists and strings as vector parameters. The
// transcript is compared with clients/expected/psycopg2.out.
func TestClientPsycopg2(t *testing.T) {
	t.Parallel()
	pythonClientTest(t, "psycopg2", "psycopg2_client.py", "psycopg2.out")
}

// TestClientPsycopg3 runs psycopg 3 (Debian python3-psycopg) the way
// applications do: autocommit off with an implicit BEGIN (sent through the
// extended protocol), executemany, cursor.copy, a named (server-side)
// cursor, errors in a transaction, and Python lists (sent as float8[]
// parameters) and strings as vector parameters. The transcript is
// compared with clients/expected/psycopg3.out.
func TestClientPsycopg3(t *testing.T) {
	t.Parallel()
	pythonClientTest(t, "psycopg", "psycopg3_client.py", "psycopg3.out")
}
