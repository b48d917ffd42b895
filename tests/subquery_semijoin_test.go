package tests

import (
	"fmt"
	"github.com/jackc/pgx/v5"
	"strings"
	"testing"
	"time"
)

// TestSubquerySemiJoinLarge checks EXISTS, NOT EXISTS, IN and NOT IN
// (subquery) over 5000 rows per side, with NULL keys on both sides,
// against counts and id sums computed here, on vecgres and PostgreSQL 15
// alike. On vecgres EXPLAIN must show the decorrelated hash semi and
// anti joins, a correlated EXISTS elsewhere (under OR, in DELETE) and
// NOT IN a hashed SubPlan (a SubPlan per row, or a scan
// of the values per row, would be 25 million comparisons).
func TestSubquerySemiJoinLarge(t *testing.T) {
	forEachTarget(t, testSubquerySemiJoinLarge)
}

func testSubquerySemiJoinLarge(t *testing.T, tg clientTarget) {
	const n = 5000
	conn := pgxConnect(t, tg.dsn)
	ctx := testCtx(t, 120*time.Second)
	key := func(i, mul, mod int) any {
		if i%97 == 0 {
			return nil // NULL keys on both sides
		}
		return (i * mul) % mod
	}
	mustExec(t, conn, "CREATE TABLE sa (id int PRIMARY KEY, k int)")
	mustExec(t, conn, "CREATE TABLE sb (id int PRIMARY KEY, k int)")
	inB := map[int]bool{}
	for start := 0; start < n; start += 500 {
		var qa, qb strings.Builder
		qa.WriteString("INSERT INTO sa VALUES ")
		qb.WriteString("INSERT INTO sb VALUES ")
		for i := start; i < start+500; i++ {
			if i > start {
				qa.WriteString(", ")
				qb.WriteString(", ")
			}
			ka, kb := key(i, 7, 9000), key(i+1, 3, 11000)
			qa.WriteString(sqlRow(i, ka))
			qb.WriteString(sqlRow(i, kb))
			if kb != nil {
				inB[kb.(int)] = true
			}
		}
		mustExec(t, conn, qa.String())
		mustExec(t, conn, qb.String())
	}
	var semi, anti, notIn [2]int64 // count, sum of id
	for i := 0; i < n; i++ {
		ka := key(i, 7, 9000)
		switch {
		case ka == nil:
			anti[0], anti[1] = anti[0]+1, anti[1]+int64(i)
		case inB[ka.(int)]:
			semi[0], semi[1] = semi[0]+1, semi[1]+int64(i)
		default:
			anti[0], anti[1] = anti[0]+1, anti[1]+int64(i)
			notIn[0], notIn[1] = notIn[0]+1, notIn[1]+int64(i)
		}
	}
	if semi[0] == 0 || notIn[0] == 0 {
		t.Fatalf("degenerate data: %d matches, %d without", semi[0], notIn[0])
	}
	checks := []struct {
		q    string
		want [2]int64
		plan string
	}{
		{"SELECT count(*), coalesce(sum(id), 0) FROM sa WHERE EXISTS (SELECT 1 FROM sb WHERE sb.k = sa.k)", semi, "Hash Semi Join"},
		{"SELECT count(*), coalesce(sum(id), 0) FROM sa WHERE NOT EXISTS (SELECT 1 FROM sb WHERE sb.k = sa.k)", anti, "Hash Anti Join"},
		{"SELECT count(*), coalesce(sum(id), 0) FROM sa WHERE k IN (SELECT k FROM sb)", semi, "Hash Semi Join"},
		{"SELECT count(*), coalesce(sum(id), 0) FROM sa WHERE k NOT IN (SELECT k FROM sb WHERE k IS NOT NULL)", notIn, "(NOT (hashed SubPlan 1))"},
		{"SELECT count(*) FILTER (WHERE i), coalesce(sum(id) FILTER (WHERE i), 0) FROM (SELECT id, k IN (SELECT k FROM sb) AS i FROM sa) s", semi, ""},
		{"SELECT count(*) FILTER (WHERE i), coalesce(sum(id) FILTER (WHERE i), 0) FROM (SELECT id, k <> ALL (SELECT k FROM sb WHERE k IS NOT NULL) AS i FROM sa) s", notIn, ""},
		{"SELECT count(*), coalesce(sum(id), 0) FROM sa WHERE k NOT IN (SELECT k FROM sb)", [2]int64{0, 0}, ""},
		{"SELECT count(*), coalesce(sum(id), 0) FROM sa WHERE EXISTS (SELECT 1 FROM sb WHERE sb.k = sa.k) OR id < 0", semi, "(hashed SubPlan 1)"},
		{"SELECT count(*), coalesce(sum(id), 0) FROM sa WHERE NOT EXISTS (SELECT 1 FROM sb WHERE sb.k = sa.k) OR id < 0", anti, "(NOT (hashed SubPlan 1))"},
	}
	for _, c := range checks {
		var got [2]int64
		if err := conn.QueryRow(ctx, c.q).Scan(&got[0], &got[1]); err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if got != c.want {
			t.Errorf("%s: got count %d sum %d, want %d %d", c.q, got[0], got[1], c.want[0], c.want[1])
		}
		if !tg.vecgres || c.plan == "" {
			continue
		}
		var plan strings.Builder
		rows, err := conn.Query(ctx, "EXPLAIN "+c.q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan.WriteString(line + "\n")
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(plan.String(), c.plan) || strings.Contains(plan.String(), "SubPlan") && !strings.Contains(c.plan, "SubPlan") {
			t.Errorf("EXPLAIN %s:\n%s\nwant a %s and no SubPlan", c.q, plan.String(), c.plan)
		}
	}
	checkSemiDelete(t, conn, semi)
}

// checkSemiDelete deletes the rows of sa without a match in sb (a
// correlated NOT EXISTS in DELETE's WHERE) and checks what is left.
func checkSemiDelete(t *testing.T, conn *pgx.Conn, want [2]int64) {
	ctx := testCtx(t, 120*time.Second)
	mustExec(t, conn, "DELETE FROM sa WHERE NOT EXISTS (SELECT 1 FROM sb WHERE sb.k = sa.k)")
	var got [2]int64
	if err := conn.QueryRow(ctx, "SELECT count(*), coalesce(sum(id), 0) FROM sa").Scan(&got[0], &got[1]); err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("after DELETE ... NOT EXISTS: count %d sum %d, want %d %d", got[0], got[1], want[0], want[1])
	}
}

// sqlRow is the VALUES row (id, k), k NULL when nil.
func sqlRow(id int, k any) string {
	if k == nil {
		return fmt.Sprintf("(%d, NULL)", id)
	}
	return fmt.Sprintf("(%d, %d)", id, k)
}
