package planner

import (
	"fmt"
	"testing"
)

// TestSumRealIsReal: sum(real) is real and adds in single precision, as
// PostgreSQL's float4pl (22003 `value out of range: overflow` when finite
// values overflow); avg(real) stays double precision. The expected texts
// are PostgreSQL 15's. sum(real) was double precision, so ten 0.1::real
// summed to 1.0000000149011612 instead of 1.0000001.
func TestSumRealIsReal(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE r4 (id int PRIMARY KEY, x real)")
	exec(t, s, "INSERT INTO r4 SELECT g, 0.1 FROM generate_series(1, 10) g")
	res := exec(t, s, "SELECT sum(x)::text, pg_typeof(sum(x))::text, avg(x)::text, sum(DISTINCT x)::text FROM r4")
	if got, want := fmt.Sprint(res.Rows[0]), "[1.0000001 real 0.10000000149011612 0.1]"; got != want {
		t.Errorf("sum and avg of ten 0.1::real: got %s, want %s", got, want)
	}
	res = exec(t, s, "SELECT sum(x)::text, pg_typeof(sum(x))::text FROM r4 WHERE id < 0")
	if got, want := fmt.Sprint(res.Rows[0]), "[<nil> real]"; got != want {
		t.Errorf("sum over no rows: got %s, want %s", got, want)
	}
	exec(t, s, "CREATE TABLE big4 (id int PRIMARY KEY, x real)")
	exec(t, s, "INSERT INTO big4 VALUES (1, 3e38), (2, 3e38)")
	if e := execErr(t, s, "SELECT sum(x) FROM big4"); e.Code != "22003" || e.Message != "value out of range: overflow" {
		t.Errorf("sum overflowing real: %s %q, want 22003 \"value out of range: overflow\"", e.Code, e.Message)
	}
	exec(t, s, "UPDATE big4 SET x = 'Infinity' WHERE id = 1")
	if got := fmt.Sprint(exec(t, s, "SELECT sum(x)::text FROM big4").Rows[0]); got != "[Infinity]" {
		t.Errorf("sum with an infinite input: got %s, want [Infinity]", got)
	}
}
