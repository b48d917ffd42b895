// Package guc holds the parts of PostgreSQL's settings machinery (guc.c)
// that every setting shares: reading an integer setting with units, and
// spelling it as SHOW does. It is a leaf under planner, so that the
// packages that own a setting (planner, planner/memacct) read their
// values one way.
package guc

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Unit is one unit a setting's value may carry, in the setting's base
// unit (Factor 1024 for "MB" of a setting in kB).
type Unit struct {
	Name   string
	Factor float64
}

// Units is the unit table of a setting's base unit, largest unit first,
// as guc.c's memory_unit_conversion_table and time_unit_conversion_table.
type Units struct {
	Base string // the base unit's name ("kB", "ms"), as errors print it
	List []Unit
	Hint string // PostgreSQL's HINT for a unit not in List
}

// Memory is the table of a memory setting in kB (work_mem); names are
// case-sensitive and "B" is 1/1024 kB.
var Memory = Units{Base: "kB",
	List: []Unit{{"TB", 1 << 30}, {"GB", 1 << 20}, {"MB", 1 << 10}, {"kB", 1}, {"B", 1.0 / 1024}},
	Hint: `Valid units for this parameter are "B", "kB", "MB", "GB", and "TB".`}

// Time is the table of a time setting in milliseconds (statement_timeout).
var Time = Units{Base: "ms",
	List: []Unit{{"d", 86400000}, {"h", 3600000}, {"min", 60000}, {"s", 1000}, {"ms", 1}, {"us", 0.001}},
	Hint: `Valid units for this parameter are "us", "ms", "s", "min", "h", and "d".`}

// ParseInt reads v, the value of the integer setting name with units u,
// as PostgreSQL 15's parse_int and parse_and_validate_value do: a decimal
// number (a fraction and an exponent allowed) after optional spaces, then
// optional spaces and a unit of u (none means the base unit), rounded
// half to even to a whole base unit, within lo .. hi. Errors are 22023:
// `invalid value for parameter "name": "v"` (with u.Hint for an unknown
// unit, "Value exceeds integer range." past int4) and
// `N ms is outside the valid range for parameter "name" (lo .. hi)`.
func ParseInt(name, v string, u Units, lo, hi int64) (int64, error) {
	t := strings.TrimSpace(v)
	n := numberPrefix(t)
	if n == 0 {
		return 0, invalid(name, v, "")
	}
	f, err := strconv.ParseFloat(t[:n], 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, invalid(name, v, "")
	}
	if unit := strings.TrimSpace(t[n:]); unit != "" {
		factor, ok := u.factor(unit)
		if !ok {
			return 0, invalid(name, v, u.Hint)
		}
		f *= factor
	}
	f = math.RoundToEven(f)
	if f < math.MinInt32 || f > math.MaxInt32 {
		return 0, invalid(name, v, "Value exceeds integer range.")
	}
	if n := int64(f); n < lo || n > hi {
		return 0, pgerror.Errorf(pgerror.InvalidParameterValue,
			"%d %s is outside the valid range for parameter %q (%d .. %d)", n, u.Base, name, lo, hi)
	}
	return int64(f), nil
}

// Format spells n, in u's base unit, as SHOW does (guc.c's
// convert_int_from_base_unit): in the largest whole unit that divides it
// exactly, a bare number for zero or less.
func Format(n int64, u Units) string {
	if n <= 0 {
		return fmt.Sprint(n)
	}
	for _, unit := range u.List {
		if k := int64(unit.Factor); unit.Factor >= 1 && n%k == 0 {
			return fmt.Sprintf("%d%s", n/k, unit.Name)
		}
	}
	return fmt.Sprintf("%d%s", n, u.Base)
}

func (u Units) factor(name string) (float64, bool) {
	for _, unit := range u.List {
		if unit.Name == name {
			return unit.Factor, true
		}
	}
	return 0, false
}

// numberPrefix is the length of the decimal number at the start of s, as
// strtod reads it: a sign, digits with at most one point (at least one
// digit), and an exponent only when digits follow its e; 0 when s does
// not start with one.
func numberPrefix(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && isDigit(s[i]); i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && isDigit(s[i]); i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for i = j; i < len(s) && isDigit(s[i]); i++ {
			}
		}
	}
	return i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func invalid(name, v, hint string) error {
	err := pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v)
	if hint != "" {
		return err.WithHint(hint)
	}
	return err
}
