package planner

import (
	"errors"
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestCopyUniqueExpr: COPY FROM checks a unique expression index as
// INSERT does (golden unique_expr_index has the rest).
func TestCopyUniqueExpr(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (id int, email text)")
	exec(t, s, "CREATE UNIQUE INDEX ON t ((lower(email)))")
	if err := copyText(t, s, "1\tAnn@x\n2\tbob@x\n"); err != nil {
		t.Fatal(err)
	}
	err := copyText(t, s, "3\tcarl@x\n4\tANN@X\n")
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.UniqueViolation || pe.Detail != "Key (lower(email))=(ann@x) already exists." {
		t.Fatalf("COPY of a duplicate key: %v", err)
	}
	if got := fmt.Sprint(exec(t, s, "SELECT id FROM t ORDER BY id").Rows); got != "[[1] [2]]" {
		t.Fatalf("rows after the failed COPY: %s", got)
	}
}
