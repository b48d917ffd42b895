package planner

import (
	"context"
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
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

// sameBothWays fails t unless q answers want (answerOf: the tag and rows,
// or the error) through Execute, and the same rows, columns and tag, or
// the same error, through ExecuteTo (planner/exec streaming into a
// writer). Each want is what the materialised path before planner/exec
// answered, and exec agreed with it.
func sameBothWays(t *testing.T, s *Session, q, want string) {
	t.Helper()
	mat, str, w, matErr, strErr := runBoth(t, s, q)
	if got := answerOf(mat, matErr); got != want {
		t.Errorf("%s: Execute answered %s, want %s", q, got, want)
	}
	if matErr != nil || strErr != nil {
		if matErr == nil || strErr == nil || matErr.Error() != strErr.Error() ||
			pgerror.CodeOf(matErr) != pgerror.CodeOf(strErr) {
			t.Errorf("%s: Execute error %v, ExecuteTo error %v", q, matErr, strErr)
		}
		return
	}
	if str.Tag != mat.Tag || fmt.Sprint(w.cols) != fmt.Sprint(mat.Columns) || fmt.Sprint(w.rows) != fmt.Sprint(mat.Rows) {
		t.Errorf("%s:\nExecuteTo %v %v %q\nExecute   %v %v %q", q, w.cols, w.rows, str.Tag, mat.Columns, mat.Rows, mat.Tag)
	}
}

// answerOf is a result as the tests pin it: "TAG [rows]" (fmt.Sprint of
// the rows), or "ERROR SQLSTATE: message".
func answerOf(res *backend.Result, err error) string {
	if err != nil {
		return "ERROR " + string(pgerror.CodeOf(err)) + ": " + err.Error()
	}
	return res.Tag + " " + fmt.Sprint(res.Rows)
}

// TestExecSetOpsAnswer: the set operations through
// planner/exec keep the rows, copies and order the materialised combine
// had (pinned), with the values = calls equal but prints differently (numeric
// scale, -0, char padding, jsonb numbers) and NULLs, under ORDER BY,
// LIMIT and OFFSET, nested, and with errors in either side.
func TestExecSetOpsAnswer(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE so (id int, n numeric, f float8, c char(3), j jsonb)")
	exec(t, s, `INSERT INTO so VALUES (1, 1.0, 0, 'a', '1.0'), (2, 1.00, -0, 'a  ', '1'), (3, NULL, NULL, NULL, NULL),
		(4, 2.5, 1.5, 'b', '{"a": 1}'), (5, 2.50, 1.5, 'b ', '{"a": 1.0}'), (6, NULL, 2, 'c', 'null')`)
	for _, c := range []struct{ q, want string }{
		{"SELECT n FROM so UNION SELECT 2.500", "SELECT 3 [[1.0] [<nil>] [2.5]]"},
		{"SELECT n FROM so UNION ALL SELECT n FROM so ORDER BY 1 DESC LIMIT 4 OFFSET 1", "SELECT 4 [[<nil>] [<nil>] [<nil>] [2.5]]"},
		{"SELECT f FROM so UNION SELECT f FROM so", "SELECT 4 [[0] [<nil>] [1.5] [2]]"},
		{"SELECT c FROM so INTERSECT SELECT c FROM so WHERE id > 1", "SELECT 4 [[a  ] [<nil>] [b  ] [c  ]]"},
		{"SELECT c FROM so INTERSECT ALL SELECT c FROM so WHERE id > 1", "SELECT 5 [[a  ] [<nil>] [b  ] [b  ] [c  ]]"},
		{"SELECT j FROM so EXCEPT SELECT j FROM so WHERE id = 5", "SELECT 3 [[1.0] [<nil>] [null]]"},
		{"SELECT n FROM so EXCEPT ALL SELECT n FROM so WHERE id IN (2, 3)", "SELECT 4 [[1.0] [<nil>] [2.5] [2.50]]"},
		{"SELECT n, f FROM so EXCEPT ALL SELECT 1, 0 ORDER BY 2, 1 NULLS FIRST", "SELECT 5 [[1.0 0] [2.5 1.5] [2.50 1.5] [<nil> 2] [<nil> <nil>]]"},
		{"(SELECT id FROM so UNION SELECT id + 1 FROM so) INTERSECT SELECT g FROM generate_series(5, 9) g", "SELECT 3 [[5] [6] [7]]"},
		{"SELECT id FROM so UNION (SELECT 1 / (id - 3) FROM so)", "ERROR 22012: division by zero"},
		{"SELECT 1 / (id - 3) FROM so INTERSECT SELECT 1", "ERROR 22012: division by zero"},
		{"SELECT id FROM so UNION SELECT id FROM so LIMIT 2", "SELECT 2 [[1] [2]]"},
		{"SELECT id FROM so UNION ALL SELECT id FROM so ORDER BY 1 LIMIT 3", "SELECT 3 [[1] [1] [2]]"},
	} {
		sameBothWays(t, s, c.q, c.want)
	}
}

// TestExecSelectsAnswer: the SELECT shapes planner/exec runs
// besides plain scans — no FROM, derived tables (the inner query run to
// its end, as before: under LIMIT 5 its division by zero at row 40 is
// still an error), k-NN scans through the HNSW index (with a NULL query vector
// too), ORDER BY with and without LIMIT over each — answer as the
// materialised path did (pinned), errors included.
func TestExecSelectsAnswer(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE se (id int PRIMARY KEY, k int, v vector(2))")
	exec(t, s, "INSERT INTO se SELECT g, g % 3, ('[' || g % 7 || ',' || g % 5 || ']')::vector FROM generate_series(1, 80) g")
	exec(t, s, "CREATE INDEX se_v ON se USING hnsw (v vector_l2_ops)")
	for _, c := range []struct{ q, want string }{
		{"SELECT 1 AS a, 'x' AS b WHERE 1 > 0", "SELECT 1 [[1 x]]"},
		{"SELECT 1 WHERE false", "SELECT 0 []"},
		{"SELECT 1 / 0", "ERROR 22012: division by zero"},
		{"SELECT 2 ORDER BY 1 LIMIT 1 OFFSET 0", "SELECT 1 [[2]]"},
		{"SELECT 2 LIMIT 1 OFFSET 1", "SELECT 0 []"},
		{"SELECT d.id, d.k FROM (SELECT id, k FROM se WHERE id < 20) d WHERE d.k = 1 ORDER BY d.id DESC", "SELECT 7 [[19 1] [16 1] [13 1] [10 1] [7 1] [4 1] [1 1]]"},
		{"SELECT d.id FROM (SELECT id FROM se ORDER BY id DESC LIMIT 10) d ORDER BY d.id LIMIT 3 OFFSET 2", "SELECT 3 [[73] [74] [75]]"},
		{"SELECT d.x FROM (SELECT 10 / (id - 40) AS x FROM se) d LIMIT 5", "ERROR 22012: division by zero"},
		{"SELECT d.x FROM (SELECT 10 / (id - 40) AS x FROM se) d", "ERROR 22012: division by zero"},
		{"SELECT id, v <-> '[3,3]' FROM se ORDER BY v <-> '[3,3]', id LIMIT 5", "SELECT 5 [[3 0] [38 0] [73 0] [17 1] [18 1]]"},
		{"SELECT id FROM se ORDER BY v <-> '[1,2]' LIMIT 4 OFFSET 3", "SELECT 4 [[2] [7] [8] [36]]"},
		{"SELECT id FROM se WHERE k = 2 ORDER BY v <-> '[6,4]' LIMIT 6", "SELECT 6 [[68] [62] [74] [47] [53] [32]]"},
		{"SELECT id FROM se ORDER BY v <-> NULL LIMIT 3", "SELECT 3 [[1] [2] [3]]"},
		{"SELECT id FROM se ORDER BY v <-> '[0,0]' LIMIT 0", "SELECT 0 []"},
		{"SELECT id FROM se ORDER BY v <-> '[0,0]' DESC LIMIT 3", "SELECT 3 [[34] [69] [13]]"},
		{"SELECT id FROM se ORDER BY k DESC, id OFFSET 75", "SELECT 5 [[66] [69] [72] [75] [78]]"},
		{"SELECT id FROM se ORDER BY 1 / (id - 50) LIMIT 2", "ERROR 22012: division by zero"},
	} {
		sameBothWays(t, s, c.q, c.want)
	}
}

// TestExecAggregatesAnswer: aggregate queries through
// planner/exec — plain and grouped, HAVING, ORDER BY over aggregates
// with and without LIMIT, columns read through a grouped primary key,
// DISTINCT aggregates, no FROM, no rows, errors in the final values and
// in HAVING — answer as the materialised path did (pinned).
func TestExecAggregatesAnswer(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ag (id int PRIMARY KEY, k int, n numeric, t text, v vector(2))")
	exec(t, s, "CREATE TABLE ag0 (id int)")
	exec(t, s, `INSERT INTO ag SELECT g, g % 4, g * 1.5, CASE WHEN g % 3 = 0 THEN NULL ELSE 't' || (g % 5) END,
		('[' || g || ',' || (g % 3) || ']')::vector FROM generate_series(1, 40) g`)
	exec(t, s, "INSERT INTO ag VALUES (41, NULL, 9223372036854775807, 'x', '[1,1]'), (42, NULL, 9223372036854775807, 'x', '[1,1]')")
	for _, c := range []struct{ q, want string }{
		{"SELECT count(*), sum(n), min(t), max(t), avg(id) FROM ag", "SELECT 1 [[42 18446744073709552844.0 t0 x 21.5000000000000000]]"},
		{"SELECT count(*), sum(id) FROM ag0", "SELECT 1 [[0 <nil>]]"},
		{"SELECT k, count(*) FROM ag0 GROUP BY k", "ERROR 42703: column \"k\" does not exist"},
		{"SELECT k, count(*), sum(n) FROM ag GROUP BY k", "SELECT 5 [[1 10 285.0] [2 10 300.0] [3 10 315.0] [0 10 330.0] [<nil> 2 18446744073709551614]]"},
		{"SELECT k, count(DISTINCT t), string_agg(t, ',') FROM ag GROUP BY k ORDER BY k NULLS FIRST", "SELECT 5 [[<nil> 1 x,x] [0 5 t4,t3,t1,t0,t3,t2,t0] [1 5 t1,t0,t3,t2,t0,t4,t2] [2 5 t2,t0,t4,t2,t1,t4,t3] [3 5 t2,t1,t4,t3,t1,t0]]"},
		{"SELECT t, count(*) FROM ag GROUP BY t HAVING count(*) > 5 ORDER BY count(*) DESC, t", "SELECT 3 [[<nil> 13] [t0 6] [t2 6]]"},
		{"SELECT k, sum(id) FROM ag GROUP BY k ORDER BY sum(id) DESC LIMIT 2 OFFSET 1", "SELECT 2 [[3 210] [2 200]]"},
		{"SELECT id, t, count(*) FROM ag GROUP BY id ORDER BY id DESC LIMIT 3", "SELECT 3 [[42 x 1] [41 x 1] [40 t0 1]]"},
		{"SELECT k % 2, avg(v), sum(v) FROM ag WHERE id < 30 GROUP BY k % 2", "SELECT 2 [[1 [15 1] [225 15]] [0 [15 1.0714285] [210 15]]]"},
		{"SELECT count(*)", "SELECT 1 [[1]]"},
		{"SELECT count(*) WHERE false", "SELECT 1 [[0]]"},
		{"SELECT count(*) FROM ag HAVING count(*) > 100", "SELECT 0 []"},
		{"SELECT sum(id::int8 * 9223372036854775807) FROM ag", "ERROR 22003: bigint out of range"},
		{"SELECT k, count(*) FROM ag GROUP BY k HAVING 1 / (count(*) - 10) > 0", "ERROR 22012: division by zero"},
		{"SELECT d.k, count(*) FROM (SELECT k FROM ag WHERE id > 20) d GROUP BY d.k ORDER BY 1", "SELECT 5 [[0 5] [1 5] [2 5] [3 5] [<nil> 2]]"},
		{"SELECT g % 3, count(*) FROM generate_series(1, 100) g GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 2", "SELECT 2 [[1 34] [0 33]]"},
		{"SELECT count(*) FROM ag LIMIT 0", "SELECT 0 []"},
	} {
		sameBothWays(t, s, c.q, c.want)
	}
}

// TestExecDistinctAnswers: SELECT DISTINCT and DISTINCT ON
// through planner/exec, with ORDER BY, LIMIT and OFFSET, over aggregates,
// k-NN queries and values = calls equal, and with an error in a row past
// the LIMIT (every row is projected first, as before), answer as the
// materialised path did (pinned).
func TestExecDistinctAnswers(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE di (id int PRIMARY KEY, k int, n numeric, v vector(2))")
	exec(t, s, "INSERT INTO di SELECT g, g % 4, (g % 3) * 1.0, ('[' || g % 6 || ',1]')::vector FROM generate_series(1, 30) g")
	exec(t, s, "UPDATE di SET n = 1.00 WHERE id = 4")
	exec(t, s, "CREATE INDEX di_v ON di USING hnsw (v vector_l2_ops)")
	for _, c := range []struct{ q, want string }{
		{"SELECT DISTINCT k FROM di", "SELECT 4 [[1] [2] [3] [0]]"},
		{"SELECT DISTINCT n FROM di ORDER BY n DESC", "SELECT 3 [[2.0] [1.0] [0.0]]"},
		{"SELECT DISTINCT k, n FROM di ORDER BY k, n LIMIT 4 OFFSET 2", "SELECT 4 [[0 2.0] [1 0.0] [1 1.0] [1 2.0]]"},
		{"SELECT DISTINCT ON (k) k, id FROM di ORDER BY k, id DESC", "SELECT 4 [[0 28] [1 29] [2 30] [3 27]]"},
		{"SELECT DISTINCT ON (n) id FROM di ORDER BY n, id LIMIT 2", "SELECT 2 [[3] [1]]"},
		{"SELECT DISTINCT ON (k % 2) k FROM di", "SELECT 2 [[1] [2]]"},
		{"SELECT DISTINCT count(*) FROM di GROUP BY k", "SELECT 2 [[8] [7]]"},
		{"SELECT DISTINCT k FROM di ORDER BY k LIMIT 2 OFFSET 1", "SELECT 2 [[1] [2]]"},
		{"SELECT DISTINCT 10 / (id - 25) FROM di LIMIT 1", "ERROR 22012: division by zero"},
		{"SELECT DISTINCT k FROM di ORDER BY k LIMIT 0", "SELECT 0 []"},
		{"SELECT DISTINCT id % 3 FROM di ORDER BY id % 3 DESC", "SELECT 3 [[2] [1] [0]]"},
		{"SELECT DISTINCT 1", "SELECT 1 [[1]]"},
	} {
		sameBothWays(t, s, c.q, c.want)
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
