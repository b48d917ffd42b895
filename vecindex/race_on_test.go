//go:build race

package vecindex

// raceEnabled: under -race sync.Pool drops items on purpose and
// instrumentation makes recall builds ~10x slower.
const raceEnabled = true
