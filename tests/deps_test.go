package tests

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// modulePath is the import-path prefix of this repository's packages.
const modulePath = "github.com/vecgres/vecgres/"

// leafImports lists, for each leaf package, every package of ours it may
// import. A leaf missing from the map, or an import outside its set, fails
// TestLayering.
var leafImports = map[string][]string{
	"vecindex/fp16":     {},
	"vecindex/distance": {"vecindex/fp16"},
	"vecindex/fmnist":   {},
	"wal":               {},
	"monitor":           {},
	"sql/pgerror":       {},
	"sql/types":         {"sql/pgerror", "vecindex/fp16"},
	"vecindex":          {"vecindex/distance", "vecindex/fp16"},
	"planner/memacct":   {"sql/types", "sql/pgerror", "planner/guc"},
	"planner/guc":       {"sql/pgerror"},
	"planner/plan":      {"sql/types"},
	"planner/exec":      {"planner/plan", "planner/memacct", "sql/types", "sql/pgerror", "planner/guc"},
	"wire/backend":      {"sql/types", "sql/pgerror"},
	"catalog/password":  {},
	"planner/sem":       {"sql/types", "sql/pgerror", "vecindex/distance", "vecindex/fp16"},
}

// wireImporters may import wire (and so the protocol, TLS and auth).
// Everyone may import wire/backend, the engine contract.
var wireImporters = []string{"cmd/", "tests", "bench/"}

// pgprotoPackage is the protocol codec; only wire and the test and bench
// clients speak it.
const pgprotoPackage = "github.com/jackc/pgx/v5/pgproto3"

// layeringDebts are today's known breaks of the target layering, each to be
// removed by the engine reshaping (issue 12); a new break fails the test, and
// a debt that no longer exists must be deleted from this list.
var layeringDebts = map[string]bool{}

// ourPackage is one package of this module as `go list` describes it.
type ourPackage struct {
	path    string   // relative to modulePath, e.g. "planner/copyfmt"
	imports []string // ours only, relative
	pgproto bool     // imports the protocol codec pgproto3
}

// TestLayering enforces docs/DESIGN.md's rules with `go list`: leaves import
// only their allowed set, only cmd, tests and bench import wire (anyone may
// import wire/backend) or the codec pgproto3, no planner
// sub-package imports planner, and the folders' import graph has no loop.
func TestLayering(t *testing.T) {
	pkgs := listOurPackages(t)
	var breaks []string
	for _, p := range pkgs {
		breaks = append(breaks, packageBreaks(p)...)
	}
	breaks = append(breaks, folderLoops(pkgs)...)
	seen := map[string]bool{}
	for _, b := range breaks {
		seen[b] = true
		if !layeringDebts[b] {
			t.Errorf("layering: %s", b)
		}
	}
	for debt := range layeringDebts {
		if !seen[debt] {
			t.Errorf("layering debt %q is paid: delete it from layeringDebts", debt)
		}
	}
}

// packageBreaks returns the rules one package breaks, one line each.
func packageBreaks(p ourPackage) []string {
	var out []string
	if allowed, leaf := leafImports[p.path]; leaf {
		for _, imp := range p.imports {
			if !slices.Contains(allowed, imp) {
				out = append(out, p.path+" (a leaf) imports "+imp)
			}
		}
	}
	if p.pgproto && !mayImportWire(p.path) {
		out = append(out, p.path+" imports pgproto3")
	}
	for _, imp := range p.imports {
		if (imp == "wire" || strings.HasPrefix(imp, "wire/")) && imp != "wire/backend" && !mayImportWire(p.path) {
			out = append(out, p.path+" imports "+imp)
		}
		if imp == "planner" && strings.HasPrefix(p.path, "planner/") {
			out = append(out, p.path+" imports planner")
		}
	}
	return out
}

func mayImportWire(path string) bool {
	if strings.HasPrefix(path, "wire") {
		return true
	}
	for _, prefix := range wireImporters {
		if path == strings.TrimSuffix(prefix, "/") || strings.HasPrefix(path, prefix) {
			return true
		}
	}
	return false
}

// folderLoops reports each cycle in the graph of top-level folders (an edge
// a -> b when a package under a imports one under b), as
// "folder loop a -> b -> a", starting from the smallest folder name.
func folderLoops(pkgs []ourPackage) []string {
	edges := map[string]map[string]bool{}
	for _, p := range pkgs {
		from := topFolder(p.path)
		for _, imp := range p.imports {
			to := topFolder(imp)
			if to == from {
				continue
			}
			if edges[from] == nil {
				edges[from] = map[string]bool{}
			}
			edges[from][to] = true
		}
	}
	var loops []string
	var walk func(start, at string, path []string)
	walk = func(start, at string, path []string) {
		for next := range edges[at] {
			switch {
			case next == start:
				loops = append(loops, "folder loop "+strings.Join(append(path, start), " -> "))
			case next > start && !slices.Contains(path, next):
				walk(start, next, append(slices.Clone(path), next))
			}
		}
	}
	for start := range edges {
		walk(start, start, []string{start})
	}
	return loops
}

func topFolder(path string) string {
	folder, _, _ := strings.Cut(path, "/")
	return folder
}

// listOurPackages runs `go list -json ./...` from the module root.
func listOurPackages(t *testing.T) []ourPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []ourPackage
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		op := ourPackage{path: strings.TrimPrefix(p.ImportPath, modulePath)}
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, modulePath); ok {
				op.imports = append(op.imports, rel)
			}
			op.pgproto = op.pgproto || imp == pgprotoPackage
		}
		pkgs = append(pkgs, op)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages of ours; want the whole module", len(pkgs))
	}
	return pkgs
}
