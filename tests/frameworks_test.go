package tests

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The framework flows (issue 13): each program in frameworks/node and
// frameworks/python uses one framework as its documentation shows for
// pgvector — it creates its schema the framework's way, inserts 200
// synthetic documents with 3–8-dimensional embeddings and metadata, runs
// the framework's similarity search with and without a metadata filter,
// updates and deletes a document, and checks every k-NN answer against
// brute force computed in the program. A flow gets its server's URL in
// $FW_DSN and prints, last, one status line: "pass" or "fail at <step>:
// <SQLSTATE> <message>"; before it, "# refused: ..." lines name each
// statement the server refused (a pg-level log of what the framework
// sent). A flow exits non-zero only when the program itself breaks.
//
// Installing them: `npm ci` in frameworks/node (its postinstall runs
// prisma generate; Prisma's CLI insists on a schema-engine binary it would
// download, which generate does not use, so PRISMA_SCHEMA_ENGINE_BINARY
// points it at /bin/false) and Debian's python3-sqlalchemy,
// python3-django and python3-psycopg2. A flow whose framework is not
// installed is skipped.

// frameworkFlow is one framework's program.
type frameworkFlow struct {
	name   string // the name in the status file
	dir    string // working directory, relative to tests/
	script string // program, relative to dir
	needs  string // node: a module in dir/node_modules; python: a module to import
}

// python reports whether the flow is a Python program.
func (f frameworkFlow) python() bool { return strings.HasSuffix(f.script, ".py") }

var (
	frameworkNodeDir   = filepath.Join("frameworks", "node")
	frameworkPythonDir = filepath.Join("frameworks", "python")
)

// frameworkFlows lists the flows in the order they run against the shared
// PGlite server. drizzle runs first: drizzle-kit push compares the whole
// public schema with drizzle's (its tablesFilter spares other flows'
// tables, not their sequences).
var frameworkFlows = []frameworkFlow{
	{"drizzle", frameworkNodeDir, "flow-drizzle.js", "drizzle-kit"},
	{"knex", frameworkNodeDir, "flow-knex.js", "knex"},
	{"sequelize", frameworkNodeDir, "flow-sequelize.js", "sequelize"},
	{"typeorm", frameworkNodeDir, "flow-typeorm.js", "typeorm"},
	{"prisma", frameworkNodeDir, "flow-prisma.js", ".prisma/client"},
	{"langchain-js", frameworkNodeDir, "flow-langchain.js", "@langchain/community"},
	{"llamaindex-ts", frameworkNodeDir, "flow-llamaindex.js", "@llamaindex/postgres"},
	{"mastra", frameworkNodeDir, "flow-mastra.js", "@mastra/pg"},
	{"sqlalchemy", frameworkPythonDir, "flow_sqlalchemy.py", "sqlalchemy"},
	{"django", frameworkPythonDir, "flow_django.py", "django"},
}

// frameworkStatusFile records each flow's outcome against vecgres.
var frameworkStatusFile = filepath.Join("testdata", "frameworks", "status.txt")

// frameworkFlowTimeout bounds one flow's run.
const frameworkFlowTimeout = 180 * time.Second

// flowResult is what a flow printed: its status line, the statement its
// failure came from ("" when it passed or failed on no statement) and the
// statements the server refused.
type flowResult struct {
	status    string
	statement string
	refused   []string
}

// statementPrefix starts the line of the status file under a flow's
// status that holds the statement the failure came from.
const statementPrefix = "  statement: "

// TestFrameworks runs each installed framework flow against the pgvector
// reference (PGlite with pgvector, one server shared by the flows, whose
// tables are distinct), where every flow must pass, and against a vecgres
// process of its own, whose outcome must equal the flow's line in
// testdata/frameworks/status.txt: a regression and an unrecorded
// improvement both fail (rewrite the file with -rewrite and review it).
func TestFrameworks(t *testing.T) {
	flows := installedFlows(t)
	if len(flows) == 0 {
		t.Skip("no framework flow is installed (npm ci in tests/frameworks/node; apt python3-sqlalchemy python3-django)")
	}
	t.Run("pgvector", func(t *testing.T) {
		t.Parallel()
		dsn := startPGlite(t)
		for _, f := range flows {
			t.Run(f.name, func(t *testing.T) {
				r := runFlow(t, f, dsn)
				if r.status != "pass" {
					t.Errorf("%s against PGlite+pgvector: %s\n%s", f.name, r.status, strings.Join(r.refused, "\n"))
				}
			})
		}
	})
	t.Run("vecgres", func(t *testing.T) {
		t.Parallel()
		var mu sync.Mutex
		got := map[string]flowResult{}
		t.Run("flows", func(t *testing.T) {
			for _, f := range flows {
				t.Run(f.name, func(t *testing.T) {
					t.Parallel()
					r := runFlow(t, f, startServer(t, "").DSN())
					if len(r.refused) > 0 {
						t.Logf("%s: first refused statement: %s", f.name, r.refused[0])
					}
					mu.Lock()
					got[f.name] = r
					mu.Unlock()
				})
			}
		})
		checkFlowStatuses(t, got)
	})
}

// installedFlows returns the flows whose interpreter and framework are
// installed, logging the others.
func installedFlows(t *testing.T) []frameworkFlow {
	var out []frameworkFlow
	for _, f := range frameworkFlows {
		if why := flowMissing(f); why != "" {
			t.Logf("skipping flow %s: %s", f.name, why)
			continue
		}
		out = append(out, f)
	}
	return out
}

// flowMissing says what a flow lacks, or "" when it can run.
func flowMissing(f frameworkFlow) string {
	if f.python() {
		if frameworkPython(f.needs) == "" {
			return "no python3 with module " + f.needs
		}
		return ""
	}
	if _, err := exec.LookPath("node"); err != nil {
		return "node is not on PATH"
	}
	if _, err := os.Stat(filepath.Join(f.dir, "node_modules", f.needs)); err != nil {
		return fmt.Sprintf("node_modules/%s is missing: run npm ci in tests/%s", f.needs, f.dir)
	}
	return ""
}

// frameworkPython returns Debian's /usr/bin/python3 or python3 on PATH,
// the first that imports module and psycopg2, or "".
func frameworkPython(module string) string {
	candidates := []string{"/usr/bin/python3"}
	if p, err := exec.LookPath("python3"); err == nil {
		candidates = append(candidates, p)
	}
	for _, p := range candidates {
		if exec.Command(p, "-c", "import psycopg2, "+module).Run() == nil {
			return p
		}
	}
	return ""
}

// statusLine matches a flow's last line.
var statusLine = regexp.MustCompile(`^(pass|fail at [^:]+: .+)$`)

// runFlow runs flow f against dsn and returns its status and refusals; it
// fails the test when the program breaks (non-zero exit, no status line).
func runFlow(t *testing.T, f frameworkFlow, dsn string) flowResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), frameworkFlowTimeout)
	defer cancel()
	prog, args := "node", []string{f.script}
	if f.python() {
		prog = frameworkPython(f.needs)
		args = []string{"-B", f.script}
	}
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = f.dir
	cmd.Env = append(os.Environ(), "FW_DSN="+dsn, "LC_ALL=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1", "PGCONNECT_TIMEOUT=10")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var r flowResult
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	for _, l := range lines {
		if s, ok := strings.CutPrefix(l, "# refused: "); ok {
			r.refused = append(r.refused, s)
		}
		if s, ok := strings.CutPrefix(l, "# failing statement: "); ok {
			r.statement = s
		}
	}
	r.status = lines[len(lines)-1]
	if err != nil || !statusLine.MatchString(r.status) {
		t.Fatalf("flow %s (%s) broke: %v\nstdout:\n%s\nstderr:\n%s", f.name, f.script, err, out.String(), errOut.String())
	}
	return r
}

// checkFlowStatuses compares got with the status file (flows not run keep
// their recorded line), or rewrites the file with -rewrite.
func checkFlowStatuses(t *testing.T, got map[string]flowResult) {
	t.Helper()
	want, header := readFlowStatuses(t)
	if *rewrite {
		merged := map[string]flowResult{}
		for k, v := range want {
			merged[k] = v
		}
		for k, r := range got {
			merged[k] = r
		}
		writeFlowStatuses(t, header, merged)
		return
	}
	names := make([]string, 0, len(got))
	for k := range got {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		r := got[name]
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("%s: %q is not recorded in %s (run with -rewrite)", name, r.status, frameworkStatusFile)
		case w.status != r.status || w.statement != r.statement:
			t.Errorf("%s against vecgres:\n got: %s\n      statement %q\nwant: %s\n      statement %q\n(a regression, or an improvement to record with -rewrite)\nrefused:\n%s",
				name, r.status, r.statement, w.status, w.statement, strings.Join(r.refused, "\n"))
		}
	}
}

// readFlowStatuses reads "name status" lines, each followed by the
// statement its failure came from, if any, on a line of its own (quoted,
// after statementPrefix); lines starting with # are the header, kept by a
// rewrite.
func readFlowStatuses(t *testing.T) (map[string]flowResult, []string) {
	t.Helper()
	want := map[string]flowResult{}
	last := ""
	var header []string
	data, err := os.ReadFile(frameworkStatusFile)
	if os.IsNotExist(err) {
		return want, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			header = append(header, line)
			continue
		}
		if q, ok := strings.CutPrefix(line, statementPrefix); ok && last != "" {
			stmt, err := strconv.Unquote(q)
			if err != nil {
				t.Fatalf("%s: malformed statement line %q: %v", frameworkStatusFile, line, err)
			}
			r := want[last]
			r.statement = stmt
			want[last] = r
			continue
		}
		name, status, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: malformed line %q", frameworkStatusFile, line)
		}
		want[name] = flowResult{status: status}
		last = name
	}
	return want, header
}

// writeFlowStatuses writes the header and one line per flow, in
// frameworkFlows order.
func writeFlowStatuses(t *testing.T, header []string, statuses map[string]flowResult) {
	t.Helper()
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	for _, f := range frameworkFlows {
		if r, ok := statuses[f.name]; ok {
			fmt.Fprintf(&b, "%s %s\n", f.name, r.status)
			if r.statement != "" {
				fmt.Fprintf(&b, "%s%s\n", statementPrefix, strconv.Quote(r.statement))
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(frameworkStatusFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(frameworkStatusFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// pgliteServer is the PGlite socket server's script in frameworks/node.
var pgliteServer = filepath.Join("node_modules", "@electric-sql", "pglite-socket", "dist", "scripts", "server.js")

// startPGlite starts the pgvector reference — PGlite (PostgreSQL compiled
// to WASM, in memory) with pgvector loaded, served over the wire protocol
// by pglite-socket on a free loopback port — and stops it (its process
// group) when the test ends. It returns the server's DSN.
func startPGlite(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(frameworkNodeDir, pgliteServer)); err != nil {
		t.Skip("PGlite is not installed: run npm ci in tests/frameworks/node")
	}
	port := freePort(t)
	cmd := exec.Command("node", pgliteServer, "-p", fmt.Sprint(port), "-h", "127.0.0.1",
		"-e", "@electric-sql/pglite-pgvector:vector", "-m", "4")
	cmd.Dir = frameworkNodeDir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	log := &lockedWriter{b: &strings.Builder{}}
	cmd.Stderr = log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	ready := make(chan struct{}, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			fmt.Fprintln(log, sc.Text())
			if strings.Contains(sc.Text(), "listening on") {
				ready <- struct{}{}
			}
		}
	}()
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		if t.Failed() {
			t.Logf("PGlite server log:\n%s", log)
		}
	})
	select {
	case <-ready:
	case <-done:
		t.Fatalf("PGlite server exited at start-up:\n%s", log)
	case <-time.After(90 * time.Second):
		t.Fatalf("PGlite server did not start within 90 s:\n%s", log)
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
}
