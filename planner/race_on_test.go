//go:build race

package planner

// raceEnabled: under -race, tests that only measure size (recall, long
// pure-function sweeps, large builds, many fresh builds checked page by
// page from one session) run smaller or skip; the plain go test runs them
// in full.
const raceEnabled = true
