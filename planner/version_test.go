package planner

import (
	"strings"
	"testing"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/wire/backend"
)

// TestVersionStringMatchesServerVersion: version() names the release that
// server_version reports, which pg_dump and psql read.
func TestVersionStringMatchesServerVersion(t *testing.T) {
	if want := "PostgreSQL " + backend.ServerVersion + " "; !strings.HasPrefix(sem.VersionString, want) {
		t.Fatalf("version() = %q, want it to start %q", sem.VersionString, want)
	}
}
