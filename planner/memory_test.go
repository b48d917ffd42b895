package planner

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/planner/memacct"
)

// oomDetail is the DETAIL of a statement's 53200 under SET
// vecgres.work_mem_limit = '1MB'.
const oomDetailSuffix = ": the statement's rows held in memory passed vecgres.work_mem_limit (1MB)."

// TestWorkMemLimitSites: with vecgres.work_mem_limit at 1MB, each place
// that holds a statement's rows refuses a statement that would hold more
// with 53200 `out of memory` (the DETAIL naming the setting and the
// limit), each query's memory being mostly at the site it names; the
// session stays usable, the next query answers, and under the default
// limit the same statement succeeds.
func TestWorkMemLimitSites(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE big (id int PRIMARY KEY, t text)")
	exec(t, s, "INSERT INTO big SELECT g, 'x' FROM generate_series(1, 30000) g")
	exec(t, s, "CREATE TABLE vecs (id int PRIMARY KEY, v vector(4000))")
	exec(t, s, "INSERT INTO vecs SELECT g, ('[' || repeat('1,', 3999) || '1]')::vector FROM generate_series(1, 40) g")
	exec(t, s, "CREATE TABLE dst (id int PRIMARY KEY, t text)")
	sites := []struct{ site, q string }{
		// 20 result rows of 100 kB.
		{"result rows", "SELECT repeat('x', 100000) FROM generate_series(1, 20)"},
		// 20 sort keys of 100 kB; the result rows are small.
		{"sort keys", "SELECT g FROM generate_series(1, 20) g ORDER BY repeat('x', 100000) || g"},
		// 2,000 groups with 1 kB keys; 2,000 small result rows.
		{"groups", "SELECT count(*) FROM generate_series(1, 2000) g GROUP BY repeat('x', 1000) || g"},
		// 2,000 distinct inputs of 1 kB; one output row.
		{"DISTINCT aggregate", "SELECT count(DISTINCT repeat('x', 1000) || g) FROM generate_series(1, 2000) g"},
		// 40 running sums of 4,000 dimensions (32 kB each), in a
		// derived table.
		{"vector sums", "SELECT count(*) FROM (SELECT sum(v) FROM vecs GROUP BY id) s"},
		// 20 distinct rows of 100 kB that UNION holds to drop duplicates.
		{"set operation", "SELECT (repeat('x', 100000) || g)::varchar FROM generate_series(1, 20) g UNION SELECT 'y'::text"},
		// 600 result rows of 1 kB (660 kB) and their 600 COPY lines.
		{"COPY TO", "COPY (SELECT repeat('x', 1000) FROM generate_series(1, 600)) TO STDOUT"},
		// 1,000 RETURNING rows of 1 kB; 1,000 held target rows of 80 bytes.
		{"RETURNING", "UPDATE big SET t = t WHERE id <= 1000 RETURNING repeat(t, 1000)"},
		// 30,000 rows to change: a held target row of 80 bytes each
		// (value slots for its two columns and its identity, and 32
		// bytes: exec.Modify).
		{"UPDATE targets", "UPDATE big SET t = t WHERE id > 0"},
		// 1,200 rows of 1 kB to insert, which the Insert holds (the
		// query's rows stream into it; they are not held as well).
		{"INSERT ... SELECT", "INSERT INTO dst SELECT g, repeat('x', 1000) || g FROM generate_series(1, 1200) g"},
		// 30,000 inner rows (the inner scan refuses them).
		{"derived table", "SELECT count(*) FROM (SELECT id FROM big) s"},
		// DECLARE materialises the cursor's rows.
		{"cursor", "DECLARE c CURSOR WITH HOLD FOR SELECT repeat('x', 100000) FROM generate_series(1, 20)"},
	}
	for _, c := range sites {
		exec(t, s, "SET vecgres.work_mem_limit = '1MB'")
		pe := execErr(t, s, c.q)
		if pe.Code != "53200" || pe.Message != "out of memory" || !strings.HasSuffix(pe.Detail, oomDetailSuffix) ||
			pe.Hint != "Return fewer or smaller rows (a WHERE or a LIMIT), or raise vecgres.work_mem_limit." {
			t.Errorf("%s: %s: got %s %q DETAIL %q HINT %q, want 53200 out of memory", c.site, c.q, pe.Code, pe.Message, pe.Detail, pe.Hint)
		}
		if got := ids(exec(t, s, "SELECT 1::int8")); len(got) != 1 || got[0] != 1 {
			t.Fatalf("%s: SELECT 1 after the error: %v", c.site, got)
		}
		exec(t, s, "RESET vecgres.work_mem_limit")
		exec(t, s, c.q) // the default limit holds it
		if c.site == "cursor" {
			exec(t, s, "CLOSE c")
		}
		if strings.HasPrefix(c.site, "INSERT") {
			exec(t, s, "DELETE FROM dst")
		}
	}
	if n := exec(t, s, "SELECT count(*) FROM dst").Rows[0][0]; n != int64(0) {
		t.Fatalf("dst has %v rows, want 0: a failed INSERT kept rows", n)
	}
	if n := exec(t, s, "SELECT count(*) FROM big WHERE t = 'x'").Rows[0][0]; n != int64(30000) {
		t.Fatalf("big has %v unchanged rows, want 30000", n)
	}
}

// TestAggregatesStream: an aggregate over a table, plain or GROUP BY, by a
// sequential or a B-tree scan, folds the rows as the scan reads them and
// holds its groups, not the table's rows: under a 256kB limit, far below
// what 30,000 (or 9,000) row records would take, they answer exactly.
func TestAggregatesStream(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE big (id int PRIMARY KEY, t text)")
	exec(t, s, "INSERT INTO big SELECT g, 'x' || (g % 3) FROM generate_series(1, 30000) g")
	exec(t, s, "CREATE INDEX ON big (id)")
	exec(t, s, "SET vecgres.work_mem_limit = '256kB'")
	if n := exec(t, s, "SELECT count(*) FROM big").Rows[0][0]; n != int64(30000) {
		t.Fatalf("count(*) = %v", n)
	}
	res := exec(t, s, "SELECT t, count(*), min(id) FROM big GROUP BY t HAVING count(*) > 0 ORDER BY t")
	want := [][]any{{"x0", int64(10000), int64(3)}, {"x1", int64(10000), int64(1)}, {"x2", int64(10000), int64(2)}}
	if len(res.Rows) != 3 {
		t.Fatalf("GROUP BY: %v", res.Rows)
	}
	for i := range want {
		for j := range want[i] {
			if res.Rows[i][j] != want[i][j] {
				t.Fatalf("GROUP BY row %d = %v, want %v", i, res.Rows[i], want[i])
			}
		}
	}
	// id <= 9000 is read through big_id_idx (under 30% of the rows).
	if n := exec(t, s, "SELECT sum(id) FROM big WHERE id <= 9000").Rows[0][0]; n != int64(9000*9001/2) {
		t.Fatalf("sum(id) over the B-tree = %v", n)
	}
	plan := exec(t, s, "EXPLAIN ANALYZE SELECT count(*) FROM big WHERE id <= 9000")
	if txt := fmt.Sprint(plan.Rows); !strings.Contains(txt, "Index Scan using big_id_idx on big  (rows=9000) (actual rows=9000)") {
		t.Fatalf("EXPLAIN ANALYZE does not show the B-tree scan of 9,000 rows:\n%s", txt)
	}
	// generate_series streams into aggregates and ORDER BY ... LIMIT too.
	res = exec(t, s, "SELECT count(*), sum(g) FROM generate_series(1, 100000) g WHERE g % 2 = 0")
	if fmt.Sprint(res.Rows) != "[[50000 2500050000]]" {
		t.Fatalf("aggregate over generate_series: %v", res.Rows)
	}
	res = exec(t, s, "SELECT g FROM generate_series(1, 100000) g ORDER BY g % 1000 DESC, g LIMIT 2 OFFSET 1")
	if fmt.Sprint(res.Rows) != "[[1999] [2999]]" {
		t.Fatalf("top-N over generate_series: %v", res.Rows)
	}
	// A LIMIT without ORDER BY stops the scan at its rows.
	res = exec(t, s, "SELECT id FROM big WHERE id % 1000 = 7 LIMIT 2 OFFSET 1")
	if fmt.Sprint(res.Rows) != "[[1007] [2007]]" {
		t.Fatalf("LIMIT over a scan: %v", res.Rows)
	}
	if n := len(exec(t, s, "SELECT g FROM generate_series(1, 1000000) g LIMIT 5").Rows); n != 5 {
		t.Fatalf("LIMIT 5 over generate_series: %d rows", n)
	}
	if n := len(exec(t, s, "SELECT id FROM big LIMIT 0").Rows); n != 0 {
		t.Fatalf("LIMIT 0: %d rows", n)
	}
	plan = exec(t, s, "EXPLAIN ANALYZE SELECT id FROM big LIMIT 3")
	if txt := fmt.Sprint(plan.Rows); !strings.Contains(txt, "Seq Scan on big  (rows=30000) (actual rows=3)") {
		t.Fatalf("EXPLAIN ANALYZE of a LIMIT 3 scan:\n%s", txt)
	}
	// Rows skipped by OFFSET are not held either: a scan's operators
	// pass rows on one at a time (planner/exec), through Execute as
	// through the streaming path.
	for _, q := range []string{"SELECT id FROM big WHERE id <= 9000 OFFSET 8999", "SELECT id FROM big OFFSET 29999",
		"SELECT g FROM generate_series(1, 20000) g OFFSET 19999"} {
		if got := ids(exec(t, s, q)); len(got) != 1 {
			t.Fatalf("%s under a 1MB limit: %v, want one row", q, got)
		}
	}
}

// TestWorkMemLimitUnderLimit: statements below the limit are unaffected,
// the account starts empty at each execution (a statement run many times
// does not accumulate), and a limit just above a query's need lets it run.
func TestWorkMemLimitUnderLimit(t *testing.T) {
	s := testSession(t)
	exec(t, s, "SET vecgres.work_mem_limit = '1MB'")
	for i := 0; i < 50; i++ { // 50 × 600 kB, each under 1 MB
		res := exec(t, s, "SELECT repeat('x', 100000) FROM generate_series(1, 6)")
		if len(res.Rows) != 6 {
			t.Fatalf("run %d: %d rows", i, len(res.Rows))
		}
	}
	p, err := s.Prepare("SELECT repeat('x', $1::int) FROM generate_series(1, 6)", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if _, err := s.Execute(t.Context(), p, []any{int64(100000)}); err != nil {
			t.Fatalf("prepared run %d: %v", i, err)
		}
	}
}

// TestWorkMemLimitInTransaction: a 53200 inside a transaction block aborts
// it like any error (25P02 until ROLLBACK); after ROLLBACK the session
// works, and the setting SET in the block is undone.
func TestWorkMemLimitInTransaction(t *testing.T) {
	s := testSession(t)
	exec(t, s, "BEGIN")
	exec(t, s, "SET LOCAL vecgres.work_mem_limit = '64kB'")
	if pe := execErr(t, s, "SELECT repeat('x', 100000)"); pe.Code != "53200" {
		t.Fatalf("got %s %s, want 53200", pe.Code, pe.Message)
	}
	if pe := execErr(t, s, "SELECT 1"); pe.Code != "25P02" {
		t.Fatalf("after the error in the block: %s, want 25P02", pe.Code)
	}
	exec(t, s, "ROLLBACK")
	if v := exec(t, s, "SHOW vecgres.work_mem_limit").Rows[0][0]; v != "1GB" {
		t.Fatalf("SHOW after ROLLBACK = %v, want 1GB", v)
	}
	exec(t, s, "SELECT repeat('x', 100000)")
}

// TestWorkMemLimitSetting: SET parses PostgreSQL's memory units and SHOW
// spells the value as PostgreSQL spells work_mem; bad values are 22023
// with PostgreSQL's messages; RESET returns to the server default, which
// memacct.SetServerDefaultKB (--work-mem-limit) chooses.
func TestWorkMemLimitSetting(t *testing.T) {
	s := testSession(t)
	show := func() any { return exec(t, s, "SHOW vecgres.work_mem_limit").Rows[0][0] }
	if v := show(); v != "1GB" {
		t.Fatalf("default = %v, want 1GB", v)
	}
	for in, want := range map[string]string{"'1.5GB'": "1536MB", "'65536B'": "64kB", "2048": "2MB", "'256 MB'": "256MB"} {
		exec(t, s, "SET vecgres.work_mem_limit = "+in)
		if v := show(); v != want {
			t.Errorf("SET %s: SHOW = %v, want %s", in, v, want)
		}
	}
	bad := map[string]string{
		"'10'":   `10 kB is outside the valid range for parameter "vecgres.work_mem_limit" (64 .. 2147483647)`,
		"'10mb'": `invalid value for parameter "vecgres.work_mem_limit": "10mb"`,
		"'2TB'":  `invalid value for parameter "vecgres.work_mem_limit": "2TB"`,
	}
	for in, msg := range bad {
		if pe := execErr(t, s, "SET vecgres.work_mem_limit = "+in); pe.Code != "22023" || pe.Message != msg {
			t.Errorf("SET %s: %s %q, want 22023 %q", in, pe.Code, pe.Message, msg)
		}
	}
	exec(t, s, "RESET vecgres.work_mem_limit")
	if v := show(); v != "1GB" {
		t.Fatalf("after RESET = %v, want 1GB", v)
	}
	defer memacct.SetServerDefaultKB(memacct.DefaultLimitKB)
	memacct.SetServerDefaultKB(512 << 10)
	s2 := testSession(t)
	if v := exec(t, s2, "SHOW vecgres.work_mem_limit").Rows[0][0]; v != "512MB" {
		t.Fatalf("server default 512MB: SHOW = %v", v)
	}
	if got := s2.settings.workMemLimit(); got != 512<<20 {
		t.Fatalf("workMemLimit = %d, want %d", got, 512<<20)
	}
}

// TestWorkMemLimitBoundsHeap: a statement whose result would be 256 MB
// (256 rows of 1 MB) under a 16MB limit fails with 53200 having allocated
// a small multiple of the limit, not the result's size: the bytes it
// allocated in all (runtime.MemStats.TotalAlloc, an upper bound of its
// peak heap) stay under 4 × 16 MB. Without the limit it allocates the
// whole 256 MB and answers.
func TestWorkMemLimitBoundsHeap(t *testing.T) {
	s := testSession(t)
	exec(t, s, "SET vecgres.work_mem_limit = '16MB'")
	const q = "SELECT repeat('x', 1000000) FROM generate_series(1, 256)"
	exec(t, s, "SELECT 1") // warm the session's first-statement paths
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	pe := execErr(t, s, q)
	runtime.ReadMemStats(&after)
	if pe.Code != "53200" {
		t.Fatalf("got %s %s, want 53200", pe.Code, pe.Message)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4*16<<20 {
		t.Fatalf("the refused statement allocated %d MB, more than 4 × its 16MB limit", grew>>20)
	} else {
		t.Logf("the refused statement allocated %.1f MB under a 16MB limit", float64(grew)/(1<<20))
	}
}

// TestWorkMemLimitStartup: PGOPTIONS (-c) sets the session's limit, which
// RESET returns to and current_setting reports.
func TestWorkMemLimitStartup(t *testing.T) {
	s := &Session{settings: newSettings(), startup: map[string]string{
		"user": "u", "options": "-c vecgres.work_mem_limit=2048kB",
	}}
	if _, err := s.ApplyStartup(); err != nil {
		t.Fatal(err)
	}
	s.settings.set(memacct.SettingName, "64MB")
	s.settings.reset(memacct.SettingName)
	if v, _ := s.settings.get(memacct.SettingName); v != "2MB" {
		t.Fatalf("after RESET = %q, want the startup value 2MB", v)
	}
	if got := s.settings.workMemLimit(); got != 2<<20 {
		t.Fatalf("workMemLimit = %d, want %d", got, 2<<20)
	}
	s2 := testSession(t)
	exec(t, s2, "SET vecgres.work_mem_limit = '3MB'")
	if v := exec(t, s2, "SELECT current_setting('vecgres.work_mem_limit')").Rows[0][0]; v != "3MB" {
		t.Fatalf("current_setting = %v, want 3MB", v)
	}
}

// TestTopNMatchesFullSort: ORDER BY ... LIMIT over a table keeps only
// LIMIT + OFFSET rows as it scans (select_top.go); its rows are exactly
// those of the full stable sort (no LIMIT) cut by OFFSET and LIMIT, ties
// in scan order, for ascending, descending, NULLS FIRST and several keys,
// through a sequential and a B-tree scan; and it holds no more than its
// rows under a 256kB limit where the table's 30,000 rows would not fit.
func TestTopNMatchesFullSort(t *testing.T) {
	skipUnderRace(t)
	s := testSession(t)
	exec(t, s, "CREATE TABLE tn (id int PRIMARY KEY, a int, b text)")
	exec(t, s, "INSERT INTO tn SELECT g, CASE WHEN g % 11 = 0 THEN NULL ELSE (g * 7919) % 13 END, 'b' || (g % 5) FROM generate_series(1, 30000) g")
	exec(t, s, "CREATE INDEX ON tn (id)")
	orders := []string{"a", "a DESC", "a NULLS FIRST", "a DESC NULLS LAST", "b, a DESC", "b DESC, a", "a + 0"}
	wheres := []string{"", "WHERE id % 3 = 1", "WHERE id <= 2000"}
	windows := []struct{ limit, offset int }{{0, 0}, {1, 0}, {7, 0}, {5, 3}, {50, 2300}, {40000, 0}, {10, 29995}}
	for _, o := range orders {
		for _, w := range wheres {
			full := exec(t, s, fmt.Sprintf("SELECT id FROM tn %s ORDER BY %s", w, o)).Rows
			for _, win := range windows {
				q := fmt.Sprintf("SELECT id FROM tn %s ORDER BY %s LIMIT %d OFFSET %d", w, o, win.limit, win.offset)
				got := exec(t, s, q).Rows
				want := window(full, int64(win.limit), int64(win.offset))
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s: %v, want %v", q, got, want)
				}
			}
		}
	}
	exec(t, s, "SET vecgres.work_mem_limit = '256kB'")
	res := exec(t, s, "SELECT id FROM tn ORDER BY b DESC, id DESC LIMIT 3")
	if fmt.Sprint(res.Rows) != "[[29999] [29994] [29989]]" {
		t.Fatalf("top 3 under 256kB: %v", res.Rows)
	}
	if pe := execErr(t, s, "SELECT id FROM tn ORDER BY b DESC, id DESC"); pe.Code != "53200" {
		t.Fatalf("the full sort under 256kB: %s %s, want 53200", pe.Code, pe.Message)
	}
}

// window applies OFFSET and LIMIT (-1 = none) to rows.
func window[R any](rows []R, limit, offset int64) []R {
	if offset >= int64(len(rows)) {
		return nil
	}
	rows = rows[offset:]
	if limit >= 0 && limit < int64(len(rows)) {
		rows = rows[:limit]
	}
	return rows
}

// TestAggregateStateCharged: the state an aggregate builds counts against
// vecgres.work_mem_limit as it grows, not only the input values it
// collects: string_agg's delimiters, jsonb_object_agg's and
// json_object_agg's values, the text a DISTINCT or ordered string_agg
// folds from its held inputs, and each group's accumulators. Each query
// holds under 1 MB of inputs but over 1 MB of state, so under a 1MB limit
// it fails with 53200, the session answers the next query, and under the
// default limit it answers exactly.
func TestAggregateStateCharged(t *testing.T) {
	s := testSession(t)
	cases := []struct {
		site, q string
		want    int64
	}{
		// 20 inputs of one byte, 19 delimiters of 100 kB.
		{"string_agg delimiters", "SELECT length(string_agg('x', repeat('y', 100000)))::int8 FROM generate_series(1, 20)", 20 + 19*100000},
		// 20 keys of a few bytes, 20 values of 100 kB: `{"1": "y...", ...}`
		// and `{ "1" : "y...", ... }` (the keys' digits are 31 bytes).
		{"jsonb_object_agg values", "SELECT length(jsonb_object_agg(g, repeat('y', 100000))::text)::int8 FROM generate_series(1, 20) g", 20*(2+2+100002) + 31 + 19*2 + 2},
		{"json_object_agg values", "SELECT length(json_object_agg(g, repeat('y', 100000))::text)::int8 FROM generate_series(1, 20) g", 20*(2+3+100002) + 31 + 19*2 + 4},
		// 600 distinct inputs of 1 kB held (626 kB), then folded into
		// 600 kB of text.
		{"string_agg DISTINCT", "SELECT length(string_agg(DISTINCT repeat('x', 1000) || g, ','))::int8 FROM generate_series(1, 600) g", 600*1000 + 9 + 90*2 + 501*3 + 599},
		// The same inputs held for ORDER BY, then folded.
		{"string_agg ORDER BY", "SELECT length(string_agg(repeat('x', 1000) || g, ',' ORDER BY g DESC))::int8 FROM generate_series(1, 600) g", 600*1000 + 9 + 90*2 + 501*3 + 599},
		// 1,000 groups of three aggregates each (their keys take 130 kB).
		{"group accumulators", "SELECT count(*) FROM (SELECT g, count(*), sum(g), max(g) FROM generate_series(1, 1000) g GROUP BY g) s", 1000},
	}
	for _, c := range cases {
		exec(t, s, "SET vecgres.work_mem_limit = '1MB'")
		pe := execErr(t, s, c.q)
		if pe.Code != "53200" || pe.Message != "out of memory" || !strings.HasSuffix(pe.Detail, oomDetailSuffix) {
			t.Errorf("%s: %s: got %s %q DETAIL %q, want 53200 out of memory", c.site, c.q, pe.Code, pe.Message, pe.Detail)
		}
		if got := ids(exec(t, s, "SELECT 1::int8")); len(got) != 1 || got[0] != 1 {
			t.Fatalf("%s: SELECT 1 after the error: %v", c.site, got)
		}
		exec(t, s, "RESET vecgres.work_mem_limit")
		if got := exec(t, s, c.q).Rows; len(got) != 1 || got[0][0] != c.want {
			t.Errorf("%s: under the default limit got %v, want %d", c.site, got, c.want)
		}
	}
}
