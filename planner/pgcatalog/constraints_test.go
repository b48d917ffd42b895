package pgcatalog

import "testing"

// TestConstraintQueriesMatch checks the captured psql 15 queries of \d's
// constraint sections against their shapes.
func TestConstraintQueriesMatch(t *testing.T) {
	for name, shape := range map[string]string{
		"d_checks_1": `\d table: checks`, "d_fkeys_1": `\d table: foreign keys`, "d_referenced_1": `\d table: referenced by`,
		"d_triggers_1": `\d table: triggers`,
	} {
		q, ok := Match(captured(t, name))
		if !ok {
			t.Errorf("%s: not recognised", name)
		} else if q.Name() != shape {
			t.Errorf("%s: shape %q, want %q", name, q.Name(), shape)
		}
	}
}
