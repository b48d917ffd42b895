package planner

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestSplitOptions(t *testing.T) {
	tests := []struct {
		in   string
		want [][2]string
		code pgerror.Code
		msg  string
	}{
		{in: "", want: nil},
		{in: "-c hnsw.ef_search=5", want: [][2]string{{"hnsw.ef_search", "5"}}},
		{in: "  -cstatement_timeout=1s\t--Search-Path=a,\\ b  ", want: [][2]string{{"statement_timeout", "1s"}, {"search_path", "a, b"}}},
		{in: `-c application_name=a\\b\ c`, want: [][2]string{{"application_name", `a\b c`}}},
		{in: "-c x=", want: [][2]string{{"x", ""}}},
		{in: "-c work_mem", code: pgerror.SyntaxError, msg: "-c work_mem requires a value"},
		{in: "--work_mem", code: pgerror.SyntaxError, msg: "--work_mem requires a value"},
		{in: "-x", code: pgerror.SyntaxError, msg: "invalid command-line argument for server process: -x"},
		{in: "-c", code: pgerror.SyntaxError, msg: "invalid command-line argument for server process: -c"},
	}
	for _, tt := range tests {
		got, err := splitOptions(tt.in)
		if tt.code != "" {
			if pe := pgerror.From(err); err == nil || pe.Code != tt.code || pe.Message != tt.msg {
				t.Errorf("%q: error %v, want %s %q", tt.in, err, tt.code, tt.msg)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// FuzzSplitOptions checks that any options string splits without panic,
// into names without white space or '='.
func FuzzSplitOptions(f *testing.F) {
	for _, s := range []string{"-c a=b", `--x-y=1\ 2`, "-c", "\\", "-ca=b -c c=d", "--=", "-c =x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		kvs, err := splitOptions(s)
		if err != nil {
			return
		}
		for _, kv := range kvs {
			for _, r := range kv[0] {
				if r == '=' {
					t.Fatalf("%q: name %q holds '='", s, kv[0])
				}
			}
		}
	})
}

func TestApplyStartup(t *testing.T) {
	s := &Session{settings: newSettings(), startup: map[string]string{
		"user": "u", "database": "d", "options": "-c statement_timeout=3s -c hnsw.ef_search=7 -c application_name=opt",
		"statement_timeout": "1500", "application_name": "app", "DateStyle": "ISO", "no_such_param": "x",
	}}
	status, err := s.ApplyStartup()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"statement_timeout": "1500ms", "hnsw.ef_search": "7", "application_name": "app"} {
		if v, _ := s.settings.get(name); v != want {
			t.Errorf("%s = %q, want %q", name, v, want)
		}
	}
	// RESET returns to the startup value.
	s.settings.set("statement_timeout", "9s")
	s.settings.reset("statement_timeout")
	if v, _ := s.settings.get("statement_timeout"); v != "1500ms" {
		t.Errorf("RESET statement_timeout gave %q, want the startup value", v)
	}
	// Reported settings are reported with their final values; DateStyle
	// stays as wire announced it.
	if want := map[string]string{"application_name": "app"}; !reflect.DeepEqual(status, want) {
		t.Errorf("status %v, want %v", status, want)
	}
	for params, want := range map[string]struct {
		code pgerror.Code
		msg  string
	}{
		"client_encoding=LATIN1":  {pgerror.FeatureNotSupported, "conversion between LATIN1 and UTF8 is not supported"},
		"client_encoding=WIN1252": {pgerror.FeatureNotSupported, "conversion between WIN1252 and UTF8 is not supported"},
		"client_encoding=bogus":   {pgerror.InvalidParameterValue, `invalid value for parameter "client_encoding": "bogus"`},
		"options=-c nosuch=1":     {pgerror.UndefinedObject, `unrecognized configuration parameter "nosuch"`},
		"hnsw.ef_search=0":        {pgerror.InvalidParameterValue, `0 is outside the valid range for parameter "hnsw.ef_search" (1 .. 1000)`},
	} {
		k, v, _ := cutEq(params)
		s := &Session{settings: newSettings(), startup: map[string]string{k: v}}
		_, err := s.ApplyStartup()
		if pe := pgerror.From(err); err == nil || pe.Code != want.code || pe.Message != want.msg {
			t.Errorf("%s: %v, want %s %q", params, err, want.code, want.msg)
		}
	}
}

func cutEq(s string) (string, string, bool) {
	for i := range s {
		if s[i] == '=' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
