package tests

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The client tests (clients_*_test.go) run each client against up to
// three servers, as subtests named after the target:
//
//   - vecgres: a vecgres process started for the test; every part runs.
//   - postgres15: a throwaway PostgreSQL 15 cluster (Debian postgresql-15,
//     initdb + pg_ctl as the user postgres when run as root, on a free
//     loopback port); only the vector-free parts run, so that they check
//     real PostgreSQL behaviour rather than our guess of it. Skipped when
//     PostgreSQL's binaries are missing; CI installs them.
//   - pgvector: the server named by $VECGRES_PGVECTOR_DSN (a PostgreSQL
//     with pgvector installed); every part runs. Skipped when unset.
//     Tables are dropped and created again by each client, named after
//     the client (pq_items, psycopg2_items, ...).

// pgvectorDSNEnv names the environment variable holding the DSN of a
// PostgreSQL server with pgvector.
const pgvectorDSNEnv = "VECGRES_PGVECTOR_DSN"

// pgBinDirEnv overrides where initdb and pg_ctl are looked for.
const pgBinDirEnv = "VECGRES_PG_BINDIR"

// clientTarget is a server a client test runs against.
type clientTarget struct {
	name    string // vecgres, postgres15, pgvector
	dsn     string // postgres:// URL
	vectors bool   // the server has the vector type: run the vector parts
	vecgres bool   // the server is vecgres
}

// forEachTarget runs fn as a subtest against vecgres, a throwaway
// PostgreSQL 15 and, when configured, a PostgreSQL with pgvector.
func forEachTarget(t *testing.T, fn func(t *testing.T, tg clientTarget)) {
	t.Run("vecgres", func(t *testing.T) {
		t.Parallel()
		s := startServer(t, "")
		fn(t, clientTarget{name: "vecgres", dsn: s.DSN(), vectors: true, vecgres: true})
	})
	t.Run("postgres15", func(t *testing.T) {
		t.Parallel()
		fn(t, clientTarget{name: "postgres15", dsn: startPostgres15(t)})
	})
	t.Run("pgvector", func(t *testing.T) {
		dsn := os.Getenv(pgvectorDSNEnv)
		if dsn == "" {
			t.Skipf("$%s is not set", pgvectorDSNEnv)
		}
		fn(t, clientTarget{name: "pgvector", dsn: dsn, vectors: true})
	})
}

// pgBinary returns the path of a PostgreSQL 15 server program (initdb,
// pg_ctl), or skips the test when it is not installed.
func pgBinary(t testing.TB, name string) string {
	t.Helper()
	dirs := []string{os.Getenv(pgBinDirEnv), "/usr/lib/postgresql/15/bin"}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("%s of PostgreSQL 15 not found (install Debian postgresql-15 or set $%s)", name, pgBinDirEnv)
	return ""
}

// freePort returns a loopback TCP port that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startPostgres15 creates a PostgreSQL 15 cluster in a new directory,
// starts it on a free loopback port with trust authentication and no
// Unix socket, stops it (immediate mode) and removes it when the test
// ends, and returns its DSN. As root it runs the server programs as the
// user postgres, since PostgreSQL refuses to run as root.
func startPostgres15(t testing.TB) string {
	t.Helper()
	initdb, pgctl := pgBinary(t, "initdb"), pgBinary(t, "pg_ctl")
	cred, err := serverCredential()
	if err != nil {
		t.Skip(err)
	}
	dir, err := os.MkdirTemp("", "vecgres-pg15-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			t.Fatal(err)
		}
	}
	data := filepath.Join(dir, "data")
	run := func(timeout time.Duration, prog string, args ...string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, prog, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C")
		if cred != nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", filepath.Base(prog), strings.Join(args, " "), err, out)
		}
	}
	run(120*time.Second, initdb, "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
	port := freePort(t)
	opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -c port=%d -c unix_socket_directories='' -c fsync=off -c max_connections=20 -c shared_buffers=16MB", port)
	run(60*time.Second, pgctl, "start", "-w", "-t", "60", "-D", data, "-l", filepath.Join(dir, "log"), "-o", opts)
	t.Cleanup(func() {
		if t.Failed() {
			if log, err := os.ReadFile(filepath.Join(dir, "log")); err == nil {
				t.Logf("postgres15 log:\n%s", log)
			}
		}
		run(60*time.Second, pgctl, "stop", "-w", "-m", "immediate", "-D", data)
	})
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
}

// serverCredential returns nil when not root, else the credential of the
// user postgres to run PostgreSQL's programs as.
func serverCredential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root and no user postgres to run PostgreSQL as: %v", err)
	}
	uid, _ := strconv.ParseUint(u.Uid, 10, 32)
	gid, _ := strconv.ParseUint(u.Gid, 10, 32)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// clientScript is a client program (Python, Node) that prints a
// transcript: lines "# section NAME" open a section, the lines after it
// are what the client saw. Sections whose NAME starts with "vector" need
// the vector type; the program runs them only when $VECGRES_CLIENT_VECTOR
// is 1, and gets the DSN in $VECGRES_CLIENT_DSN.
type clientScript struct {
	prog     string   // interpreter path
	args     []string // script and arguments
	dir      string   // working directory
	expected string   // path of the expected transcript
}

// run runs the script against tg and compares its transcript with the
// expected one, section by section (see matchTranscript).
func (c clientScript) run(t *testing.T, tg clientTarget) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.prog, c.args...)
	cmd.Dir = c.dir
	vec := "0"
	if tg.vectors {
		vec = "1"
	}
	cmd.Env = append(os.Environ(), "VECGRES_CLIENT_DSN="+tg.dsn, "VECGRES_CLIENT_VECTOR="+vec,
		"LC_ALL=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1", "PGCONNECT_TIMEOUT=10")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	runErr := cmd.Run()
	want, err := os.ReadFile(c.expected)
	if err != nil {
		t.Fatal(err)
	}
	if diff := matchTranscript(string(want), out.String(), tg); diff != "" || runErr != nil {
		t.Fatalf("%s %s against %s: exit %v\n%s\nstderr:\n%s", filepath.Base(c.prog), strings.Join(c.args, " "),
			tg.name, runErr, diff, errOut.String())
	}
}

// transcriptSection is one "# section NAME" block of a transcript; an
// expected section may hold alternatives separated by "# or" lines.
type transcriptSection struct {
	name string
	alts [][]string
}

func parseTranscript(text string) []transcriptSection {
	var out []transcriptSection
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return nil
	}
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "# section "):
			out = append(out, transcriptSection{name: strings.TrimPrefix(line, "# section "), alts: [][]string{nil}})
		case len(out) == 0:
			out = append(out, transcriptSection{name: "(before any section)", alts: [][]string{{line}}})
		case line == "# or":
			s := &out[len(out)-1]
			s.alts = append(s.alts, nil)
		default:
			s := &out[len(out)-1]
			s.alts[len(s.alts)-1] = append(s.alts[len(s.alts)-1], line)
		}
	}
	return out
}

// matchTranscript compares a client's transcript with the expected one and
// returns "" when they match, else a description of every difference.
// Expected sections named vector* are dropped when tg has no vector type.
// An expected section's first alternative is PostgreSQL's answer; the
// others (after "# or") are accepted from vecgres only, for a feature it
// refuses with a clear error (no expected file uses one at present).
func matchTranscript(want, got string, tg clientTarget) string {
	var ws []transcriptSection
	for _, s := range parseTranscript(want) {
		if tg.vectors || !strings.HasPrefix(s.name, "vector") {
			ws = append(ws, s)
		}
	}
	gs := parseTranscript(got)
	var diff strings.Builder
	for i := 0; i < max(len(ws), len(gs)); i++ {
		switch {
		case i >= len(gs):
			fmt.Fprintf(&diff, "section %q: missing from the output\n", ws[i].name)
			continue
		case i >= len(ws):
			fmt.Fprintf(&diff, "section %q: not expected:\n  %s\n", gs[i].name, strings.Join(gs[i].alts[0], "\n  "))
			continue
		}
		w, g := ws[i], gs[i].alts[0]
		if w.name != gs[i].name {
			fmt.Fprintf(&diff, "section %d: got %q, want %q\n", i, gs[i].name, w.name)
			continue
		}
		accepted := w.alts[:1]
		if tg.vecgres {
			accepted = w.alts
		}
		ok := false
		for _, a := range accepted {
			ok = ok || strings.Join(a, "\n") == strings.Join(g, "\n")
		}
		if !ok {
			fmt.Fprintf(&diff, "section %q:\n got:\n  %s\n want:\n  %s\n", w.name, strings.Join(g, "\n  "),
				strings.Join(w.alts[0], "\n  "))
		}
	}
	return diff.String()
}
