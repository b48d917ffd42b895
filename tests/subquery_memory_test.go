package tests

import (
	"testing"
	"time"
)

// TestCorrelatedSubqueryMemory checks that a correlated subquery's rows
// count against vecgres.work_mem_limit only while one run's value is
// computed: 400 runs of about 40 KB each pass under a 1MB limit, and
// the answer is exact.
func TestCorrelatedSubqueryMemory(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, "CREATE TABLE mo (id int)")
	mustExec(t, conn, "CREATE TABLE mi (id int, pad text)")
	mustExec(t, conn, "INSERT INTO mo SELECT g FROM generate_series(1, 400) g")
	mustExec(t, conn, "INSERT INTO mi SELECT g, repeat('x', 20) FROM generate_series(1, 1000) g")
	mustExec(t, conn, "SET vecgres.work_mem_limit = '1MB'")
	var n, total int64
	err := conn.QueryRow(ctx, "SELECT count(*), sum((SELECT count(*) FROM (SELECT pad FROM mi WHERE mi.id >= mo.id) s)) FROM mo").Scan(&n, &total)
	if err != nil {
		t.Fatal(err)
	}
	var want int64
	for i := int64(1); i <= 400; i++ {
		want += 1000 - i + 1
	}
	if n != 400 || total != want {
		t.Errorf("got %d rows summing %d, want 400 and %d", n, total, want)
	}
}
