package planner

import "testing"

// TestLimitZeroReadsNothing: under LIMIT 0 nothing below the Limit runs,
// as PostgreSQL 15's Limit returns before pulling a row (checked against
// PostgreSQL 15: `SELECT g FROM generate_series(0, 3) g ORDER BY 1 / g
// LIMIT 0` is 0 rows, no division by zero), streamed or materialised.
// Before planner/exec, both evaluated every row's ORDER BY key.
func TestLimitZeroReadsNothing(t *testing.T) {
	s := testSession(t)
	for _, q := range []string{
		"SELECT g FROM generate_series(0, 3) g ORDER BY 1 / g LIMIT 0",
		"SELECT g FROM generate_series(0, 3) g ORDER BY 1 / g LIMIT 0 OFFSET 1",
		"SELECT 1 / g FROM generate_series(0, 3) g LIMIT 0",
	} {
		mat, str, w, matErr, strErr := runBoth(t, s, q)
		if matErr != nil || strErr != nil {
			t.Fatalf("%s: Execute %v, ExecuteTo %v; want 0 rows", q, matErr, strErr)
		}
		if len(mat.Rows) != 0 || mat.Tag != "SELECT 0" || w.n != 0 || str.Tag != "SELECT 0" {
			t.Fatalf("%s: Execute %v %q, ExecuteTo %d rows %q; want SELECT 0", q, mat.Rows, mat.Tag, w.n, str.Tag)
		}
	}
}
