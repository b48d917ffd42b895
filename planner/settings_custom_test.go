package planner

import (
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestCustomSettingNames checks PostgreSQL 15's answers (with pgvector
// loaded) for names that are not known settings, through SET, SET LOCAL,
// RESET and startup options.
func TestCustomSettingNames(t *testing.T) {
	const invalid = pgerror.InvalidName
	const identDetail = "Custom parameter names must be two or more simple identifiers separated by dots."
	tests := []struct {
		name        string
		code        pgerror.Code // "" when accepted as a placeholder
		msg, detail string
	}{
		{name: "myapp.x"},
		{name: "a.b_2$"},
		{name: "a.b.c"},
		{name: "_x.é"},
		{name: "nosuch", code: pgerror.UndefinedObject, msg: `unrecognized configuration parameter "nosuch"`},
		{name: "hnsw.ef_serach", code: invalid, msg: `invalid configuration parameter name "hnsw.ef_serach"`, detail: `"hnsw" is a reserved prefix.`},
		{name: "hnsw.x.y", code: invalid, msg: `invalid configuration parameter name "hnsw.x.y"`, detail: `"hnsw" is a reserved prefix.`},
		{name: "ivfflat.probe", code: invalid, msg: `invalid configuration parameter name "ivfflat.probe"`, detail: `"ivfflat" is a reserved prefix.`},
		{name: "a..b", code: invalid, msg: `invalid configuration parameter name "a..b"`, detail: identDetail},
		{name: "a.", code: invalid, msg: `invalid configuration parameter name "a."`, detail: identDetail},
		{name: ".a", code: invalid, msg: `invalid configuration parameter name ".a"`, detail: identDetail},
		{name: "my-app.x", code: invalid, msg: `invalid configuration parameter name "my-app.x"`, detail: identDetail},
		{name: "1a.b", code: invalid, msg: `invalid configuration parameter name "1a.b"`, detail: identDetail},
		{name: "a.1b", code: invalid, msg: `invalid configuration parameter name "a.1b"`, detail: identDetail},
	}
	check := func(what string, err error, code pgerror.Code, msg, detail string) {
		t.Helper()
		if code == "" {
			if err != nil {
				t.Errorf("%s: %v, want it accepted", what, err)
			}
			return
		}
		if err == nil {
			t.Errorf("%s: accepted, want %s %q", what, code, msg)
			return
		}
		if pe := pgerror.From(err); pe.Code != code || pe.Message != msg || pe.Detail != detail {
			t.Errorf("%s: %v, want %s %q detail %q", what, err, code, msg, detail)
		}
	}
	for _, tt := range tests {
		st := newSettings()
		_, err := st.set(tt.name, "1")
		check("SET "+tt.name, err, tt.code, tt.msg, tt.detail)
		_, err = newSettings().assign(tt.name, "1", true)
		check("SET LOCAL "+tt.name, err, tt.code, tt.msg, tt.detail)
		_, err = newSettings().reset(tt.name)
		check("RESET "+tt.name, err, tt.code, tt.msg, tt.detail)
		if strings.Contains(tt.name, "-") {
			continue // -c turns a dash into an underscore, as PostgreSQL does
		}
		s := &Session{settings: newSettings(), startup: map[string]string{"options": "-c " + tt.name + "=1"}}
		_, err = s.ApplyStartup()
		check("startup -c "+tt.name, err, tt.code, tt.msg, tt.detail)
		s = &Session{settings: newSettings(), startup: map[string]string{tt.name: "1"}}
		_, err = s.ApplyStartup()
		if tt.code == pgerror.UndefinedObject {
			err, tt.code = nil, "" // unknown names without a dot given as parameters are ignored
		}
		check("startup parameter "+tt.name, err, tt.code, tt.msg, tt.detail)
	}
	// SHOW never creates a placeholder: an unknown name is 42704, also
	// under a reserved prefix.
	for _, name := range []string{"hnsw.ef_serach", "myapp.y", "ivfflat.x"} {
		_, err := newSettings().show(name)
		check("SHOW "+name, err, pgerror.UndefinedObject, `unrecognized configuration parameter "`+name+`"`, "")
	}
	// pgvector's own settings under the reserved prefixes still work.
	st := newSettings()
	if _, err := st.set("hnsw.ef_search", "100"); err != nil || st.efSearch() != 100 {
		t.Errorf("SET hnsw.ef_search = 100: %v, ef_search %d", err, st.efSearch())
	}
	if _, err := st.set("ivfflat.probes", "3"); err != nil {
		t.Errorf("SET ivfflat.probes = 3: %v", err)
	}
}

// A placeholder stays known after RESET, RESET ALL and a rolled-back SET
// LOCAL: SHOW gives an empty string, as PostgreSQL's placeholder does.
func TestPlaceholderKeptAfterReset(t *testing.T) {
	st := newSettings()
	if _, err := st.set("myapp.x", "5"); err != nil {
		t.Fatal(err)
	}
	if v, ok := st.get("myapp.x"); !ok || v != "5" {
		t.Fatalf("myapp.x = %q, %v; want 5", v, ok)
	}
	for _, reset := range []string{"myapp.x", "all"} {
		st.set("myapp.x", "6")
		if _, err := st.reset(reset); err != nil {
			t.Fatal(err)
		}
		if v, ok := st.get("myapp.x"); !ok || v != "" {
			t.Errorf("after RESET %s: myapp.x = %q, %v; want \"\", true", reset, v, ok)
		}
	}
	if _, err := st.reset("myapp.z"); err != nil {
		t.Fatal(err)
	}
	if res, err := st.show("myapp.z"); err != nil || res.Rows[0][0] != "" {
		t.Errorf("SHOW myapp.z after RESET: %v, %v", res, err)
	}
}
