package planner

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// statsColumns are one column of every column type vecgres stores (the
// element kinds of types.arrayKinds), each as a SQL type and an expression
// of k (the row's value number, NULL for some rows) and i (the row id).
var statsColumns = []struct{ name, typ, expr string }{
	{"b", "bool", "k % 2 = 0"},
	{"i2", "int2", "k::int2"},
	{"i4", "int4", "k"},
	{"i8", "int8", "k::int8 * 1000000000000"},
	{"f4", "float4", "CASE WHEN k = 0 AND i % 2 = 0 THEN '-0'::float4 ELSE (k / 4.0)::float4 END"},
	{"f8", "float8", "CASE WHEN k = 0 AND i % 2 = 0 THEN '-0'::float8 ELSE k / 4.0 END"},
	{"n", "numeric", "round(k::numeric, i % 3)"}, // 0, 0.0 and 0.00 are one value
	{"t", "text", "'v' || k"},
	{"vc", "varchar(8)", "('v' || k)::varchar(8)"},
	{"bc", "char(5)", "('c' || k)::char(5)"},
	{"by", "bytea", "('v' || k)::bytea"},
	{"d", "date", "((2000 + k)::text || '-01-01')::date"},
	{"ts", "timestamp", "((2000 + k)::text || '-01-01 12:00:00')::timestamp"},
	{"tz", "timestamptz", "((2000 + k)::text || '-01-01 12:00:00+00')::timestamptz"},
	{"u", "uuid", "('00000000-0000-0000-0000-' || (100000000000 + k)::text)::uuid"},
	{"j", "jsonb", `('{"n":' || k || CASE WHEN i % 2 = 0 THEN '.0' ELSE '' END || '}')::jsonb`},
	{"vv", "vector(2)", "('[' || k || ',0]')::vector"},
}

// TestStatisticsEveryType runs a k-NN query (which gathers statistics
// itself), ANALYZE, and filtered k-NN queries costed with those
// statistics over a table with a column of every type and an array of
// each. Before statistics keyed values by types.AppendKey, a jsonb, array
// or bytea column with more than 100 distinct values failed them all with
// "hash of unhashable type". Rows 1-100 share value 0 (the one most
// common value), 101-390 have k = i % 150, 391-400 are NULL.
func TestStatisticsEveryType(t *testing.T) {
	s := testSession(t)
	defs := []string{"id int PRIMARY KEY", "v vector(2)"}
	exprs := []string{"i", "('[' || i || ',1]')::vector"}
	for _, c := range statsColumns {
		defs = append(defs, c.name+" "+c.typ, c.name+"_a "+c.typ+"[]")
		exprs = append(exprs, c.expr, "CASE WHEN k IS NULL THEN NULL ELSE ARRAY["+c.expr+", "+c.expr+"] END")
	}
	exec(t, s, "CREATE TABLE r ("+strings.Join(defs, ", ")+")")
	exec(t, s, "INSERT INTO r SELECT "+strings.Join(exprs, ", ")+" FROM (SELECT i, CASE WHEN i <= 100 THEN 0 "+
		"WHEN i > 390 THEN NULL ELSE i % 150 END AS k FROM generate_series(1, 400) i) s")
	exec(t, s, "CREATE INDEX ON r USING hnsw (v vector_l2_ops)")
	if got := ids(exec(t, s, "SELECT id FROM r ORDER BY v <-> '[1,1]' LIMIT 3")); !slices.Equal(got, []int64{1, 2, 3}) {
		t.Fatalf("k-NN: ids %v, want [1 2 3]", got)
	}
	exec(t, s, "ANALYZE r")
	checkEveryTypeStats(t, s)
	for _, c := range statsColumns {
		for _, col := range []string{c.name, c.name + "_a"} {
			at200 := exec(t, s, "SELECT "+col+" FROM r WHERE id = 200").Rows[0][0]
			for _, op := range []string{"=", ">="} {
				q := fmt.Sprintf("SELECT id FROM r WHERE %s %s $1 ORDER BY v <-> '[200,1]' LIMIT 1", col, op)
				if got := ids(exec(t, s, q, at200)); !slices.Equal(got, []int64{200}) {
					t.Errorf("%s: ids %v, want [200]", q, got)
				}
			}
		}
	}
}

// checkEveryTypeStats checks the statistics ANALYZE stored for the table
// of TestStatisticsEveryType: per column (but the vector v and bool) 10
// NULLs in 400, 150 distinct values, the MCV value 0 at 102/400 (rows
// 1-100, 150 and 300), and 101 ascending histogram bounds none of which
// is the MCV.
func checkEveryTypeStats(t *testing.T, s *Session) {
	tb, _ := s.cat.Table("r")
	st := tb.Stats()
	if st == nil || st.Rows != 400 {
		t.Fatalf("stats %+v, want 400 rows", st)
	}
	for i, cd := range tb.Columns {
		cs := st.Columns[i]
		switch {
		case cd.Name == "id" || cd.Name == "v" || cd.Name == "vv":
			continue
		case cd.Name == "b" || cd.Name == "b_a":
			if cs.Distinct != 2 || len(cs.MCV) != 2 || len(cs.Histogram) != 0 {
				t.Errorf("%s: distinct %v, %d MCVs, %d bounds; want 2, 2, 0", cd.Name, cs.Distinct, len(cs.MCV), len(cs.Histogram))
			}
			continue
		}
		row1 := exec(t, s, "SELECT "+cd.Name+" FROM r WHERE id = 1").Rows[0][0]
		if cs.NullFrac != 10.0/400 || cs.Distinct != 150 || len(cs.MCV) != 1 || len(cs.Histogram) != 101 {
			t.Errorf("%s: null frac %v, distinct %v, %d MCVs, %d bounds; want 0.025, 150, 1, 101",
				cd.Name, cs.NullFrac, cs.Distinct, len(cs.MCV), len(cs.Histogram))
			continue
		}
		if types.Compare(cs.MCV[0], row1) != 0 || cs.MCVFreq[0] != 102.0/400 {
			t.Errorf("%s: MCV %v at %v, want %v at 0.255", cd.Name, cs.MCV[0], cs.MCVFreq[0], row1)
		}
		for j, h := range cs.Histogram {
			if types.Compare(h, cs.MCV[0]) == 0 || j > 0 && types.Compare(cs.Histogram[j-1], h) > 0 {
				t.Errorf("%s: histogram bound %d (%v) is the MCV or out of order", cd.Name, j, h)
			}
		}
	}
}
