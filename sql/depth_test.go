package sql

import (
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// A long operator chain used to overflow the C parser's stack and kill the
// server (SIGSEGV during cgo); it must be a 54001 error instead, while long
// lists and operators inside literals stay fine.
func TestOperatorChainLimit(t *testing.T) {
	deep := "SELECT 1" + strings.Repeat("+1", 30000)
	if _, err := Parse(deep); pgerror.CodeOf(err) != pgerror.StatementTooComplex {
		t.Fatalf("30000-operator chain: %v, want 54001", err)
	}
	if _, err := Parse("SELECT 1" + strings.Repeat("+1", 4000)); err != nil {
		t.Fatalf("4000-operator chain: %v", err)
	}
	// Postfix chains crashed the C parser the same way.
	for _, q := range []string{
		"SELECT 1" + strings.Repeat(" IS NULL", 30000),
		"SELECT 1" + strings.Repeat("::int", 30000),
		"SELECT 'a'" + strings.Repeat(` COLLATE "C"`, 30000),
	} {
		if _, err := Parse(q); pgerror.CodeOf(err) != pgerror.StatementTooComplex {
			t.Errorf("%.30s...: %v, want 54001", q, err)
		}
	}
	ok := []string{
		"SELECT 1 IN (" + strings.Repeat("1, ", 20000) + "1)",
		"SELECT 1 WHERE " + strings.Repeat("a OR ", 30000) + "a", // flat in PostgreSQL's tree
		"INSERT INTO t VALUES " + strings.Repeat("(-1, -2), ", 5000) + "(1, 2)",
		"SELECT '" + strings.Repeat("+1", 30000) + "'",
		"SELECT $x$" + strings.Repeat("+1", 30000) + "$x$",
		"SELECT 1 -- " + strings.Repeat("+1", 30000),
		"SELECT 1 /* " + strings.Repeat("+1", 30000) + " */",
		`SELECT "` + strings.Repeat("+", 10) + `" FROM t WHERE a = $1 AND b <-> $2 < 3`,
	}
	for _, q := range ok {
		if err := checkDepth(q, measureShape(q)); err != nil {
			t.Errorf("%.40s...: %v", q, err)
		}
	}
}

// TestTreeDepthLimit: the bound follows the C thread stack (at 1 MiB a
// 3,000-operator chain and 1,000 nested subqueries crashed) up to 10,000.
func TestTreeDepthLimit(t *testing.T) {
	for stack, want := range map[int64]int{1 << 20: 1248, 2 << 20: 2496, 8 << 20: 9986, 1 << 30: 10000} {
		if got := treeDepthLimit(stack); got != want {
			t.Errorf("stack %d: %d, want %d", stack, got, want)
		}
	}
}
