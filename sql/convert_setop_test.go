package sql

import "testing"

// setOpShape prints a Select's set-operation tree: leaves as their FROM
// table (or "-"), operators with ALL, and the outer ORDER BY count.
func setOpShape(q *Select) string {
	if q.SetOp == nil {
		s := q.From
		if s == "" {
			s = "-"
		}
		if len(q.OrderBy) > 0 || q.Limit != nil {
			s += "[ordered]"
		}
		return s
	}
	op := q.SetOp.Op.String()
	if q.SetOp.All {
		op += " ALL"
	}
	s := "(" + setOpShape(q.SetOp.Left) + " " + op + " " + setOpShape(q.SetOp.Right) + ")"
	if len(q.OrderBy) > 0 || q.Limit != nil || q.Offset != nil {
		s += "[ordered]"
	}
	return s
}

// TestSetOperationShape checks the trees of set operations: INTERSECT
// binds tighter than UNION and EXCEPT, which associate to the left;
// parentheses group; ORDER BY and LIMIT after the last SELECT belong to
// the whole result, those inside parentheses to their SELECT.
func TestSetOperationShape(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"SELECT 1 FROM a UNION SELECT 2 FROM b", "(a UNION b)"},
		{"SELECT 1 FROM a UNION ALL SELECT 2 FROM b", "(a UNION ALL b)"},
		{"SELECT 1 FROM a UNION SELECT 1 FROM b INTERSECT SELECT 1 FROM c", "(a UNION (b INTERSECT c))"},
		{"SELECT 1 FROM a EXCEPT ALL SELECT 1 FROM b UNION SELECT 1 FROM c", "((a EXCEPT ALL b) UNION c)"},
		{"SELECT 1 FROM a INTERSECT ALL (SELECT 1 FROM b EXCEPT SELECT 1 FROM c)", "(a INTERSECT ALL (b EXCEPT c))"},
		{"SELECT 1 FROM a UNION SELECT 1 FROM b ORDER BY 1 LIMIT 3", "(a UNION b)[ordered]"},
		{"(SELECT 1 FROM a ORDER BY 1 LIMIT 5) UNION ALL (SELECT 1 FROM b LIMIT 5)", "(a[ordered] UNION ALL b[ordered])"},
		{"SELECT 1 UNION SELECT 2 OFFSET 1", "(- UNION -)[ordered]"},
	}
	for _, tt := range tests {
		q, ok := parseOne(t, tt.sql).(*Select)
		if !ok {
			t.Fatalf("%s: not a Select", tt.sql)
		}
		if got := setOpShape(q); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.sql, got, tt.want)
		}
	}
}

// TestSetOperationLeaves checks Leaves and Tables, the leaves in order
// and their tables once each.
func TestSetOperationLeaves(t *testing.T) {
	q := parseOne(t, "SELECT 1 FROM a UNION (SELECT 1 FROM b INTERSECT SELECT 1) EXCEPT SELECT 2 FROM a").(*Select)
	if n := len(q.SetOp.Leaves()); n != 4 {
		t.Errorf("got %d leaves, want 4", n)
	}
	got := q.SetOp.Tables()
	if len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("Tables() = %v, want [a b]", got)
	}
}

// TestDistinctAggregate checks that name(DISTINCT args) converts with
// Distinct set and prints with DISTINCT.
func TestDistinctAggregate(t *testing.T) {
	q := parseOne(t, "SELECT count(DISTINCT a), count(a) FROM t").(*Select)
	d, ok1 := q.Items[0].Expr.(*FuncCall)
	p, ok2 := q.Items[1].Expr.(*FuncCall)
	if !ok1 || !ok2 || !d.Distinct || p.Distinct {
		t.Fatalf("got %#v, %#v", q.Items[0].Expr, q.Items[1].Expr)
	}
	if s := FormatExpr(d); s != "count(DISTINCT a)" {
		t.Errorf("FormatExpr = %q", s)
	}
}

// TestFormatSetOpSubLink checks that scalar subqueries holding different
// set operations print differently (FormatExpr compares expressions).
func TestFormatSetOpSubLink(t *testing.T) {
	q := parseOne(t, "SELECT (SELECT a FROM t UNION ALL SELECT 2 ORDER BY 1 LIMIT 1)").(*Select)
	want := "((SELECT a FROM t) UNION ALL (SELECT 2) ORDER BY 1 LIMIT 1)"
	if got := FormatExpr(q.Items[0].Expr); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
