package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// nodeClientDir holds the node-postgres client: package.json,
// package-lock.json and client.js; `npm ci` there installs pg,
// pg-copy-streams and pgvector (CI does so).
var nodeClientDir = filepath.Join("clients", "node")

// TestClientNodePostgres runs node-postgres (npm pg with pg-copy-streams
// and pgvector) the way applications do: parameterised and named
// (prepared) queries, rowMode array, transactions seen from a second
// connection, COPY FROM and TO streams, errors, and with the vector type
// pgvector.registerTypes, pgvector.toSql parameters and a parameterised
// k-NN whose vector column comes back parsed. The transcript is compared
// with clients/expected/node.out.
func TestClientNodePostgres(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	for _, mod := range []string{"pg", "pg-copy-streams", "pgvector"} {
		if _, err := os.Stat(filepath.Join(nodeClientDir, "node_modules", mod, "package.json")); err != nil {
			t.Skipf("npm module %s is not installed: run npm ci in tests/clients/node", mod)
		}
	}
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		clientScript{
			prog:     node,
			args:     []string{"client.js"},
			dir:      nodeClientDir,
			expected: filepath.Join("clients", "expected", "node.out"),
		}.run(t, tg)
	})
}
