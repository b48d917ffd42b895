package planner

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// copyText runs COPY t FROM STDIN with data in its own implicit
// transaction, committed unless it failed.
func copyText(t *testing.T, s *Session, data string) error {
	t.Helper()
	ctx := context.Background()
	s.BeginImplicit(false)
	p, err := s.Prepare("COPY t FROM STDIN", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Execute(ctx, p, nil)
	if err != nil || res.CopyIn == nil {
		t.Fatalf("COPY: %v, %v", res, err)
	}
	if _, err = s.CopyFrom(ctx, p, strings.NewReader(data)); err != nil {
		s.Fail()
		return err
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	return nil
}

// copyLines is rows 1..n of "id\t[id,-id]", with line bad replaced by
// text when bad > 0.
func copyLines(n, bad int, text string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i == bad {
			b.WriteString(text + "\n")
			continue
		}
		fmt.Fprintf(&b, "%d\t[%d,%d]\n", i, i, -i)
	}
	return b.String()
}

// TestCopyPipelineOrder: with batches read ahead, parsed in parallel
// (copyParsers) and inserted in order, COPY still loads every row of
// several batches, and reports
// the first error in line order: an insert error of the first batch
// (a duplicate key on line 1000) before a syntax error the decoder
// already met in the second (line 1500), a syntax error in the first
// batch as such; a failed COPY leaves no row.
func TestCopyPipelineOrder(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (id int PRIMARY KEY, v vector(2))")
	for _, c := range []struct {
		name, data string
		code       pgerror.Code
		context    string
	}{
		{"duplicate before bad syntax", strings.Replace(copyLines(2100, 1500, "1500\t[1,x]"), "1000\t[1000,-1000]", "5\t[5,-5]", 1),
			pgerror.UniqueViolation, "COPY t, line 1000"},
		{"bad syntax in the first batch", copyLines(2100, 10, "10\t[1,x]"),
			pgerror.InvalidTextRepresentation, `COPY t, line 10, column v: "[1,x]"`},
		{"bad syntax in the third batch", copyLines(3000, 2500, "2500\t[1,x]"),
			pgerror.InvalidTextRepresentation, `COPY t, line 2500, column v: "[1,x]"`},
	} {
		err := copyText(t, s, c.data)
		pe, ok := err.(*pgerror.Error)
		if !ok || pe.Code != c.code || pe.Context != c.context {
			t.Errorf("%s: %v (context %q), want %s %q", c.name, err, pe.Context, c.code, c.context)
		}
		if n := exec(t, s, "SELECT count(*) FROM t").Rows[0][0]; n != int64(0) {
			t.Errorf("%s: %v rows after the failed COPY", c.name, n)
		}
	}
	if err := copyText(t, s, copyLines(5000, 0, "")); err != nil {
		t.Fatal(err)
	}
	row := exec(t, s, "SELECT count(*), sum(id), (SELECT v::text FROM t WHERE id = 4321) FROM t").Rows[0]
	if row[0] != int64(5000) || row[1] != int64(12502500) || row[2] != "[4321,-4321]" {
		t.Errorf("after COPY of 5000 rows: %v", row)
	}
}
