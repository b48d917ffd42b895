package planner

import (
	"context"
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestUntypedParamTypes: a $1 whose type only its context gives takes the
// type PostgreSQL 15 infers for it (Parse's ParameterDescription), and
// the statement runs with a value of that type. $1 IN (1, 2) takes the
// list's type (transformAExprIn's select_common_type; vecgres made it
// text and failed with 42883 "text = integer"), and bool_and($1) the
// parameter type of bool_and's only signature (vecgres made it text and
// failed at Execute with 42846 "cannot cast type text to boolean").
func TestUntypedParamTypes(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (a int)")
	exec(t, s, "INSERT INTO t VALUES (1), (2)")
	for _, c := range []struct {
		q    string
		kind types.Kind
		arg  any
		want string
	}{
		{"SELECT $1 IN (1, 2)", types.KindInt4, int64(2), "[[true]]"},
		{"SELECT $1 NOT IN (1, 2.5)", types.KindNumeric, "2.5", "[[false]]"},
		{"SELECT $1 IN ('a', 'b')", types.KindText, "b", "[[true]]"},
		{"SELECT bool_and($1) FROM t", types.KindBool, true, "[[true]]"},
		{"SELECT bool_or($1), every($1) FROM t", types.KindBool, false, "[[false false]]"},
	} {
		p, err := s.Prepare(c.q, nil)
		if err != nil {
			t.Errorf("%s: %v", c.q, err)
			continue
		}
		if pts := p.ParamTypes(); len(pts) != 1 || pts[0].Kind != c.kind {
			t.Errorf("%s: parameter types %v, want [%v]", c.q, pts, c.kind)
			continue
		}
		arg := c.arg
		if c.kind == types.KindNumeric {
			v, err := types.ParseText(types.Numeric, c.arg.(string))
			if err != nil {
				t.Fatal(err)
			}
			arg = v
		}
		res, err := s.Execute(context.Background(), p, []any{arg})
		if err != nil {
			t.Errorf("%s: %v", c.q, err)
			continue
		}
		if got := fmt.Sprint(res.Rows); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}
}

// TestInListWithoutCommonType: an untyped X IN a list of items with no
// common type is read as the first typed item's type, as PostgreSQL 15
// compares it with each item ('a' = 1 first), instead of 42804.
func TestInListWithoutCommonType(t *testing.T) {
	s := testSession(t)
	e := execErr(t, s, "SELECT 'a' IN (1, 'b'::text)")
	if e.Code != "22P02" || e.Message != `invalid input syntax for type integer: "a"` {
		t.Errorf("got %s %q, want 22P02 invalid input syntax for type integer", e.Code, e.Message)
	}
	if got := fmt.Sprint(exec(t, s, "SELECT '2' IN (1, 2.5, 2)").Rows); got != "[[true]]" {
		t.Errorf("'2' IN (1, 2.5, 2): %s, want [[true]]", got)
	}
}
