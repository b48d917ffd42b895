package planner

import (
	"context"
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestLimitZeroReadsNothing: under LIMIT 0 nothing below the Limit runs,
// as PostgreSQL 15's Limit returns before pulling a row (checked against
// PostgreSQL 15: `SELECT g FROM generate_series(0, 3) g ORDER BY 1 / g
// LIMIT 0` is 0 rows, no division by zero), streamed or materialised,
// for every shape: ORDER BY, DISTINCT, aggregates, derived tables, set
// operations, no FROM. Before planner/exec, both paths evaluated every
// row's ORDER BY key, and the materialised path ran the others.
func TestLimitZeroReadsNothing(t *testing.T) {
	s := testSession(t)
	for _, q := range []string{
		"SELECT g FROM generate_series(0, 3) g ORDER BY 1 / g LIMIT 0",
		"SELECT g FROM generate_series(0, 3) g ORDER BY 1 / g LIMIT 0 OFFSET 1",
		"SELECT 1 / g FROM generate_series(0, 3) g LIMIT 0",
		"SELECT DISTINCT 1 / g FROM generate_series(0, 3) g LIMIT 0",
		"SELECT sum(1 / g) FROM generate_series(0, 3) g LIMIT 0",
		"SELECT d.x FROM (SELECT 1 / g AS x FROM generate_series(0, 3) g) d LIMIT 0",
		"SELECT 1 / g FROM generate_series(0, 3) g UNION SELECT 1 LIMIT 0",
		"SELECT 1 / g FROM generate_series(0, 3) g UNION ALL SELECT 1 LIMIT 0 OFFSET 2",
		"SELECT 1 WHERE 1 / 0 = 1 LIMIT 0",
	} {
		mat, str, w, matErr, strErr := runBoth(t, s, q)
		if matErr != nil || strErr != nil {
			t.Fatalf("%s: Execute %v, ExecuteTo %v; want 0 rows", q, matErr, strErr)
		}
		if len(mat.Rows) != 0 || mat.Tag != "SELECT 0" || w.n != 0 || str.Tag != "SELECT 0" {
			t.Fatalf("%s: Execute %v %q, ExecuteTo %d rows %q; want SELECT 0", q, mat.Rows, mat.Tag, w.n, str.Tag)
		}
	}
}

// sameBothWays fails t unless q answers the same rows, columns and tag,
// or the same error, through ExecuteTo (planner/exec) as through Execute
// (the materialised path).
func sameBothWays(t *testing.T, s *Session, q string) {
	t.Helper()
	mat, str, w, matErr, strErr := runBoth(t, s, q)
	if matErr != nil || strErr != nil {
		if matErr == nil || strErr == nil || matErr.Error() != strErr.Error() ||
			pgerror.CodeOf(matErr) != pgerror.CodeOf(strErr) {
			t.Errorf("%s: Execute error %v, ExecuteTo error %v", q, matErr, strErr)
		}
		return
	}
	if str.Tag != mat.Tag || fmt.Sprint(w.cols) != fmt.Sprint(mat.Columns) || fmt.Sprint(w.rows) != fmt.Sprint(mat.Rows) {
		t.Errorf("%s:\nexec         %v %v %q\nmaterialised %v %v %q", q, w.cols, w.rows, str.Tag, mat.Columns, mat.Rows, mat.Tag)
	}
}

// TestExecSetOpsMatchMaterialised: the set operations through
// planner/exec keep the rows, copies and order of setop_run.go's
// combine, with the values = calls equal but prints differently (numeric
// scale, -0, char padding, jsonb numbers) and NULLs, under ORDER BY,
// LIMIT and OFFSET, nested, and with errors in either side.
func TestExecSetOpsMatchMaterialised(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE so (id int, n numeric, f float8, c char(3), j jsonb)")
	exec(t, s, `INSERT INTO so VALUES (1, 1.0, 0, 'a', '1.0'), (2, 1.00, -0, 'a  ', '1'), (3, NULL, NULL, NULL, NULL),
		(4, 2.5, 1.5, 'b', '{"a": 1}'), (5, 2.50, 1.5, 'b ', '{"a": 1.0}'), (6, NULL, 2, 'c', 'null')`)
	for _, q := range []string{
		"SELECT n FROM so UNION SELECT 2.500",
		"SELECT n FROM so UNION ALL SELECT n FROM so ORDER BY 1 DESC LIMIT 4 OFFSET 1",
		"SELECT f FROM so UNION SELECT f FROM so",
		"SELECT c FROM so INTERSECT SELECT c FROM so WHERE id > 1",
		"SELECT c FROM so INTERSECT ALL SELECT c FROM so WHERE id > 1",
		"SELECT j FROM so EXCEPT SELECT j FROM so WHERE id = 5",
		"SELECT n FROM so EXCEPT ALL SELECT n FROM so WHERE id IN (2, 3)",
		"SELECT n, f FROM so EXCEPT ALL SELECT 1, 0 ORDER BY 2, 1 NULLS FIRST",
		"(SELECT id FROM so UNION SELECT id + 1 FROM so) INTERSECT SELECT g FROM generate_series(5, 9) g",
		"SELECT id FROM so UNION (SELECT 1 / (id - 3) FROM so)",
		"SELECT 1 / (id - 3) FROM so INTERSECT SELECT 1",
		"SELECT id FROM so UNION SELECT id FROM so LIMIT 2",
		"SELECT id FROM so UNION ALL SELECT id FROM so ORDER BY 1 LIMIT 3",
	} {
		sameBothWays(t, s, q)
	}
}

// TestExecSelectsMatchMaterialised: the SELECT shapes planner/exec runs
// besides plain scans — no FROM, derived tables (the inner query run to
// its end, as before: under LIMIT 5 its division by zero at row 40 is
// still an error), k-NN scans through the HNSW index (with a NULL query vector
// too), ORDER BY with and without LIMIT over each — answer as the
// materialised path does, errors included.
func TestExecSelectsMatchMaterialised(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE se (id int PRIMARY KEY, k int, v vector(2))")
	exec(t, s, "INSERT INTO se SELECT g, g % 3, ('[' || g % 7 || ',' || g % 5 || ']')::vector FROM generate_series(1, 80) g")
	exec(t, s, "CREATE INDEX se_v ON se USING hnsw (v vector_l2_ops)")
	for _, q := range []string{
		"SELECT 1 AS a, 'x' AS b WHERE 1 > 0",
		"SELECT 1 WHERE false",
		"SELECT 1 / 0",
		"SELECT 2 ORDER BY 1 LIMIT 1 OFFSET 0",
		"SELECT 2 LIMIT 1 OFFSET 1",
		"SELECT d.id, d.k FROM (SELECT id, k FROM se WHERE id < 20) d WHERE d.k = 1 ORDER BY d.id DESC",
		"SELECT d.id FROM (SELECT id FROM se ORDER BY id DESC LIMIT 10) d ORDER BY d.id LIMIT 3 OFFSET 2",
		"SELECT d.x FROM (SELECT 10 / (id - 40) AS x FROM se) d LIMIT 5",
		"SELECT d.x FROM (SELECT 10 / (id - 40) AS x FROM se) d",
		"SELECT id, v <-> '[3,3]' FROM se ORDER BY v <-> '[3,3]', id LIMIT 5",
		"SELECT id FROM se ORDER BY v <-> '[1,2]' LIMIT 4 OFFSET 3",
		"SELECT id FROM se WHERE k = 2 ORDER BY v <-> '[6,4]' LIMIT 6",
		"SELECT id FROM se ORDER BY v <-> NULL LIMIT 3",
		"SELECT id FROM se ORDER BY v <-> '[0,0]' LIMIT 0",
		"SELECT id FROM se ORDER BY v <-> '[0,0]' DESC LIMIT 3",
		"SELECT id FROM se ORDER BY k DESC, id OFFSET 75",
		"SELECT id FROM se ORDER BY 1 / (id - 50) LIMIT 2",
	} {
		sameBothWays(t, s, q)
	}
}

// TestExecAggregatesMatchMaterialised: aggregate queries through
// planner/exec — plain and grouped, HAVING, ORDER BY over aggregates
// with and without LIMIT, columns read through a grouped primary key,
// DISTINCT aggregates, no FROM, no rows, errors in the final values and
// in HAVING — answer as the materialised path does.
func TestExecAggregatesMatchMaterialised(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ag (id int PRIMARY KEY, k int, n numeric, t text, v vector(2))")
	exec(t, s, "CREATE TABLE ag0 (id int)")
	exec(t, s, `INSERT INTO ag SELECT g, g % 4, g * 1.5, CASE WHEN g % 3 = 0 THEN NULL ELSE 't' || (g % 5) END,
		('[' || g || ',' || (g % 3) || ']')::vector FROM generate_series(1, 40) g`)
	exec(t, s, "INSERT INTO ag VALUES (41, NULL, 9223372036854775807, 'x', '[1,1]'), (42, NULL, 9223372036854775807, 'x', '[1,1]')")
	for _, q := range []string{
		"SELECT count(*), sum(n), min(t), max(t), avg(id) FROM ag",
		"SELECT count(*), sum(id) FROM ag0",
		"SELECT k, count(*) FROM ag0 GROUP BY k",
		"SELECT k, count(*), sum(n) FROM ag GROUP BY k",
		"SELECT k, count(DISTINCT t), string_agg(t, ',') FROM ag GROUP BY k ORDER BY k NULLS FIRST",
		"SELECT t, count(*) FROM ag GROUP BY t HAVING count(*) > 5 ORDER BY count(*) DESC, t",
		"SELECT k, sum(id) FROM ag GROUP BY k ORDER BY sum(id) DESC LIMIT 2 OFFSET 1",
		"SELECT id, t, count(*) FROM ag GROUP BY id ORDER BY id DESC LIMIT 3",
		"SELECT k % 2, avg(v), sum(v) FROM ag WHERE id < 30 GROUP BY k % 2",
		"SELECT count(*)",
		"SELECT count(*) WHERE false",
		"SELECT count(*) FROM ag HAVING count(*) > 100",
		"SELECT sum(id::int8 * 9223372036854775807) FROM ag",
		"SELECT k, count(*) FROM ag GROUP BY k HAVING 1 / (count(*) - 10) > 0",
		"SELECT d.k, count(*) FROM (SELECT k FROM ag WHERE id > 20) d GROUP BY d.k ORDER BY 1",
		"SELECT g % 3, count(*) FROM generate_series(1, 100) g GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 2",
		"SELECT count(*) FROM ag LIMIT 0",
	} {
		sameBothWays(t, s, q)
	}
}

// TestExecDistinctMatchesMaterialised: SELECT DISTINCT and DISTINCT ON
// through planner/exec, with ORDER BY, LIMIT and OFFSET, over aggregates,
// k-NN queries and values = calls equal, and with an error in a row past
// the LIMIT (every row is projected first, as before), answer as the
// materialised path does.
func TestExecDistinctMatchesMaterialised(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE di (id int PRIMARY KEY, k int, n numeric, v vector(2))")
	exec(t, s, "INSERT INTO di SELECT g, g % 4, (g % 3) * 1.0, ('[' || g % 6 || ',1]')::vector FROM generate_series(1, 30) g")
	exec(t, s, "UPDATE di SET n = 1.00 WHERE id = 4")
	exec(t, s, "CREATE INDEX di_v ON di USING hnsw (v vector_l2_ops)")
	for _, q := range []string{
		"SELECT DISTINCT k FROM di",
		"SELECT DISTINCT n FROM di ORDER BY n DESC",
		"SELECT DISTINCT k, n FROM di ORDER BY k, n LIMIT 4 OFFSET 2",
		"SELECT DISTINCT ON (k) k, id FROM di ORDER BY k, id DESC",
		"SELECT DISTINCT ON (n) id FROM di ORDER BY n, id LIMIT 2",
		"SELECT DISTINCT ON (k % 2) k FROM di",
		"SELECT DISTINCT count(*) FROM di GROUP BY k",
		"SELECT DISTINCT k FROM di ORDER BY k LIMIT 2 OFFSET 1",
		"SELECT DISTINCT 10 / (id - 25) FROM di LIMIT 1",
		"SELECT DISTINCT k FROM di ORDER BY k LIMIT 0",
		"SELECT DISTINCT id % 3 FROM di ORDER BY id % 3 DESC",
		"SELECT DISTINCT 1",
	} {
		sameBothWays(t, s, q)
	}
}

// TestExecHoldsOnlyWhatSemanticsNeed: under vecgres.work_mem_limit =
// '1MB', ExecuteTo of DISTINCT and UNION over a 30,000-row table holds
// the distinct rows only (Distinct's keys, the Aggregate's groups), the
// rows streaming from the scan and the sides; the materialised path
// before planner/exec held every projected row or side row and failed
// with 53200.
func TestExecHoldsOnlyWhatSemanticsNeed(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE hb (id int PRIMARY KEY, t text)")
	exec(t, s, "INSERT INTO hb SELECT g, 'x' || (g % 2) FROM generate_series(1, 30000) g")
	exec(t, s, "SET vecgres.work_mem_limit = '1MB'")
	for _, c := range []struct {
		q    string
		want string
	}{
		{"SELECT DISTINCT t FROM hb", "[[x1] [x0]]"},
		{"SELECT DISTINCT ON (t) t, id FROM hb", "[[x1 1] [x0 2]]"},
		{"SELECT t FROM hb UNION SELECT 'y'", "[[x1] [x0] [y]]"},
		{"SELECT t FROM hb UNION SELECT t FROM hb ORDER BY 1 DESC", "[[x1] [x0]]"},
	} {
		ps, err := s.Split(c.q)
		if err != nil {
			t.Fatal(err)
		}
		w := &collectWriter{}
		_, err = s.ExecuteTo(context.Background(), ps[0], nil, w)
		if err != nil || fmt.Sprint(w.rows) != c.want {
			t.Errorf("%s: ExecuteTo %v, %v; want %s", c.q, w.rows, err, c.want)
		}
		if err := s.Sync(); err != nil {
			t.Fatal(err)
		}
	}
}
