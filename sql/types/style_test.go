package types

import "testing"

// TestStyleAllSettings checks that one Style carries TimeZone,
// IntervalStyle, extra_float_digits and bytea_output together into a
// record's and an array's text, and that a cast to text follows only the
// first two (expected texts as PostgreSQL 15 prints them with TimeZone
// America/New_York, IntervalStyle iso_8601, extra_float_digits 0 and
// bytea_output escape).
func TestStyleAllSettings(t *testing.T) {
	loc, _, ok := LoadZone("America/New_York")
	if !ok {
		t.Fatal("zone America/New_York not found")
	}
	st := &Style{Zone: loc, IntervalStyle: IntervalISO8601}
	st.SetOutput(0, true)
	ts, err := ParseTextStyle(Timestamptz, "2024-07-01 12:00:00+00", nil)
	if err != nil {
		t.Fatal(err)
	}
	iv := Type{KindInterval, NoTypmod}
	r := Record{Names: []string{"a", "b", "c", "d"}, Types: []Type{Timestamptz, Float8, Bytea, iv},
		Values: []any{ts, 1 / 3.0, []byte{0, '\\', 'A'}, Interval{Days: 1, Micros: 2 * 3600e6}}}
	got := string(AppendTextStyle(nil, RowTypeOf(0), r, st))
	if want := `("2024-07-01 08:00:00-04",0.333333333333333,"\\000\\\\A",P1DT2H)`; got != want {
		t.Errorf("record %s, want %s", got, want)
	}
	fa, _ := ArrayOf(Float8)
	if got := string(AppendTextStyle(nil, fa, Array{1 / 3.0, nil}, st)); got != "{0.333333333333333,NULL}" {
		t.Errorf("float8[] %s", got)
	}
	if got := string(AppendText(nil, Float8, 1/3.0)); got != "0.3333333333333333" {
		t.Errorf("float8 without a style %s", got)
	}
	for _, c := range []struct {
		from Type
		v    any
		want string
	}{{Float8, 1 / 3.0, "0.3333333333333333"}, {Timestamptz, ts, "2024-07-01 08:00:00-04"}, {Bytea, []byte{0}, `\x00`}} {
		got, err := CastStyle(c.v, c.from, Text, true, st)
		if err != nil || got != c.want {
			t.Errorf("cast %s to text: %v %v, want %s", c.from.Name(), got, err, c.want)
		}
	}
	if st.FloatLoss != 1 || !st.ByteaEscape {
		t.Errorf("a cast changed the session's style: %+v", st)
	}
}
