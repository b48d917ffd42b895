package types

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestParseIntervalForms checks interval_in's forms against the values
// PostgreSQL 15 gives (printed with IntervalStyle postgres).
func TestParseIntervalForms(t *testing.T) {
	day := IntervalTypmod(ivDay, ivFullPrecision)
	cases := []struct {
		in     string
		typmod int32
		want   string
	}{
		{"1 year 2 months 3 days 04:05:06.5", NoTypmod, "1 year 2 mons 3 days 04:05:06.5"},
		{"-1 day +2 hours", NoTypmod, "-1 days +02:00:00"},
		{"1.5 months", NoTypmod, "1 mon 15 days"},
		{"3 days ago", NoTypmod, "-3 days"},
		{"P1Y2M3DT4H5M6S", NoTypmod, "1 year 2 mons 3 days 04:05:06"},
		{"@ 1 minute", NoTypmod, "00:01:00"},
		{"2", day, "2 days"},
		{"5", NoTypmod, "00:00:05"},
		{"-1:30", NoTypmod, "-01:30:00"},
		{"1 week 2 days", NoTypmod, "9 days"},
		{"0", NoTypmod, "00:00:00"},
	}
	for _, c := range cases {
		iv, err := ParseInterval(c.in, c.typmod)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := string(AppendInterval(nil, iv, nil)); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	for _, bad := range []string{"1 day 1 day", "forever", "", "1 2", "1 fortnight", "P", "1:99"} {
		if _, err := ParseInterval(bad, NoTypmod); pgerror.CodeOf(err) != pgerror.InvalidDatetimeFormat {
			t.Errorf("%q: got %v, want 22007", bad, err)
		}
	}
	if _, err := ParseInterval("99999999999999999999 days", NoTypmod); pgerror.CodeOf(err) != pgerror.IntervalFieldOverflow {
		t.Errorf("overflow: got %v, want 22015", err)
	}
}
