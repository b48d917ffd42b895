package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestMSCheck(t *testing.T) {
	tests := []struct {
		in, want string
		code     pgerror.Code
	}{
		{"0", "0", ""}, {"1000", "1s", ""}, {"1500", "1500ms", ""}, {"'x'", "", pgerror.InvalidParameterValue},
		{"1s", "1s", ""}, {"1.5s", "1500ms", ""}, {" 2 min ", "2min", ""}, {"60000", "1min", ""},
		{"3600000", "1h", ""}, {"1d", "1d", ""}, {"48h", "2d", ""}, {"1000000us", "1s", ""}, {"0.4ms", "0", ""},
		{"0.5", "0", ""}, {"1.5", "2ms", ""}, {"2.5", "2ms", ""}, {"1S", "", pgerror.InvalidParameterValue},
		{"5 weeks", "", pgerror.InvalidParameterValue}, {"-1", "", pgerror.InvalidParameterValue},
		{"2147483647", "2147483647ms", ""}, {"2147483648", "", pgerror.InvalidParameterValue}, {"", "", pgerror.InvalidParameterValue},
	}
	for _, tt := range tests {
		got, err := msCheck("statement_timeout", tt.in)
		if tt.code != "" {
			if pgerror.CodeOf(err) != tt.code {
				t.Errorf("%q: %q, %v; want %s", tt.in, got, err, tt.code)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q: %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// FuzzMSCheck: every accepted value is printed in a form read back to
// the same value.
func FuzzMSCheck(f *testing.F) {
	for _, s := range []string{"0", "1.5s", "1e3", "-0", "1 min", "nan", "+5us", "1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := msCheck("statement_timeout", s)
		if err != nil {
			return
		}
		if again, err := msCheck("statement_timeout", v); err != nil || again != v {
			t.Fatalf("%q printed as %q, read back as %q, %v", s, v, again, err)
		}
	})
}

// TestSettingsTxn follows PostgreSQL's GUC stack: SET undone by
// rollback, SET LOCAL undone at any end, a session-level SET in the
// transaction wins at commit.
func TestSettingsTxn(t *testing.T) {
	type op struct{ kind, value string } // set, local, reset, resetlocal
	tests := []struct {
		name   string
		before string // "" = default (40)
		ops    []op
		commit bool
		want   string
	}{
		{"set commit", "", []op{{"set", "50"}}, true, "50"},
		{"set rollback", "60", []op{{"set", "50"}}, false, "60"},
		{"local commit", "60", []op{{"local", "50"}}, true, "60"},
		{"local then set", "", []op{{"local", "50"}, {"set", "70"}}, true, "70"},
		{"set then local", "", []op{{"set", "70"}, {"local", "50"}}, true, "70"},
		{"set then local rollback", "30", []op{{"set", "70"}, {"local", "50"}}, false, "30"},
		{"reset commit", "30", []op{{"reset", ""}}, true, "40"},
		{"reset rollback", "30", []op{{"reset", ""}}, false, "30"},
		{"local reset commit", "30", []op{{"resetlocal", ""}}, true, "30"},
		{"set then reset", "30", []op{{"set", "70"}, {"reset", ""}}, true, "40"},
	}
	for _, tt := range tests {
		st := newSettings()
		if tt.before != "" {
			st.set("hnsw.ef_search", tt.before)
		}
		st.beginTxn()
		for _, o := range tt.ops {
			var err error
			switch o.kind {
			case "set", "local":
				_, err = st.assign("hnsw.ef_search", o.value, o.kind == "local")
			default:
				_, err = st.resetTo("hnsw.ef_search", o.kind == "resetlocal")
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		st.endTxn(tt.commit)
		if v, _ := st.get("hnsw.ef_search"); v != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, v, tt.want)
		}
	}
	// Outside a transaction nothing is recorded.
	st := newSettings()
	st.set("hnsw.ef_search", "55")
	if st.endTxn(false); st.efSearch() != 55 {
		t.Errorf("a SET outside a transaction was undone")
	}
}
