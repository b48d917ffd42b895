package tests

import "testing"

// TestMatchTranscript checks the transcript comparison the client tests
// rely on: vector sections dropped without the vector type, "# or"
// alternatives accepted from vecgres only, and every mismatch reported.
func TestMatchTranscript(t *testing.T) {
	const want = "# section a\n1\n# section cursor\nrows\n# or\nerror 0A000\n# section vector x\nv\n"
	pg := clientTarget{name: "postgres15"}
	vg := clientTarget{name: "vecgres", vectors: true, vecgres: true}
	pgv := clientTarget{name: "pgvector", vectors: true}
	for _, tc := range []struct {
		name, got string
		tg        clientTarget
		ok        bool
	}{
		{"postgres without vector sections", "# section a\n1\n# section cursor\nrows\n", pg, true},
		{"postgres given a vector section", "# section a\n1\n# section cursor\nrows\n# section vector x\nv\n", pg, false},
		{"postgres refusing the cursor", "# section a\n1\n# section cursor\nerror 0A000\n", pg, false},
		{"vecgres refusing the cursor", "# section a\n1\n# section cursor\nerror 0A000\n# section vector x\nv\n", vg, true},
		{"vecgres serving the cursor", "# section a\n1\n# section cursor\nrows\n# section vector x\nv\n", vg, true},
		{"pgvector refusing the cursor", "# section a\n1\n# section cursor\nerror 0A000\n# section vector x\nv\n", pgv, false},
		{"a wrong line", "# section a\n2\n# section cursor\nrows\n", pg, false},
		{"an extra line", "# section a\n1\n1\n# section cursor\nrows\n", pg, false},
		{"a missing section", "# section a\n1\n", pg, false},
		{"output before any section", "boom\n# section a\n1\n# section cursor\nrows\n", pg, false},
		{"empty output", "", pg, false},
	} {
		diff := matchTranscript(want, tc.got, tc.tg)
		if (diff == "") != tc.ok {
			t.Errorf("%s: diff %q, want match %v", tc.name, diff, tc.ok)
		}
	}
}
