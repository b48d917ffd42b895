//go:build race

package types

// raceEnabled: under -race, tests that only measure size (recall, long
// pure-function sweeps, large builds) run smaller or skip; the plain go
// test runs them in full.
const raceEnabled = true
