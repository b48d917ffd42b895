package types

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// FuzzParseInterval feeds interval_in arbitrary text: it never panics,
// fails only with 22007, 22008 or 22015, and what it accepts prints (in
// each IntervalStyle vecgres has) as text that reads back to the same
// months, days and microseconds.
func FuzzParseInterval(f *testing.F) {
	for _, s := range []string{"1 year 2 mons -3 days +04:05:06.5", "P1Y2M3DT4H5M6.5S", "@ 1 day ago", "1.5 weeks",
		"-1:30", "90 minutes", "1 millennium", "3 days 1 day", "2 hours 3 secs 5 msec 7 us", "PT-1.25S", "1e3 days"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		iv, err := ParseInterval(s, NoTypmod)
		if err != nil {
			switch pgerror.CodeOf(err) {
			case pgerror.InvalidDatetimeFormat, pgerror.DatetimeFieldOverflow, pgerror.IntervalFieldOverflow:
				return
			}
			t.Fatalf("%q: unexpected error %v", s, err)
		}
		for _, style := range []IntervalStyle{IntervalPostgres, IntervalISO8601, IntervalPostgresVerbose} {
			out := string(AppendInterval(nil, iv, &Style{IntervalStyle: style}))
			back, err := ParseInterval(out, NoTypmod)
			if err != nil || back != iv {
				t.Fatalf("%q -> %+v printed %q (style %d) reads back %+v, %v", s, iv, out, style, back, err)
			}
		}
	})
}
