package planner

import (
	"maps"
	"testing"
)

// TestSettingsRollbackTo: ROLLBACK TO brings back the values and the
// transaction's undo records at the savepoint, so that the end of the
// transaction then works from them (a SET before the savepoint commits,
// one after it is gone; SET LOCAL after it is undone at once), and
// reports the reported settings that changed back.
func TestSettingsRollbackTo(t *testing.T) {
	tests := []struct {
		name       string
		before     []string // assignments before the savepoint: name=value, local if prefixed "L "
		after      []string
		commit     bool
		wantEf     string // hnsw.ef_search after the transaction
		wantStatus map[string]string
	}{
		{"set after", nil, []string{"hnsw.ef_search=50"}, true, "40", nil},
		{"set before kept", []string{"hnsw.ef_search=60"}, []string{"hnsw.ef_search=50"}, true, "60", nil},
		{"set before rolled back", []string{"hnsw.ef_search=60"}, []string{"hnsw.ef_search=50"}, false, "40", nil},
		{"local after", nil, []string{"L hnsw.ef_search=70", "application_name=x"}, true, "40", map[string]string{"application_name": ""}},
		{"reported", []string{"application_name=a"}, []string{"application_name=b"}, true, "40", map[string]string{"application_name": "a"}},
	}
	for _, tt := range tests {
		st := newSettings()
		st.beginTxn()
		assign := func(list []string) {
			for _, a := range list {
				local := len(a) > 2 && a[:2] == "L "
				if local {
					a = a[2:]
				}
				for i := range a {
					if a[i] == '=' {
						if _, err := st.assign(a[:i], a[i+1:], local); err != nil {
							t.Fatalf("%s: %s: %v", tt.name, a, err)
						}
						break
					}
				}
			}
		}
		assign(tt.before)
		m := st.mark()
		v0 := st.version
		assign(tt.after)
		if status := st.rollbackTo(m); !maps.Equal(status, tt.wantStatus) {
			t.Errorf("%s: status %v, want %v", tt.name, status, tt.wantStatus)
		}
		if st.version == v0 {
			t.Errorf("%s: version unchanged by rollbackTo (prepared statements would not rebind)", tt.name)
		}
		if !maps.Equal(st.values, m.values) && !(len(st.values) == 0 && len(m.values) == 0) {
			t.Errorf("%s: values %v, want %v", tt.name, st.values, m.values)
		}
		st.endTxn(tt.commit)
		if v, _ := st.get("hnsw.ef_search"); v != tt.wantEf {
			t.Errorf("%s: hnsw.ef_search %q after the end, want %q", tt.name, v, tt.wantEf)
		}
	}
}
