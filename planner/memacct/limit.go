package memacct

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/vecgres/vecgres/sql/pgerror"
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

// memUnits are PostgreSQL's memory units (guc.c memory_unit_conversion_table)
// in kB, for a setting whose base unit is kB; "B" is 1/1024.
var memUnits = []struct {
	name string
	kb   float64
}{{"TB", 1 << 30}, {"GB", 1 << 20}, {"MB", 1 << 10}, {"kB", 1}, {"B", 1.0 / 1024}}

// unitsHint is PostgreSQL's hint for a memory setting given a wrong unit.
const unitsHint = `Valid units for this parameter are "B", "kB", "MB", "GB", and "TB".`

// ParseKB parses a value of the memory setting name as PostgreSQL's
// parse_int does for a setting in kB: a number (integer or decimal,
// rounded to the nearest kB) with an optional unit after optional spaces
// (B, kB, MB, GB, TB, case-sensitive; none means kB). Errors are 22023:
// `invalid value for parameter "name": "v"` (with the units hint when the
// unit is wrong, "Value exceeds integer range." past int4) and `N kB is outside the valid range for parameter
// "name" (64 .. 2147483647)`.
func ParseKB(name, v string) (int64, error) {
	s := strings.TrimSpace(v)
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || (i == 0 && (s[i] == '-' || s[i] == '+'))) {
		i++
	}
	num, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return 0, errInvalid(name, v, "")
	}
	unit, scale := strings.TrimSpace(s[i:]), 1.0
	if unit != "" {
		scale = 0
		for _, u := range memUnits {
			if u.name == unit {
				scale = u.kb
			}
		}
		if scale == 0 {
			return 0, errInvalid(name, v, unitsHint)
		}
	}
	kb := math.Round(num * scale)
	if kb < math.MinInt32 || kb > math.MaxInt32 {
		return 0, errInvalid(name, v, "Value exceeds integer range.")
	}
	if n := int64(kb); n < MinLimitKB || n > MaxLimitKB {
		return 0, pgerror.Errorf(pgerror.InvalidParameterValue, "%d kB is outside the valid range for parameter %q (%d .. %d)",
			n, name, MinLimitKB, MaxLimitKB)
	}
	return int64(kb), nil
}

func errInvalid(name, v, hint string) error {
	err := pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v)
	if hint != "" {
		return err.WithHint(hint)
	}
	return err
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
func FormatKB(kb int64) string {
	for _, u := range memUnits[:4] {
		if k := int64(u.kb); kb%k == 0 && kb != 0 {
			return fmt.Sprintf("%d%s", kb/k, u.name)
		}
	}
	return fmt.Sprintf("%dkB", kb)
}

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
