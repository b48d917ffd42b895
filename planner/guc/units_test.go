package guc

import (
	"errors"
	"math"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestParseInt follows PostgreSQL 15's parse_int and
// parse_and_validate_value for a time and a memory setting.
func TestParseInt(t *testing.T) {
	ok := []struct {
		in   string
		u    Units
		want int64
		show string
	}{
		{"0", Time, 0, "0"}, {"1000", Time, 1000, "1s"}, {" 2 min ", Time, 120000, "2min"},
		{"1.5", Time, 2, "2ms"}, {"2.5", Time, 2, "2ms"}, {"0.4ms", Time, 0, "0"}, {"1e3", Time, 1000, "1s"},
		{".5s", Time, 500, "500ms"}, {"1000000us", Time, 1000, "1s"}, {"48h", Time, 172800000, "2d"},
		{"64", Memory, 64, "64kB"}, {"1.5GB", Memory, 1536 << 10, "1536MB"}, {"65536B", Memory, 64, "64kB"},
		{"+1024kB", Memory, 1024, "1MB"},
	}
	for _, c := range ok {
		got, err := ParseInt("x", c.in, c.u, 0, math.MaxInt32)
		if err != nil || got != c.want {
			t.Errorf("ParseInt(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
		if s := Format(got, c.u); s != c.show {
			t.Errorf("Format(%d) = %q, want %q", got, s, c.show)
		}
	}
	bad := []struct {
		in        string
		u         Units
		msg, hint string
	}{
		{"", Time, `invalid value for parameter "x": ""`, ""},
		{"abc", Time, `invalid value for parameter "x": "abc"`, ""},
		{"nan", Time, `invalid value for parameter "x": "nan"`, ""},
		{"1S", Time, `invalid value for parameter "x": "1S"`, Time.Hint},
		{"1e", Time, `invalid value for parameter "x": "1e"`, Time.Hint},
		{"10mb", Memory, `invalid value for parameter "x": "10mb"`, Memory.Hint},
		{"2TB", Memory, `invalid value for parameter "x": "2TB"`, "Value exceeds integer range."},
		{"1e400", Time, `invalid value for parameter "x": "1e400"`, "Value exceeds integer range."},
		{"-1", Time, `-1 ms is outside the valid range for parameter "x" (0 .. 2147483647)`, ""},
	}
	for _, c := range bad {
		_, err := ParseInt("x", c.in, c.u, 0, math.MaxInt32)
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.InvalidParameterValue || pe.Message != c.msg || pe.Hint != c.hint {
			t.Errorf("ParseInt(%q) = %v, want 22023 %q hint %q", c.in, err, c.msg, c.hint)
		}
	}
}

// FuzzParseInt: every accepted value, spelt by Format, reads back to the
// same value.
func FuzzParseInt(f *testing.F) {
	for _, s := range []string{"0", "1.5s", "1e3", "-0", "1 min", "+5us", "1e400", "64kB", ".5GB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, u := range []Units{Time, Memory} {
			n, err := ParseInt("x", s, u, 0, math.MaxInt32)
			if err != nil {
				continue
			}
			if again, err := ParseInt("x", Format(n, u), u, 0, math.MaxInt32); err != nil || again != n {
				t.Fatalf("%q = %d spelt %q, read back as %d, %v", s, n, Format(n, u), again, err)
			}
		}
	})
}
