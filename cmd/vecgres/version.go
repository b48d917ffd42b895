package main

import (
	"fmt"
	"runtime"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/wire"
)

// versionText is what --version (-V) prints: the first line in the shape
// of PostgreSQL's `postgres --version` ("postgres (PostgreSQL) 15.4")
// with the server_version clients are told, then version()'s string
// exactly as a session gets it, then the build's version and commit
// (buildVersion) and the Go release that compiled it.
func versionText() string {
	return fmt.Sprintf("vecgres (PostgreSQL) %s\n%s\nbuild %s, %s\n",
		wire.DefaultServerVersion, sem.VersionString, buildVersion(), runtime.Version())
}
