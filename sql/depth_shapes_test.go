package sql

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// deepShape builds a statement whose parse tree is about n levels deep,
// or, when flat, a statement n terms long whose tree stays shallow.
type deepShape struct {
	name  string
	build func(n int) string
}

// rep is s repeated n times.
func rep(s string, n int) string { return strings.Repeat(s, n) }

// deepShapes are the deep constructs of issue 11: chains broken by
// parentheses, commas inside calls, and every nesting construct of the
// grammar. Left-associative ones build trees as deep as they are long
// while the grammar's stack stays shallow; nested ones fill the stack.
var deepShapes = []deepShape{
	{"operator chain", func(n int) string { return "SELECT 1" + rep("+1", n) }},
	{"parenthesised chain", func(n int) string { return "SELECT (1)" + rep("+(1)", n) }},
	{"call chain", func(n int) string { return "SELECT abs(1)" + rep("+abs(1)", n) }},
	{"call chain with commas", func(n int) string { return "SELECT greatest(1, 2)" + rep("+greatest(1, 2)", n) }},
	{"concatenation chain", func(n int) string { return "SELECT 'a'" + rep("||('a')", n) }},
	{"vector chain", func(n int) string { return "SELECT '[1,2]'::vector" + rep(" + ('[1,2]')", n) }},
	{"distance chain", func(n int) string { return "SELECT v" + rep(" <-> v", n) + " FROM t" }},
	{"JSON operator chain", func(n int) string { return `SELECT '{"a":1}'::jsonb` + rep("->'a'", n) }},
	{"JSON text chain", func(n int) string { return `SELECT '{"a":1}'::jsonb` + rep("->>('a')", n) }},
	{"cast chain", func(n int) string { return "SELECT 1" + rep("::int", n) }},
	{"IS NULL chain", func(n int) string { return "SELECT 1" + rep(" IS NULL", n) }},
	{"COLLATE chain", func(n int) string { return "SELECT 'a'" + rep(` COLLATE "C"`, n) }},
	{"comparison chain in parens", func(n int) string { return "SELECT " + rep("(", n) + "1" + rep(") = 1", n) }},
	{"UNION chain", func(n int) string { return "SELECT 1" + rep(" UNION SELECT 1", n) }},
	{"JOIN chain", func(n int) string { return "SELECT 1 FROM a" + rep(" JOIN a ON true", n) }},
	{"chain in a call", func(n int) string { return "SELECT abs(1" + rep("+(1)", n) + ")" }},
	{"chain in an IN list", func(n int) string { return "SELECT 1 IN (1, 2" + rep("+(2)", n) + ")" }},
	{"chain in nested calls", func(n int) string {
		return "SELECT " + rep("abs(1+", n/10) + "1" + rep("+1", n/2) + rep(")", n/10)
	}},
	{"nested parentheses", func(n int) string { return "SELECT " + rep("(", n) + "1" + rep(")", n) }},
	{"nested calls", func(n int) string { return "SELECT " + rep("abs(", n) + "1" + rep(")", n) }},
	{"nested CASE", func(n int) string { return "SELECT " + rep("CASE WHEN true THEN ", n) + "1" + rep(" END", n) }},
	{"nested simple CASE", func(n int) string { return "SELECT " + rep("CASE 1 WHEN 1 THEN ", n) + "1" + rep(" ELSE 2 END", n) }},
	{"nested ARRAY", func(n int) string { return "SELECT " + rep("ARRAY[", n) + "1" + rep("]", n) }},
	{"nested ROW", func(n int) string { return "SELECT " + rep("ROW(", n) + "1" + rep(")", n) }},
	{"nested rows", func(n int) string { return "SELECT " + rep("(", n) + "1" + rep(", 1)", n) }},
	{"nested subqueries", func(n int) string { return "SELECT " + rep("(SELECT ", n) + "1" + rep(")", n) }},
	{"nested IN subqueries", func(n int) string {
		return "SELECT 1 WHERE 1 IN " + rep("(SELECT 1 WHERE 1 IN ", n) + "(1)" + rep(")", n)
	}},
	{"unary minus chain", func(n int) string { return "SELECT " + rep("- ", n) + "1" }},
	{"unary minus in parens", func(n int) string { return "SELECT " + rep("-(", n) + "1" + rep(")", n) }},
	{"NOT chain", func(n int) string { return "SELECT " + rep("NOT ", n) + "true" }},
	{"subscript chain", func(n int) string { return "SELECT a" + rep("[1]", n) + " FROM t" }},
	{"JOIN chain with AND", func(n int) string { return "SELECT 1 FROM a" + rep(" JOIN a ON a AND b", n) }},
	{"UNION chain with OR", func(n int) string { return "SELECT 1 WHERE a OR b" + rep(" UNION SELECT 1 WHERE a OR b", n) }},
	{"nested CASE with AND", func(n int) string {
		return "SELECT " + rep("CASE WHEN a AND b THEN ", n) + "1" + rep(" END", n)
	}},
	{"nested CASE in parentheses", func(n int) string { return "SELECT " + rep("(CASE WHEN a THEN ", n) + "1" + rep(" END)", n) }},
	{"operator chain in AND", func(n int) string { return "SELECT 1 WHERE a AND 1" + rep("+1", n) + " = 2 AND b" }},
	{"AND inside an operator chain", func(n int) string { return "SELECT 1" + rep(" + (a AND b)::int", n) }},
	{"CASE chain", func(n int) string { return "SELECT 1" + rep(" + CASE WHEN a THEN 1 END", n) }},
}

// flatShapes are long statements whose tree PostgreSQL keeps flat (lists),
// accepted at any length.
var flatShapes = []deepShape{
	{"IN list", func(n int) string { return "SELECT 1 IN (1" + rep(", 1", n) + ")" }},
	{"OR chain", func(n int) string { return "SELECT 1 WHERE " + rep("a OR ", n) + "a" }},
	{"AND chain", func(n int) string { return "SELECT 1 WHERE " + rep("a = 1 AND ", n) + "b" }},
	{"OR of ANDs", func(n int) string { return "SELECT 1 WHERE " + rep("a AND NOT b OR ", n) + "c" }},
	{"BETWEEN in an AND chain", func(n int) string { return "SELECT 1 WHERE " + rep("a BETWEEN 1 AND 2 AND ", n) + "b" }},
	{"flat CASE", func(n int) string {
		return "SELECT CASE" + rep(" WHEN id = 1 THEN 'x'", n) + " ELSE 'y' END FROM t"
	}},
	{"flat simple CASE", func(n int) string { return "SELECT CASE id" + rep(" WHEN 1 THEN 2", n) + " END FROM t" }},
	{"UPDATE with a flat CASE", func(n int) string {
		return "UPDATE t SET a = CASE" + rep(" WHEN (id = 1) THEN 'x'", n) + " ELSE a END WHERE id IN (1" + rep(", 1", n) + ")"
	}},
}

// refused reports whether err is how a too-deep statement must fail:
// PostgreSQL's 54001, or its 42601 `memory exhausted` when brackets nest
// past the grammar's stack.
func refused(err error) bool {
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		return false
	}
	if pe.Code == pgerror.SyntaxError {
		return strings.HasPrefix(pe.Message, "memory exhausted at or near ")
	}
	return pe.Code == pgerror.StatementTooComplex && pe.Message == errStackDepth.Message && pe.Hint == errStackDepth.Hint
}

// TestDeepShapes: every deep shape parses or is refused, at every length,
// without killing the process; shallow ones are never refused, and the
// long chains of issue 11 (30,000 parenthesised terms crashed the C
// parser with SIGSEGV) are. Lists (IN), chains of AND and OR, and the
// WHENs of one CASE are not deep at any length, as in PostgreSQL.
func TestDeepShapes(t *testing.T) {
	for i, sh := range append(slices.Clone(deepShapes), flatShapes...) {
		flat := i >= len(deepShapes)
		t.Run(sh.name, func(t *testing.T) {
			for _, n := range []int{50, 1000, 3000, 4900, 5100, 9000, 12000, 30000} {
				_, err := Parse(sh.build(n))
				var pe *pgerror.Error
				if err != nil && !errors.As(err, &pe) {
					t.Fatalf("n=%d: %T %v is not a *pgerror.Error", n, err, err)
				}
				switch {
				case flat:
					if err != nil {
						t.Errorf("n=%d: %v", n, err)
					}
				case n == 50 && refused(err):
					t.Errorf("n=%d refused: %v", n, err)
				case n == 30000 && !refused(err):
					t.Errorf("n=%d: %v, want 54001 stack depth limit exceeded", n, err)
				}
			}
		})
	}
}

// TestStackDepthError: the error is PostgreSQL 15's check_stack_depth
// report, word for word.
func TestStackDepthError(t *testing.T) {
	_, err := Parse("SELECT (1)" + rep("+(1)", 30000))
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		t.Fatalf("%v", err)
	}
	want := `Increase the configuration parameter "max_stack_depth" (currently 2048kB), after ensuring the platform's stack depth limit is adequate.`
	if pe.Code != "54001" || pe.Message != "stack depth limit exceeded" || pe.Hint != want || pe.Detail != "" {
		t.Fatalf("%s %q detail %q hint %q", pe.Code, pe.Message, pe.Detail, pe.Hint)
	}
}

// TestShapeScannerLexing: what PostgreSQL's scanner reads as code counts,
// what it reads as a literal or comment does not. A chain hidden from a
// scanner that took a backslash in a standard string for an escape, or
// the $x$ inside an identifier for a dollar quote, crashed the server.
func TestShapeScannerLexing(t *testing.T) {
	chain := rep("+1", 30000)
	deep := []string{
		`SELECT 'a\', 1` + chain + `, 'x'`,
		`SELECT 1 AS a$x$, 1` + chain + `, 2 AS b$x$`,
		`SELECT "a""", 1` + chain + `, '"'`,
		`SELECT U&'a\', 1` + chain + `, 'x'`,
		`SELECT 1 -- '` + "\n" + `, 1` + chain + `, '`,
		"SELECT /* /* */ '*/ 1, 1" + chain + ", '",
	}
	for _, q := range deep {
		if sh := measureShape(q); sh.depth <= maxTreeDepth {
			t.Errorf("%.30q...: depth %d, want > %d", q, sh.depth, maxTreeDepth)
		}
	}
	shallow := []string{
		"SELECT '" + chain + "'",
		"SELECT E'\\'" + chain + "'",
		"SELECT e'it\\'s" + chain + "'",
		"SELECT $x$" + chain + "$x$",
		"SELECT $$" + chain + "$$",
		"SELECT 1$x$, 1" + chain + ", $x$",
		`SELECT "` + chain + `"`,
		"SELECT 1 -- " + chain,
		"SELECT 1 /* " + chain + " */",
		"SELECT 1 /* /* */ " + chain + " */",
		"SELECT 1, 2" + rep(", 1+1", 30000),
	}
	for _, q := range shallow {
		if sh := measureShape(q); sh.depth > maxTreeDepth {
			t.Errorf("%.30q...: depth %d, want <= %d", q, sh.depth, maxTreeDepth)
		}
	}
}

// FuzzDeepShapes repeats a fuzzed unit between a fuzzed prefix and suffix
// up to 40,000 times: whatever the shape, Parse must return statements or
// a *pgerror.Error, never crash (run with -fuzz=FuzzDeepShapes).
func FuzzDeepShapes(f *testing.F) {
	for _, s := range [][3]string{
		{"SELECT (1)", "+(1)", ""}, {"SELECT abs(1)", "+abs(1)", ""}, {"SELECT 'a'", "||('a')", ""},
		{"SELECT '[1,2]'::vector", " + ('[1,2]')", ""}, {"SELECT ", "(", "1"}, {"SELECT ", "abs(", "1"},
		{"SELECT ", "CASE WHEN true THEN ", "1"}, {"SELECT ", "ARRAY[", "1"}, {"SELECT ", "(SELECT ", "1"},
		{"SELECT 1 IN (", "1, ", "1)"}, {"SELECT ", "- ", "1"}, {`SELECT '{}'::jsonb`, "->'a'", ""},
		{"SELECT 1", " UNION SELECT 1", ""}, {"SELECT 1", "::int", ""}, {"SELECT 'a\\', 1", "+1", ", 'x'"},
		{"SELECT 1 FROM a", " JOIN a ON a AND b", ""}, {"SELECT 1 WHERE a", " OR (a AND b", ")"},
		{"SELECT CASE", " WHEN a OR b THEN CASE", " END"}, {"SELECT 1", " + CASE WHEN a THEN 1 END", ""},
	} {
		f.Add(s[0], s[1], s[2], uint16(30000))
	}
	f.Fuzz(func(t *testing.T, prefix, unit, suffix string, n uint16) {
		if len(unit) == 0 || len(unit)*int(n) > 1<<20 {
			return
		}
		q := prefix + rep(unit, int(n)) + suffix
		_, err := Parse(q)
		var pe *pgerror.Error
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("%.60q...: %T %v", q, err, err)
		}
	})
}
