package tests

import (
	"testing"
	"time"
)

// TestDerivedTableExtended runs a subquery in FROM through the extended
// protocol: parameters in the inner and the outer query take their types
// from the columns they meet, and RowDescription traces an unchanged
// column back to its table (OID and attribute number) as PostgreSQL's
// markTargetListOrigins does, while a computed one has neither. Runs
// against vecgres and PostgreSQL 15 alike.
func TestDerivedTableExtended(t *testing.T) {
	forEachTarget(t, testDerivedTableExtended)
}

func testDerivedTableExtended(t *testing.T, tg clientTarget) {
	conn := pgxConnect(t, tg.dsn)
	ctx := testCtx(t, 30*time.Second)
	for _, q := range []string{
		"CREATE TABLE dx (id int PRIMARY KEY, name text, score int)",
		"INSERT INTO dx VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30), (4, 'd', 40)",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var oid uint32
	if err := conn.QueryRow(ctx, "SELECT 'dx'::regclass::oid").Scan(&oid); err != nil {
		t.Fatal(err)
	}
	rows, err := conn.Query(ctx, "SELECT t.name, s2 FROM (SELECT name, score * 2 AS s2 FROM dx WHERE id > $1) AS t WHERE s2 < $2 ORDER BY name DESC", 1, 80)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var name string
		var s2 int32
		if err := rows.Scan(&name, &s2); err != nil {
			t.Fatal(err)
		}
		got = append(got, name)
		if want := map[string]int32{"b": 40, "c": 60}[name]; s2 != want {
			t.Errorf("%s: s2 %d, want %d", name, s2, want)
		}
	}
	fds := rows.FieldDescriptions()
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != "c" || got[1] != "b" {
		t.Errorf("rows %v, want [c b]", got)
	}
	if len(fds) != 2 || fds[0].TableOID != oid || fds[0].TableAttributeNumber != 2 || fds[1].TableOID != 0 || fds[1].TableAttributeNumber != 0 {
		t.Errorf("field descriptions %+v, want name from table %d column 2 and a computed s2", fds, oid)
	}
}
