package planner

import (
	"fmt"
	"strings"
	"testing"
)

// TestFlatCaseAndOrChains: Django's bulk_update sends one UPDATE with a
// CASE of one WHEN per row and an IN list of the ids; other ORMs send long
// OR chains. PostgreSQL keeps both flat and runs them at any length; the
// parser's depth guard refused them past about 1,660 WHENs or 2,490 ORs.
func TestFlatCaseAndOrChains(t *testing.T) {
	const n = 2500
	s := testSession(t)
	exec(t, s, "CREATE TABLE bulk (id int PRIMARY KEY, name text)")
	exec(t, s, "INSERT INTO bulk SELECT g, 'old' FROM generate_series(1, $1::int) g", int64(n+10))
	var whens, in, ors strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&whens, ` WHEN ("bulk"."id" = %d) THEN 'n%d'`, i, i)
		if i > 1 {
			in.WriteString(", ")
			ors.WriteString(" OR ")
		}
		fmt.Fprintf(&in, "%d", i)
		fmt.Fprintf(&ors, "id = %d", i)
	}
	res := exec(t, s, `UPDATE "bulk" SET "name" = CASE`+whens.String()+` ELSE NULL END WHERE "bulk"."id" IN (`+in.String()+")")
	if res.Tag != fmt.Sprintf("UPDATE %d", n) {
		t.Fatalf("tag %q, want UPDATE %d", res.Tag, n)
	}
	res = exec(t, s, "SELECT count(*) FROM bulk WHERE name = 'n' || id")
	if got := res.Rows[0][0]; got != int64(n) {
		t.Fatalf("%v rows renamed, want %d", got, n)
	}
	res = exec(t, s, "SELECT count(*), min(id), max(id) FROM bulk WHERE "+ors.String()+" OR name = 'old' AND id > $1", int64(n+5))
	if got := fmt.Sprint(res.Rows[0]); got != fmt.Sprintf("[%d 1 %d]", n+5, n+10) {
		t.Fatalf("OR chain: %s", got)
	}
}
