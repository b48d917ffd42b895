//go:build race

package wire

// raceEnabled: under -race, tests that count allocations skip (the race
// detector allocates).
const raceEnabled = true
