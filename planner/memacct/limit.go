package memacct

import (
	"math"
	"sync/atomic"

	"github.com/vecgres/vecgres/planner/guc"
)

// Bounds of SettingName in kB, those of PostgreSQL's work_mem (guc.c:
// 64 .. MAX_KILOBYTES).
const (
	MinLimitKB = 64
	MaxLimitKB = math.MaxInt32
)

// DefaultLimitKB is the built-in default of SettingName: 1 GB, PostgreSQL's
// largest single allocation (MaxAllocSize), far above what the tests and a
// normal query hold, and low enough that one runaway statement cannot take
// a server of a few GB down.
const DefaultLimitKB = 1 << 20

// serverDefaultKB is the server's default of SettingName, in kB
// (SetServerDefaultKB).
var serverDefaultKB atomic.Int64

func init() { serverDefaultKB.Store(DefaultLimitKB) }

// SetServerDefaultKB sets the default, in kB (clamped to the setting's
// bounds), that sessions start with; cmd/vecgres sets it from
// --work-mem-limit.
func SetServerDefaultKB(kb int64) { serverDefaultKB.Store(min(max(kb, MinLimitKB), MaxLimitKB)) }

// ServerDefault returns the server's default, spelt as SHOW spells it.
func ServerDefault() string { return FormatKB(serverDefaultKB.Load()) }

// ServerDefaultBytes returns the server's default in bytes.
func ServerDefaultBytes() int64 { return serverDefaultKB.Load() << 10 }

// ParseKB parses a value of the memory setting name as PostgreSQL's
// parse_int does for a setting in kB (guc.ParseInt with guc.Memory),
// within MinLimitKB .. MaxLimitKB.
func ParseKB(name, v string) (int64, error) {
	return guc.ParseInt(name, v, guc.Memory, MinLimitKB, MaxLimitKB)
}

// Check is the setting's check function: it parses v (ParseKB) and
// returns it spelt as SHOW spells it (FormatKB).
func Check(name, v string) (string, error) {
	kb, err := ParseKB(name, v)
	if err != nil {
		return "", err
	}
	return FormatKB(kb), nil
}

// FormatKB spells kb as PostgreSQL shows a memory setting: in the largest
// unit (TB, GB, MB, kB) that divides it exactly.
func FormatKB(kb int64) string { return guc.Format(kb, guc.Memory) }

// LimitBytes is the limit, in bytes, a value of the setting (as Check
// returned it, or the server default) names; a value that does not parse
// gives the server default.
func LimitBytes(v string) int64 {
	kb, err := ParseKB(SettingName, v)
	if err != nil {
		kb = serverDefaultKB.Load()
	}
	return kb << 10
}
