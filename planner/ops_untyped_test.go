package planner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestOperatorOfUntypedOperands: a binary operator between two untyped
// operands resolves as PostgreSQL 15's oper_select_candidate: + - * / %
// are 42725 "operator is not unique: unknown + unknown" (PostgreSQL also
// has them on dates, intervals, money, ...), ^ takes double precision (the
// numeric category's preferred type), so $1 ^ $2 has double precision
// parameters. vecgres read both as text and answered 42883 "text + text".
// A prefix operator no entry takes says so with PostgreSQL's hint.
func TestOperatorOfUntypedOperands(t *testing.T) {
	s := testSession(t)
	for q, msg := range map[string]string{
		"SELECT '1' + '2'":   "operator is not unique: unknown + unknown",
		"SELECT NULL * NULL": "operator is not unique: unknown * unknown",
		"SELECT '4' % '2'":   "operator is not unique: unknown % unknown",
	} {
		e := execErr(t, s, q)
		if e.Code != "42725" || e.Message != msg || e.Position != strings.IndexAny(q, "+*%")+1 ||
			e.Hint != "Could not choose a best candidate operator. You might need to add explicit type casts." {
			t.Errorf("%s: %s %q at %d (hint %q), want 42725 %q at the operator", q, e.Code, e.Message, e.Position, e.Hint, msg)
		}
	}
	if got := fmt.Sprint(exec(t, s, "SELECT '2' ^ '3', NULL ^ NULL").Rows); got != "[[8 <nil>]]" {
		t.Errorf("'2' ^ '3', NULL ^ NULL: %s, want [[8 <nil>]]", got)
	}
	p, err := s.Prepare("SELECT $1 ^ $2", nil)
	if err != nil {
		t.Fatal(err)
	}
	if pts := p.ParamTypes(); len(pts) != 2 || pts[0].Kind != types.KindFloat8 || pts[1].Kind != types.KindFloat8 {
		t.Errorf("$1 ^ $2: parameter types %v, want double precision twice", pts)
	}
	e := execErr(t, s, "SELECT -'a'::text")
	if e.Code != "42883" || e.Message != "operator does not exist: - text" ||
		e.Hint != "No operator matches the given name and argument type. You might need to add an explicit type cast." {
		t.Errorf("-'a'::text: %s %q (hint %q)", e.Code, e.Message, e.Hint)
	}
}

// TestOperatorOfOneUntypedOperand: an untyped operand takes the other
// operand's type only when the operator has an entry on two of that type
// (PostgreSQL's binary_oper_exact); else the resolver picks the entry
// with the untyped operand unknown: 2 ^ '0.5' and $1 ^ 2 are double
// precision (vecgres read them as integers: '0.5' was 22P02 and $1 an
// integer parameter), and 1 LIKE '1' is 42883 naming "integer ~~
// unknown", as PostgreSQL's.
func TestOperatorOfOneUntypedOperand(t *testing.T) {
	s := testSession(t)
	if got := fmt.Sprint(exec(t, s, "SELECT 2 ^ '0.5', '9' ^ 0.5, 7 - '2', 2.5 * '2'").Rows); got != "[[1.4142135623730951 3.0000000000000000 5 5.0]]" {
		t.Errorf("got %s", got)
	}
	p, err := s.Prepare("SELECT $1 ^ 2", nil)
	if err != nil {
		t.Fatal(err)
	}
	if pts := p.ParamTypes(); len(pts) != 1 || pts[0].Kind != types.KindFloat8 {
		t.Errorf("$1 ^ 2: parameter types %v, want double precision", pts)
	}
	e := execErr(t, s, "SELECT 1 LIKE '1'")
	if e.Code != "42883" || e.Message != "operator does not exist: integer ~~ unknown" || e.Position != 10 {
		t.Errorf("1 LIKE '1': %s %q at %d", e.Code, e.Message, e.Position)
	}
}
