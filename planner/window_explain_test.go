package planner

import (
	"strings"
	"testing"
)

// TestExplainWindows: EXPLAIN shows a WindowAgg per distinct window over
// a Sort by its keys, as PostgreSQL 15 (a window sorted by a prefix of
// the one below needs no Sort, nor does an ORDER BY the last window's
// sort serves), and EXPLAIN ANALYZE gives them the rows they emitted.
func TestExplainWindows(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (id int PRIMARY KEY, g int, x int)")
	exec(t, s, "INSERT INTO t SELECT i, i % 3, i % 5 FROM generate_series(1, 10) i")
	cases := []struct{ query, want string }{
		{"SELECT count(*) OVER (PARTITION BY g), sum(x) OVER (PARTITION BY g ORDER BY x) FROM t ORDER BY g",
			"WindowAgg|->  WindowAgg|->  Sort|Sort Key: g, x|->  Seq Scan on t"},
		{"SELECT id, rank() OVER (ORDER BY x), row_number() OVER (ORDER BY id) FROM t ORDER BY id",
			"WindowAgg|->  Sort|Sort Key: id|->  WindowAgg|->  Sort|Sort Key: x|->  Seq Scan on t"},
		{"SELECT row_number() OVER (ORDER BY id), rank() OVER (ORDER BY x) FROM t ORDER BY id",
			"WindowAgg|->  Sort|Sort Key: id|->  WindowAgg|->  Sort|Sort Key: x|->  Seq Scan on t"},
		{"SELECT row_number() OVER (ORDER BY id), rank() OVER (ORDER BY x) FROM t ORDER BY g",
			"Sort|Sort Key: g|->  WindowAgg|->  Sort|Sort Key: x|->  WindowAgg|->  Sort|Sort Key: id|->  Seq Scan on t"},
		{"SELECT g, rank() OVER (ORDER BY count(*)) FROM t GROUP BY g",
			"WindowAgg|->  Sort|Sort Key: ?|->  HashAggregate|Group Key: g|->  Seq Scan on t"},
		{"SELECT row_number() OVER (ORDER BY id) AS r FROM t ORDER BY r DESC LIMIT 2",
			"Limit|->  Sort|Sort Key: row_number() OVER (?) DESC|->  WindowAgg|->  Sort|Sort Key: id|->  Seq Scan on t"},
	}
	for _, c := range cases {
		if got := planShape(exec(t, s, "EXPLAIN "+c.query).Rows); got != c.want {
			t.Errorf("EXPLAIN %s:\n got %s\nwant %s", c.query, got, c.want)
		}
	}
	res := exec(t, s, "EXPLAIN ANALYZE SELECT id, rank() OVER (ORDER BY x) FROM t WHERE id > 3 ORDER BY id")
	var lines []string
	for _, r := range res.Rows {
		lines = append(lines, r[0].(string))
	}
	text := strings.Join(lines, "\n")
	if strings.Count(text, "(actual rows=7)") != 4 || !strings.Contains(text, "WindowAgg  (rows=") {
		t.Errorf("EXPLAIN ANALYZE: want Sort, WindowAgg, Sort and the scan at 7 actual rows:\n%s", text)
	}
	// Under a LIMIT the WindowAgg emitted the rows the Limit took, as
	// PostgreSQL's; its Sort held all of them.
	got := planLines(exec(t, s, "EXPLAIN ANALYZE SELECT id, rank() OVER (ORDER BY x) FROM t ORDER BY x LIMIT 2").Rows)
	if len(got) < 3 || !strings.HasSuffix(got[1], "(actual rows=2)") || !strings.Contains(got[1], "WindowAgg") ||
		!strings.HasSuffix(got[2], "(actual rows=10)") {
		t.Errorf("EXPLAIN ANALYZE under LIMIT 2:\n%s", strings.Join(got, "\n"))
	}
}

// planLines are EXPLAIN's lines.
func planLines(rows [][]any) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r[0].(string))
	}
	return out
}

// planShape is EXPLAIN's lines without estimates, trimmed and joined by |.
func planShape(rows [][]any) string {
	var out []string
	for _, r := range rows {
		line := strings.TrimSpace(r[0].(string))
		if i := strings.Index(line, "  (rows="); i >= 0 {
			line = line[:i]
		}
		out = append(out, line)
	}
	return strings.Join(out, "|")
}
