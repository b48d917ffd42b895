package planner

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// multisetAnswer computes a set operation over single-column int rows
// (nil is NULL) by counting copies, as the SQL standard defines it.
func multisetAnswer(op sql.SetOpKind, all bool, left, right []any) []string {
	count := func(rows []any) map[string]int {
		m := map[string]int{}
		for _, v := range rows {
			m[fmt.Sprint(v)]++
		}
		return m
	}
	l, r := count(left), count(right)
	keys := map[string]bool{}
	for k := range l {
		keys[k] = true
	}
	for k := range r {
		keys[k] = true
	}
	var out []string
	for k := range keys {
		m, n := l[k], r[k]
		var c int
		switch {
		case op == sql.SetUnion && all:
			c = m + n
		case op == sql.SetUnion:
			c = min(m+n, 1)
		case op == sql.SetIntersect && all:
			c = min(m, n)
		case op == sql.SetIntersect:
			c = min(m, n, 1)
		case all:
			c = max(m-n, 0)
		default:
			c = min(m, 1) * (1 - min(n, 1))
		}
		for range c {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestSetOpCombine checks the six set operators, run through
// planner/exec, against multiset counting on random int columns with
// NULLs and duplicates.
func TestSetOpCombine(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE sl (v int)")
	exec(t, s, "CREATE TABLE sr (v int)")
	rng := rand.New(rand.NewSource(1))
	fill := func(table string) []any {
		exec(t, s, "DELETE FROM "+table)
		rows := make([]any, rng.Intn(12))
		var lits []string
		for i := range rows {
			lit := "NULL"
			if v := rng.Intn(6); v > 0 {
				rows[i], lit = int64(v), fmt.Sprint(v)
			}
			lits = append(lits, "("+lit+")")
		}
		if len(lits) > 0 {
			exec(t, s, "INSERT INTO "+table+" VALUES "+strings.Join(lits, ", "))
		}
		return rows
	}
	for trial := range 60 {
		left, right := fill("sl"), fill("sr")
		for _, op := range []sql.SetOpKind{sql.SetUnion, sql.SetIntersect, sql.SetExcept} {
			for _, all := range []bool{false, true} {
				q := "SELECT v FROM sl " + op.String()
				if all {
					q += " ALL"
				}
				var got []string
				for _, r := range exec(t, s, q+" SELECT v FROM sr").Rows {
					got = append(got, fmt.Sprint(r[0]))
				}
				sort.Strings(got)
				if want := multisetAnswer(op, all, left, right); !slices.Equal(got, want) {
					t.Fatalf("trial %d: %v %s ALL=%v %v = %v, want %v", trial, left, op, all, right, got, want)
				}
			}
		}
	}
}

// TestSetOpFirstCopyOrder checks that without ORDER BY rows come out in
// the order of their first copy, left side first, and that the copy kept
// by UNION is the first one (1.0 before 1.00, as both are equal).
func TestSetOpFirstCopyOrder(t *testing.T) {
	s := testSession(t)
	res := exec(t, s, "SELECT 3 UNION SELECT 1 UNION SELECT 3 UNION SELECT 2 UNION SELECT 1")
	var got []int64
	for _, r := range res.Rows {
		got = append(got, r[0].(int64))
	}
	if !slices.Equal(got, []int64{3, 1, 2}) {
		t.Errorf("UNION order = %v, want [3 1 2]", got)
	}
	res = exec(t, s, "SELECT 1.0 UNION SELECT 1.00")
	if len(res.Rows) != 1 || types.AppendText(nil, res.Columns[0].Type, res.Rows[0][0]) == nil ||
		string(types.AppendText(nil, res.Columns[0].Type, res.Rows[0][0])) != "1.0" {
		t.Errorf("SELECT 1.0 UNION SELECT 1.00 = %v", res.Rows)
	}
}

// TestSetOpDescribe checks the parameter and column types a client is
// told at Parse, as PostgreSQL 15 reports them: $n takes the type of the
// other side (through nested set operations), LIMIT $n is bigint, result
// columns carry no table OID.
func TestSetOpDescribe(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE so (n int, t text, v varchar(5))")
	exec(t, s, "CREATE TABLE vi (id bigserial PRIMARY KEY, e vector(2))")
	tests := []struct {
		query  string
		params []types.Kind
		cols   []string // name:type
	}{
		{"SELECT $1 UNION SELECT 1::int8 UNION SELECT $2 LIMIT $3", []types.Kind{types.KindInt8, types.KindInt8, types.KindInt8}, []string{"?column?:bigint"}},
		{"SELECT $1 UNION SELECT $2", []types.Kind{types.KindText, types.KindText}, []string{"?column?:text"}},
		{"SELECT n AS k, v FROM so UNION ALL SELECT $1, v FROM so", []types.Kind{types.KindInt4}, []string{"k:integer", "v:character varying(5)"}},
		{"SELECT v FROM so INTERSECT SELECT t FROM so", nil, []string{"v:character varying"}},
		{"(SELECT id FROM vi ORDER BY e <-> $1 LIMIT $2) UNION ALL (SELECT id FROM vi ORDER BY e <=> $1 LIMIT 1)",
			[]types.Kind{types.KindVector, types.KindInt8}, []string{"id:bigint"}},
		// An untyped side has no modifier: vector(2) and unknown meet at vector.
		{"SELECT e FROM vi UNION SELECT $1 ORDER BY 1", []types.Kind{types.KindVector}, []string{"e:vector"}},
		{"SELECT e FROM vi UNION SELECT e FROM vi", nil, []string{"e:vector(2)"}},
	}
	for _, tt := range tests {
		p, err := s.Prepare(tt.query, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.query, err)
		}
		var kinds []types.Kind
		for _, pt := range p.ParamTypes() {
			kinds = append(kinds, pt.Kind)
		}
		if !slices.Equal(kinds, tt.params) {
			t.Errorf("%s: params %v, want %v", tt.query, kinds, tt.params)
		}
		var cols []string
		for _, c := range p.Columns() {
			if c.TableOID != 0 || c.AttNum != 0 {
				t.Errorf("%s: column %s has table %d attnum %d", tt.query, c.Name, c.TableOID, c.AttNum)
			}
			cols = append(cols, c.Name+":"+c.Type.Name())
		}
		if strings.Join(cols, ",") != strings.Join(tt.cols, ",") {
			t.Errorf("%s: columns %v, want %v", tt.query, cols, tt.cols)
		}
	}
}

// TestDistinctValues checks the sort-and-drop-equal step of DISTINCT
// aggregates: equal values that print differently are one value, the
// first one kept, in ascending order.
func TestDistinctValues(t *testing.T) {
	one, _ := types.ParseText(types.Numeric, "1.0")
	oneB, _ := types.ParseText(types.Numeric, "1.00")
	two, _ := types.ParseText(types.Numeric, "2")
	got := distinctValues([]any{two, one, oneB, two}, types.Compare)
	if len(got) != 2 || types.Compare(got[0], one) != 0 || types.Compare(got[1], two) != 0 {
		t.Fatalf("got %v", got)
	}
	if s := string(types.AppendText(nil, types.Numeric, got[0])); s != "1.0" {
		t.Errorf("kept %s, want the first copy 1.0", s)
	}
	negZero := distinctValues([]any{0.0, math.Copysign(0, -1), 0.5}, types.Compare)
	if len(negZero) != 2 {
		t.Errorf("-0 and 0 kept apart: %v", negZero)
	}
}

// TestSetOpHybridSearch runs pgvector's README pattern, two
// nearest-neighbour SELECTs combined by UNION ALL with parameters: each
// side uses the HNSW index (EXPLAIN), the result is the two sides' rows
// in order, and each side's rows are the exact nearest neighbours.
func TestSetOpHybridSearch(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3))")
	exec(t, s, "INSERT INTO items (embedding) SELECT ARRAY[i % 17, i % 19, i % 23]::vector FROM generate_series(1, 500) i")
	exec(t, s, "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops)")
	q := "(SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 5) UNION ALL (SELECT id FROM items ORDER BY embedding <-> $2 LIMIT 5)"
	plan := exec(t, s, "EXPLAIN (SELECT id FROM items ORDER BY embedding <-> '[7,7,7]' LIMIT 5) UNION ALL (SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 5)")
	scans := 0
	for _, r := range plan.Rows {
		if strings.Contains(r[0].(string), "Index Scan using items_embedding_idx") {
			scans++
		}
	}
	if scans != 2 {
		t.Fatalf("plan %v: want two index scans", plan.Rows)
	}
	a, _ := types.ParseText(types.VectorOf(3), "[7,7,7]")
	b, _ := types.ParseText(types.VectorOf(3), "[1,2,3]")
	got := ids(exec(t, s, q, a, b))
	want := append(ids(exec(t, s, "SELECT id FROM items ORDER BY embedding <-> '[7,7,7]' LIMIT 5")),
		ids(exec(t, s, "SELECT id FROM items ORDER BY embedding <-> '[1,2,3]' LIMIT 5"))...)
	if !slices.Equal(got, want) {
		t.Fatalf("UNION ALL = %v, sides alone = %v", got, want)
	}
	for side, v := range [][3]float64{{7, 7, 7}, {1, 2, 3}} {
		dist := func(i int64) float64 {
			x, y, z := float64(i%17)-v[0], float64(i%19)-v[1], float64(i%23)-v[2]
			return math.Sqrt(x*x + y*y + z*z)
		}
		var exact []float64
		for i := int64(1); i <= 500; i++ {
			exact = append(exact, dist(i))
		}
		sort.Float64s(exact)
		for i, id := range got[5*side : 5*side+5] {
			if d := dist(id); d != exact[i] {
				t.Fatalf("side %d row %d: id %d at distance %v, exact order has %v", side+1, i, id, d, exact[i])
			}
		}
	}
}

// TestSetOpExplainAnalyze checks EXPLAIN ANALYZE of a set operation: the
// actual rows of every node, sides included, then the execution time.
func TestSetOpExplainAnalyze(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ea (id int PRIMARY KEY, n int)")
	exec(t, s, "INSERT INTO ea SELECT i, i % 3 FROM generate_series(1, 9) i")
	res := exec(t, s, "EXPLAIN ANALYZE SELECT n FROM ea UNION SELECT n FROM ea WHERE id < 3 ORDER BY n DESC LIMIT 2")
	var lines []string
	for _, r := range res.Rows {
		lines = append(lines, r[0].(string))
	}
	want := []string{
		"Limit (actual rows=2)",
		"  ->  Sort (actual rows=2)", // PostgreSQL 15: the rows the Limit took
		"        Sort Key: n DESC",
		"        ->  HashAggregate (actual rows=3)",
		"              Group Key: n",
		"              ->  Append (actual rows=11)",
		"                    ->  Seq Scan on ea  (rows=9) (actual rows=9)",
		"                    ->  Seq Scan on ea  (rows=2) (actual rows=2)",
		"                          Filter: (id < 3)",
	}
	if len(lines) != len(want)+1 || !strings.HasPrefix(lines[len(lines)-1], "Execution Time: ") {
		t.Fatalf("plan:\n%s", strings.Join(lines, "\n"))
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], w)
		}
	}
}

// TestSetOpUnionAllLimit checks that a UNION ALL whose LIMIT the left
// side fills never runs the right side, as PostgreSQL's Append: its
// division by zero is not reached, and EXPLAIN ANALYZE says so.
func TestSetOpUnionAllLimit(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ul (n int)")
	exec(t, s, "INSERT INTO ul VALUES (1), (2), (3)")
	q := "SELECT n FROM ul UNION ALL SELECT 1 / (n - n) FROM ul LIMIT 2 OFFSET 1"
	if res := exec(t, s, q); len(res.Rows) != 2 {
		t.Fatalf("got %v", res.Rows)
	}
	if e := execErr(t, s, q+" + 1"); e.Code != "22012" {
		t.Fatalf("LIMIT past the left side: %s %s, want 22012", e.Code, e.Message)
	}
	var lines []string
	for _, r := range exec(t, s, "EXPLAIN ANALYZE "+q).Rows {
		lines = append(lines, r[0].(string))
	}
	if len(lines) < 4 || lines[0] != "Limit (actual rows=2)" || !strings.HasSuffix(lines[3], "(never executed)") {
		t.Fatalf("plan:\n%s", strings.Join(lines, "\n"))
	}
}
