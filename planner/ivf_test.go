package planner

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// ivfMetrics are the ivfflat operator classes with their operators.
var ivfMetrics = []struct{ opclass, op string }{
	{"vector_l2_ops", "<->"}, {"vector_ip_ops", "<#>"}, {"vector_cosine_ops", "<=>"},
}

// loadIVF creates table name (id int, v vector(dims)) holding n Gaussian
// vectors (ids 1..n, inserted in a shuffled order, every 97th NULL) and
// an ivfflat index on v with opclass and lists.
func loadIVF(t *testing.T, s *Session, name string, n, dims, lists int, opclass string, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	vecs := make([][]float32, n)
	for i := range vecs {
		if i%97 == 96 {
			continue
		}
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		vecs[i] = v
	}
	exec(t, s, fmt.Sprintf("CREATE TABLE %s (id int PRIMARY KEY, v vector(%d))", name, dims))
	var b strings.Builder
	for n, i := range rng.Perm(n) {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if vecs[i] == nil {
			fmt.Fprintf(&b, "(%d, NULL)", i+1)
		} else {
			fmt.Fprintf(&b, "(%d, '%s')", i+1, vecText(vecs[i]))
		}
		if n%500 == 499 {
			exec(t, s, "INSERT INTO "+name+" VALUES "+b.String())
			b.Reset()
		}
	}
	if b.Len() > 0 {
		exec(t, s, "INSERT INTO "+name+" VALUES "+b.String())
	}
	exec(t, s, fmt.Sprintf("CREATE INDEX %s_ivf ON %s USING ivfflat (v %s) WITH (lists = %d)", name, name, opclass, lists))
}

// indexVsScan runs q through the index and with enable_indexscan = off.
func indexVsScan(t *testing.T, s *Session, q string) (got, want []int64) {
	t.Helper()
	got = ids(exec(t, s, q))
	exec(t, s, "SET enable_indexscan = off")
	want = ids(exec(t, s, q))
	exec(t, s, "RESET enable_indexscan")
	return got, want
}

// TestIVFFlatAllProbesExact: with ivfflat.probes = lists every list is
// scanned, so each page of ORDER BY v <op> q (plain and filtered) is the
// sequential scan's page, for each operator class.
func TestIVFFlatAllProbesExact(t *testing.T) {
	for mi, m := range ivfMetrics {
		s := testSession(t)
		loadIVF(t, s, "items", 1500, 8, 15, m.opclass, uint64(mi))
		exec(t, s, "SET ivfflat.probes = 15")
		q := "'[0.5,-1,0.25,2,0,1,-0.5,0.75]'"
		for _, where := range []string{"", "WHERE id % 3 = 0"} {
			for _, w := range []knnWindow{{1, 0}, {10, 0}, {10, 10}, {100, 0}, {40, 1400}} {
				sql := fmt.Sprintf("SELECT id FROM items %s ORDER BY v %s %s LIMIT %d OFFSET %d", where, m.op, q, w.limit, w.offset)
				got, want := indexVsScan(t, s, sql)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: %s", sql, firstDiff(got, want))
				}
			}
		}
	}
}

// TestIVFFlatOneProbeOrderAndCount: with one probe the rows are those of
// the nearest list, in exact distance order, and never fewer than LIMIT:
// a LIMIT past the list's rows, and a filter few of its rows pass, are
// answered by the exact scan (pgvector would return fewer rows).
func TestIVFFlatOneProbeOrderAndCount(t *testing.T) {
	s := testSession(t)
	loadIVF(t, s, "items", 2000, 8, 20, "vector_l2_ops", 7)
	q := "'[1,1,0,0,-1,0.5,0,2]'"
	plan := exec(t, s, "EXPLAIN (COSTS OFF) SELECT id FROM items ORDER BY v <-> "+q+" LIMIT 5")
	if txt := fmt.Sprint(plan.Rows); !strings.Contains(txt, "Index Scan using items_ivf on items") {
		t.Fatalf("EXPLAIN: %s", txt)
	}
	// Ten rows of the probed list: exact order, each row's distance
	// ascending (the SQL operator's, read back).
	res := exec(t, s, "SELECT id, v <-> "+q+" FROM items ORDER BY v <-> "+q+" LIMIT 10")
	if len(res.Rows) != 10 {
		t.Fatalf("%d rows, want 10", len(res.Rows))
	}
	for i := 1; i < len(res.Rows); i++ {
		if res.Rows[i][1].(float64) < res.Rows[i-1][1].(float64) {
			t.Fatalf("row %d nearer than row %d: %v", i, i-1, res.Rows)
		}
	}
	// More rows than one list holds (about 100), a filter only 1 in 50
	// rows passes, and a radius: the exact scan's rows.
	for _, sql := range []string{
		"SELECT id FROM items ORDER BY v <-> " + q + " LIMIT 500",
		"SELECT id FROM items WHERE id % 50 = 0 ORDER BY v <-> " + q + " LIMIT 10",
		"SELECT id FROM items WHERE id % 50 = 0 ORDER BY v <-> " + q + " LIMIT 30 OFFSET 5",
	} {
		got, want := indexVsScan(t, s, sql)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %s", sql, firstDiff(got, want))
		}
	}
	// With pgvector's emulation (vecgres.filter_plan = ef_postfilter) the
	// filtered query comes back short, as pgvector's does.
	exec(t, s, "SET vecgres.filter_plan = ef_postfilter")
	if n := len(exec(t, s, "SELECT id FROM items WHERE id % 50 = 0 ORDER BY v <-> "+q+" LIMIT 10").Rows); n >= 10 {
		t.Fatalf("ef_postfilter gave %d rows from one list, want fewer than 10", n)
	}
}

// TestIVFFlatIterativeProbes: under ivfflat.iterative_scan =
// relaxed_order a filtered query scans further lists (up to
// ivfflat.max_probes) and returns LIMIT rows in exact distance order,
// each passing the filter; forced onto the list scan
// (vecgres.filter_plan = traversal) it is still never short.
func TestIVFFlatIterativeProbes(t *testing.T) {
	s := testSession(t)
	loadIVF(t, s, "items", 2000, 8, 20, "vector_cosine_ops", 8)
	q := "'[1,1,0,0,-1,0.5,0,2]'"
	exec(t, s, "SET vecgres.filter_plan = traversal")
	exec(t, s, "SET ivfflat.iterative_scan = relaxed_order")
	sql := "SELECT id, v <=> " + q + " FROM items WHERE id % 10 = 0 ORDER BY v <=> " + q + " LIMIT 25"
	res := exec(t, s, sql)
	if len(res.Rows) != 25 {
		t.Fatalf("%d rows, want 25", len(res.Rows))
	}
	for i, r := range res.Rows {
		if r[0].(int64)%10 != 0 || (i > 0 && r[1].(float64) < res.Rows[i-1][1].(float64)) {
			t.Fatalf("row %d: %v", i, r)
		}
	}
	exec(t, s, "SET ivfflat.max_probes = 20")
	exec(t, s, "SET ivfflat.probes = 20")
	got, want := indexVsScan(t, s, "SELECT id FROM items WHERE id % 10 = 0 ORDER BY v <=> "+q+" LIMIT 25")
	if !slices.Equal(got, want) {
		t.Fatalf("all lists: %s", firstDiff(got, want))
	}
}

// TestIVFFlatWrites: rows inserted, updated and deleted after the build
// are found (or not) through the index; REINDEX, DROP INDEX and CREATE
// INDEX CONCURRENTLY work.
func TestIVFFlatWrites(t *testing.T) {
	s := testSession(t)
	loadIVF(t, s, "items", 600, 4, 6, "vector_l2_ops", 9)
	exec(t, s, "SET ivfflat.probes = 6")
	exec(t, s, "INSERT INTO items VALUES (10001, '[50,50,50,50]'), (10002, '[51,50,50,50]')")
	exec(t, s, "UPDATE items SET v = '[52,50,50,50]' WHERE id = 1")
	exec(t, s, "DELETE FROM items WHERE id = 10002")
	want := []int64{10001, 1}
	q := "SELECT id FROM items ORDER BY v <-> '[50,50,50,50]' LIMIT 2"
	if got := ids(exec(t, s, q)); !slices.Equal(got, want) {
		t.Fatalf("after writes: %v, want %v", got, want)
	}
	exec(t, s, "REINDEX INDEX items_ivf")
	if got := ids(exec(t, s, q)); !slices.Equal(got, want) {
		t.Fatalf("after REINDEX: %v, want %v", got, want)
	}
	exec(t, s, "DROP INDEX items_ivf")
	if got := ids(exec(t, s, q)); !slices.Equal(got, want) {
		t.Fatalf("after DROP INDEX: %v, want %v", got, want)
	}
	exec(t, s, "CREATE INDEX CONCURRENTLY items_ivf2 ON items USING ivfflat (v) WITH (lists = 3)")
	if txt := fmt.Sprint(exec(t, s, "EXPLAIN "+q).Rows); !strings.Contains(txt, "Index Scan using items_ivf2") {
		t.Fatalf("EXPLAIN after CREATE INDEX CONCURRENTLY: %s", txt)
	}
	exec(t, s, "SET vecgres.filter_plan = ef_postfilter") // the lists alone
	exec(t, s, "SET ivfflat.probes = 3")
	if got := ids(exec(t, s, q)); !slices.Equal(got, want) {
		t.Fatalf("after CREATE INDEX CONCURRENTLY: %v, want %v", got, want)
	}
}

// TestIVFFlatDDL: pgvector's errors and NOTICE for CREATE INDEX ... USING
// ivfflat.
func TestIVFFlatDDL(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (id int, v vector(3), h halfvec(3), one vector(1), nd vector, big vector(2001), bigh halfvec(4001), okh halfvec(4000))")
	for _, c := range []struct{ sql, code, msg string }{
		{"CREATE INDEX ON t USING ivfflat (v) WITH (lists = 0)", "22023", `value 0 out of bounds for option "lists"`},
		{"CREATE INDEX ON t USING ivfflat (v) WITH (lists = 32769)", "22023", `value 32769 out of bounds for option "lists"`},
		{"CREATE INDEX ON t USING ivfflat (v) WITH (probes = 3)", "22023", `unrecognized parameter "probes"`},
		{"CREATE INDEX ON t USING ivfflat (v vector_l1_ops)", "42704", `operator class "vector_l1_ops" does not exist for access method "ivfflat"`},
		{"CREATE INDEX ON t USING ivfflat (h)", "42704", `data type halfvec has no default operator class for access method "ivfflat"`},
		{"CREATE INDEX ON t USING ivfflat (nd)", "22023", "column does not have dimensions"},
		{"CREATE INDEX ON t USING ivfflat (big)", "54000", "column cannot have more than 2000 dimensions for ivfflat index"},
		{"CREATE INDEX ON t USING ivfflat (bigh halfvec_l2_ops)", "54000", "column cannot have more than 4000 dimensions for ivfflat index"},
		{"CREATE INDEX ON t USING ivfflat (one vector_cosine_ops)", "22023", "dimensions must be greater than one for this opclass"},
	} {
		e := execErr(t, s, c.sql)
		if string(e.Code) != c.code || e.Message != c.msg {
			t.Errorf("%s: got %s %q, want %s %q", c.sql, e.Code, e.Message, c.code, c.msg)
		}
		if c.code == "22023" && strings.Contains(c.msg, "out of bounds") && e.Detail != `Valid values are between "1" and "32768".` {
			t.Errorf("%s: DETAIL %q", c.sql, e.Detail)
		}
	}
	res := exec(t, s, "CREATE INDEX ON t USING ivfflat (v) WITH (lists = 3)")
	if len(res.Notices) != 1 || res.Notices[0].Message != "ivfflat index created with little data" ||
		res.Notices[0].Detail != "This will cause low recall." || res.Notices[0].Hint != "Drop the index until the table has more data." {
		t.Fatalf("notices on an empty table: %+v", res.Notices)
	}
	exec(t, s, "INSERT INTO t (id, v, one, okh) SELECT i, ARRAY[i, 1, 2]::vector, '[1]', NULL FROM generate_series(1, 5) i")
	if res := exec(t, s, "CREATE INDEX ON t USING ivfflat (v vector_ip_ops) WITH (lists = 5)"); len(res.Notices) != 0 {
		t.Fatalf("5 rows, 5 lists: %+v", res.Notices)
	}
	if res := exec(t, s, "CREATE INDEX ON t USING ivfflat (v vector_cosine_ops) WITH (lists = 6)"); len(res.Notices) != 1 {
		t.Fatalf("5 rows, 6 lists: %+v", res.Notices)
	}
	exec(t, s, "CREATE INDEX ON t USING ivfflat (okh halfvec_l2_ops) WITH (lists = 1)")
	exec(t, s, "CREATE INDEX ON t USING ivfflat (one)")
	def := exec(t, s, "SELECT indexdef FROM pg_indexes WHERE indexname = 't_v_idx'")
	if got := def.Rows[0][0]; got != "CREATE INDEX t_v_idx ON public.t USING ivfflat (v) WITH (lists='3')" {
		t.Fatalf("pg_indexes: %v", got)
	}
	if got := exec(t, s, "SELECT amname FROM pg_am WHERE oid = (SELECT relam FROM pg_class WHERE relname = 't_v_idx')"); fmt.Sprint(got.Rows) != "[[ivfflat]]" {
		t.Fatalf("pg_am: %v", got.Rows)
	}
}

// TestIVFFlatHalfvec: an ivfflat index on a halfvec column (each
// halfvec_*_ops class) serves ORDER BY ... LIMIT; with every list probed
// its pages are the sequential scan's, and with one probe it is never
// short.
func TestIVFFlatHalfvec(t *testing.T) {
	for i, c := range []struct{ opclass, op string }{
		{"halfvec_l2_ops", "<->"}, {"halfvec_ip_ops", "<#>"}, {"halfvec_cosine_ops", "<=>"},
	} {
		s := testSession(t)
		exec(t, s, "CREATE TABLE h (id int PRIMARY KEY, v halfvec(4))")
		exec(t, s, fmt.Sprintf("INSERT INTO h SELECT i, ARRAY[(i*%d %% 13) - 6.1, (i*3 %% 11) - 5 + i*0.001, (i %% 17) - 8.2, (i %% 7) - 3]::halfvec FROM generate_series(1, 800) i", i+5))
		exec(t, s, "CREATE INDEX h_ivf ON h USING ivfflat (v "+c.opclass+") WITH (lists = 8)")
		q := "'[0.5,-0.25,1,2]'"
		plan := exec(t, s, "EXPLAIN SELECT id FROM h ORDER BY v "+c.op+" "+q+" LIMIT 5")
		if txt := fmt.Sprint(plan.Rows); !strings.Contains(txt, "Index Scan using h_ivf on h") {
			t.Fatalf("%s: EXPLAIN %s", c.opclass, txt)
		}
		if n := len(exec(t, s, "SELECT id FROM h WHERE id % 40 = 0 ORDER BY v "+c.op+" "+q+" LIMIT 15").Rows); n != 15 {
			t.Fatalf("%s: one probe gave %d rows, want 15", c.opclass, n)
		}
		exec(t, s, "SET ivfflat.probes = 8")
		for _, sql := range []string{
			"SELECT id FROM h ORDER BY v " + c.op + " " + q + " LIMIT 20",
			"SELECT id FROM h ORDER BY v " + c.op + " " + q + " LIMIT 20 OFFSET 20",
			"SELECT id FROM h WHERE id % 3 = 1 ORDER BY v " + c.op + " " + q + " LIMIT 20",
		} {
			got, want := indexVsScan(t, s, sql)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: %s: %s", c.opclass, sql, firstDiff(got, want))
			}
		}
	}
}
