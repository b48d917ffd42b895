package tests

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// TestPgxIssueScenario runs the first issue's session through pgx and
// pgvector-go: a pgvector.Vector parameter in ORDER BY ... LIMIT 2 on an
// HNSW index returns ids 3 and 1 with exact float8 distances.
func TestPgxIssueScenario(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, "CREATE TABLE items (id bigserial PRIMARY KEY, category text, embedding vector(3))")
	rows, err := conn.Query(ctx, "INSERT INTO items (category, embedding) VALUES ($1, $2), ($3, $4), ($5, $6) RETURNING id",
		"a", pgvector.NewVector([]float32{1, 2, 3}),
		"b", pgvector.NewVector([]float32{4, 5, 6}),
		"a", pgvector.NewVector([]float32{1, 1, 2}))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids, []int64{1, 2, 3}) {
		t.Fatalf("RETURNING id = %v, want [1 2 3]", ids)
	}
	mustExec(t, conn, "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)")
	requireIndexScan(t, conn, "SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2", "items_embedding_idx")

	q := pgvector.NewVector([]float32{1, 1, 1})
	rows, err = conn.Query(ctx, "SELECT id, category, embedding, embedding <-> $1 AS distance FROM items ORDER BY embedding <-> $1 LIMIT 2", q)
	if err != nil {
		t.Fatal(err)
	}
	type hit struct {
		id       int64
		category string
		vec      []float32
		distance float64
	}
	var got []hit
	for rows.Next() {
		var h hit
		var v pgvector.Vector
		if err := rows.Scan(&h.id, &h.category, &v, &h.distance); err != nil {
			t.Fatal(err)
		}
		h.vec = v.Slice()
		got = append(got, h)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []hit{{3, "a", []float32{1, 1, 2}, 1}, {1, "a", []float32{1, 2, 3}, 2.23606797749979}}
	if len(got) != len(want) {
		t.Fatalf("got %d rows %v, want %v", len(got), got, want)
	}
	for i := range want {
		if got[i].id != want[i].id || got[i].category != want[i].category ||
			!slices.Equal(got[i].vec, want[i].vec) || got[i].distance != want[i].distance {
			t.Errorf("row %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestPgxCopyFromRecall loads 1,000 synthetic 16-dim vectors with binary
// COPY into two tables, one indexed after the load (HNSW build) and one
// indexed before it (inserts into the graph), and checks recall@10 >= 0.95
// over 20 queries against brute force, with each answer in non-decreasing
// distance order.
func TestPgxCopyFromRecall(t *testing.T) {
	t.Parallel()
	const n, dim = 1000, 16
	conn := vectorConn(t, startServer(t, ""))
	vecs := syntheticVectors(1, n, dim)
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	for _, table := range []string{"built", "grown"} {
		mustExec(t, conn, fmt.Sprintf("CREATE TABLE %s (id bigint PRIMARY KEY, embedding vector(%d))", table, dim))
		index := fmt.Sprintf("CREATE INDEX %s_hnsw ON %s USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)", table, table)
		if table == "grown" {
			mustExec(t, conn, index)
		}
		copyVectors(t, conn, table, ids, vecs)
		if table == "built" {
			mustExec(t, conn, index)
		}
		var count int64
		if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM "+table).Scan(&count); err != nil || count != n {
			t.Fatalf("%s: count(*) = %d, %v; want %d", table, count, err, n)
		}
		// Binary COPY must keep every float4 bit for bit.
		var v500 pgvector.Vector
		if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT embedding FROM "+table+" WHERE id = 500").Scan(&v500); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(v500.Slice(), vecs[499]) {
			t.Fatalf("%s: row 500 = %v, want %v", table, v500.Slice(), vecs[499])
		}
		recall := checkRecall(t, conn, table, ids, vecs, syntheticVectors(2, 20, dim))
		t.Logf("%s: recall@10 = %.3f", table, recall)
		if recall < 0.95 {
			t.Errorf("%s: recall@10 = %.3f, want >= 0.95", table, recall)
		}
	}
}

// checkRecall runs ORDER BY embedding <-> q LIMIT 10 on table's index for
// each query, checks each answer has 10 rows in non-decreasing distance
// order, and returns recall@10 against brute force over (ids, vecs), where
// vecs[i] belongs to ids[i] = i+1.
func checkRecall(t *testing.T, conn *pgx.Conn, table string, ids []int64, vecs, queries [][]float32) float64 {
	t.Helper()
	const k = 10
	requireIndexScan(t, conn, "SELECT id FROM "+table+" ORDER BY embedding <-> "+vectorLiteral(queries[0])+" LIMIT 10", table+"_hnsw")
	found := 0
	for qi, q := range queries {
		got := queryIDs(t, conn, "SELECT id FROM "+table+" ORDER BY embedding <-> $1 LIMIT 10", pgvector.NewVector(q))
		if len(got) != k {
			t.Fatalf("%s query %d: %d rows, want %d", table, qi, len(got), k)
		}
		for i := 1; i < len(got); i++ {
			prev, cur := l2(vecs[got[i-1]-1], q), l2(vecs[got[i]-1], q)
			if cur < prev-1e-6*prev {
				t.Errorf("%s query %d: row %d (id %d, distance %g) comes after id %d at %g", table, qi, i, got[i], cur, got[i-1], prev)
			}
		}
		truth := bruteForceKNN(ids, vecs, q, k)
		for _, id := range got {
			if slices.Contains(truth, id) {
				found++
			}
		}
	}
	return float64(found) / float64(len(queries)*k)
}

// TestPgxBatch sends several statements in one pgx batch.
func TestPgxBatch(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	mustExec(t, conn, "CREATE TABLE items (id bigserial PRIMARY KEY, category text, embedding vector(3))")
	b := &pgx.Batch{}
	b.Queue("INSERT INTO items (category, embedding) VALUES ($1, $2) RETURNING id", "a", pgvector.NewVector([]float32{1, 2, 3}))
	b.Queue("INSERT INTO items (category, embedding) VALUES ($1, $2) RETURNING id", "b", pgvector.NewVector([]float32{4, 5, 6}))
	b.Queue("UPDATE items SET category = $1 WHERE id = $2", "c", int64(2))
	b.Queue("SELECT count(*) FROM items")
	b.Queue("SELECT id, category, embedding <-> $1 FROM items ORDER BY id", pgvector.NewVector([]float32{1, 2, 4}))
	br := conn.SendBatch(testCtx(t, 30*time.Second), b)
	var id1, id2, count int64
	if err := br.QueryRow().Scan(&id1); err != nil || id1 != 1 {
		t.Fatalf("insert 1: id %d, %v; want 1", id1, err)
	}
	if err := br.QueryRow().Scan(&id2); err != nil || id2 != 2 {
		t.Fatalf("insert 2: id %d, %v; want 2", id2, err)
	}
	tag, err := br.Exec()
	if err != nil || tag.String() != "UPDATE 1" {
		t.Fatalf("update: %q, %v; want UPDATE 1", tag, err)
	}
	if err := br.QueryRow().Scan(&count); err != nil || count != 2 {
		t.Fatalf("count: %d, %v; want 2", count, err)
	}
	rows, err := br.Query()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var id int64
		var cat string
		var d float64
		if err := rows.Scan(&id, &cat, &d); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %s %v", id, cat, d))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if err := br.Close(); err != nil {
		t.Fatal(err)
	}
	// |[1,2,3]-[1,2,4]| = 1; |[4,5,6]-[1,2,4]| = sqrt(9+9+4) = sqrt(22).
	want := []string{"1 a 1", "2 c 4.69041575982343"}
	if !slices.Equal(got, want) {
		t.Fatalf("batch select = %q, want %q", got, want)
	}
}

// TestPgxPreparedStatement executes named prepared statements 100 times
// each with different parameters.
func TestPgxPreparedStatement(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, category text, embedding vector(3))")
	sd, err := conn.Prepare(ctx, "ins", "INSERT INTO items (id, category, embedding) VALUES ($1, $2, $3)")
	if err != nil {
		t.Fatal(err)
	}
	if len(sd.ParamOIDs) != 3 {
		t.Fatalf("ins has %d parameters, want 3", len(sd.ParamOIDs))
	}
	vec := func(i int) []float32 { return []float32{float32(i), float32(i) / 4, -float32(i)} }
	for i := 1; i <= 100; i++ {
		tag, err := conn.Exec(ctx, "ins", int64(i), fmt.Sprintf("c%d", i%3), pgvector.NewVector(vec(i)))
		if err != nil || tag.String() != "INSERT 0 1" {
			t.Fatalf("execution %d: %q, %v", i, tag, err)
		}
	}
	if _, err := conn.Prepare(ctx, "get", "SELECT category, embedding, embedding <-> $2 FROM items WHERE id = $1"); err != nil {
		t.Fatal(err)
	}
	for i := 100; i >= 1; i-- {
		var cat string
		var v pgvector.Vector
		var d float64
		if err := conn.QueryRow(ctx, "get", int64(i), pgvector.NewVector(vec(i))).Scan(&cat, &v, &d); err != nil {
			t.Fatalf("execution for id %d: %v", i, err)
		}
		if cat != fmt.Sprintf("c%d", i%3) || !slices.Equal(v.Slice(), vec(i)) || d != 0 {
			t.Fatalf("id %d = (%q, %v, %v), want (c%d, %v, 0)", i, cat, v.Slice(), d, i%3, vec(i))
		}
	}
	var count, sum int64
	if err := conn.QueryRow(ctx, "SELECT count(*), sum(id) FROM items").Scan(&count, &sum); err != nil || count != 100 || sum != 5050 {
		t.Fatalf("count, sum = %d, %d, %v; want 100, 5050", count, sum, err)
	}
}

// TestPgxSimpleProtocolText sends and reads vectors in text format through
// the simple query protocol.
func TestPgxSimpleProtocolText(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	ctx := testCtx(t, 30*time.Second)
	simple := pgx.QueryExecModeSimpleProtocol
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(3))")
	v := pgvector.NewVector([]float32{1.5, -2, 0.25})
	if _, err := conn.Exec(ctx, "INSERT INTO items (id, embedding) VALUES ($1, $2)", simple, int64(7), v); err != nil {
		t.Fatal(err)
	}
	var text string
	var back pgvector.Vector
	var d float64
	err := conn.QueryRow(ctx, "SELECT embedding::text, embedding, embedding <-> $1 FROM items WHERE id = $2", simple,
		pgvector.NewVector([]float32{1.5, -2, 1.25}), int64(7)).Scan(&text, &back, &d)
	if err != nil {
		t.Fatal(err)
	}
	if text != "[1.5,-2,0.25]" || !slices.Equal(back.Slice(), v.Slice()) || d != 1 {
		t.Fatalf("got (%q, %v, %v), want ([1.5,-2,0.25], [1.5 -2 0.25], 1)", text, back.Slice(), d)
	}
	// A text-format literal typed by the client, with whitespace and an exponent.
	if err := conn.QueryRow(ctx, "SELECT ' [ 1.45, 2.34E-2 ,3] '::vector::text", simple).Scan(&text); err != nil || text != "[1.45,0.0234,3]" {
		t.Fatalf("got %q, %v; want [1.45,0.0234,3]", text, err)
	}
}

// TestPgxTypeOIDs checks that to_regtype gives non-NULL vector OIDs that
// are the same on two connections, and that RowDescription and
// ParameterDescription carry the vector OID.
func TestPgxTypeOIDs(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	c1 := vectorConn(t, s)
	c2 := s.connect(t)
	mustExec(t, c1, "CREATE TABLE items (id bigint, embedding vector(3))")
	const q = "SELECT to_regtype('vector')::oid, to_regtype('_vector')::oid"
	var v1, a1, v2, a2 *uint32
	if err := c1.QueryRow(testCtx(t, 10*time.Second), q).Scan(&v1, &a1); err != nil {
		t.Fatal(err)
	}
	if err := c2.QueryRow(testCtx(t, 10*time.Second), q).Scan(&v2, &a2); err != nil {
		t.Fatal(err)
	}
	if v1 == nil || a1 == nil || v2 == nil || a2 == nil {
		t.Fatalf("NULL OID: vector %v/%v, _vector %v/%v", v1, v2, a1, a2)
	}
	if *v1 != *v2 || *a1 != *a2 || *v1 == *a1 || *v1 < 16384 {
		t.Fatalf("OIDs vector %d/%d, _vector %d/%d: want equal across connections, distinct, >= 16384", *v1, *v2, *a1, *a2)
	}
	sd, err := c2.Prepare(testCtx(t, 10*time.Second), "", "SELECT id, embedding FROM items ORDER BY embedding <-> $1 LIMIT 1")
	if err != nil {
		t.Fatal(err)
	}
	if len(sd.ParamOIDs) != 1 || sd.ParamOIDs[0] != *v1 {
		t.Errorf("ParameterDescription = %v, want [%d]", sd.ParamOIDs, *v1)
	}
	if len(sd.Fields) != 2 || sd.Fields[1].DataTypeOID != *v1 {
		t.Errorf("RowDescription embedding OID = %+v, want %d", sd.Fields, *v1)
	}
}

// TestPgxTransactions checks isolation between connections, COMMIT,
// ROLLBACK, and the aborted-transaction state (25P02) after an error.
func TestPgxTransactions(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	a := vectorConn(t, s)
	b := vectorConn(t, s)
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, a, "CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(3))")
	count := func(c *pgx.Conn) int64 {
		t.Helper()
		var n int64
		if err := c.QueryRow(ctx, "SELECT count(*) FROM items").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "INSERT INTO items VALUES (1, '[1,2,3]')")
	if n := count(a); n != 1 {
		t.Fatalf("own transaction sees %d rows, want 1", n)
	}
	if n := count(b); n != 0 {
		t.Fatalf("other connection sees %d rows before COMMIT, want 0", n)
	}
	if tag := mustExec(t, a, "COMMIT"); tag.String() != "COMMIT" {
		t.Fatalf("COMMIT tag %q", tag)
	}
	if n := count(b); n != 1 {
		t.Fatalf("other connection sees %d rows after COMMIT, want 1", n)
	}

	mustExec(t, a, "BEGIN")
	mustExec(t, a, "INSERT INTO items VALUES (2, '[4,5,6]')")
	mustExec(t, a, "DELETE FROM items WHERE id = 1")
	if tag := mustExec(t, a, "ROLLBACK"); tag.String() != "ROLLBACK" {
		t.Fatalf("ROLLBACK tag %q", tag)
	}
	if ids := queryIDs(t, b, "SELECT id FROM items ORDER BY id"); !slices.Equal(ids, []int64{1}) {
		t.Fatalf("after ROLLBACK ids = %v, want [1]", ids)
	}

	// An error aborts the transaction: every statement gets 25P02 until
	// ROLLBACK, and a COMMIT then reports ROLLBACK.
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "INSERT INTO items VALUES (3, '[7,8,9]')")
	_, err := a.Exec(ctx, "INSERT INTO items VALUES (1, '[0,0,0]')")
	wantCode(t, err, "23505")
	for _, sql := range []string{"SELECT 1", "INSERT INTO items VALUES (4, '[1,1,1]')", "SELECT count(*) FROM items"} {
		_, err := a.Exec(ctx, sql)
		pe := wantCode(t, err, "25P02")
		if pe.Message != "current transaction is aborted, commands ignored until end of transaction block" {
			t.Errorf("%s: message %q", sql, pe.Message)
		}
	}
	if tag := mustExec(t, a, "COMMIT"); tag.String() != "ROLLBACK" {
		t.Fatalf("COMMIT of an aborted transaction: tag %q, want ROLLBACK", tag)
	}
	var one int
	if err := a.QueryRow(ctx, "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("SELECT 1 after the aborted transaction: %d, %v", one, err)
	}
	if ids := queryIDs(t, b, "SELECT id FROM items ORDER BY id"); !slices.Equal(ids, []int64{1}) {
		t.Fatalf("after the aborted transaction ids = %v, want [1]", ids)
	}

	// The same through pgx's Tx with an explicit Rollback.
	tx, err := a.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "INSERT INTO items VALUES (5, '[5,5,5]')"); err != nil {
		t.Fatal(err)
	}
	_, err = tx.Exec(ctx, "SELECT '[1,2]'::vector <-> '[1,2,3]'")
	wantCode(t, err, "22000")
	_, err = tx.Exec(ctx, "SELECT 1")
	wantCode(t, err, "25P02")
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(a); n != 1 {
		t.Fatalf("after Tx.Rollback %d rows, want 1", n)
	}
}

// TestPgxDeleteNearest deletes the ten rows nearest the query on an
// indexed 1,000-row table: with ef_search = 10 a LIMIT 10 scan still
// returns ten live rows.
func TestPgxDeleteNearest(t *testing.T) {
	t.Parallel()
	const n, dim = 1000, 16
	conn := vectorConn(t, startServer(t, ""))
	mustExec(t, conn, fmt.Sprintf("CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(%d))", dim))
	q := make([]float32, dim)
	for i := range q {
		q[i] = 0.5
	}
	// Synthetic data: rows 1..10 lie within 0.01 of q per component, the
	// others are uniform in [0, 1)^16 (about 1.2 from q on average).
	vecs := syntheticVectors(3, n, dim)
	noise := syntheticVectors(4, 10, dim)
	for i := range 10 {
		for j := range dim {
			vecs[i][j] = q[j] + (noise[i][j]-0.5)/50
		}
	}
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	copyVectors(t, conn, "items", ids, vecs)
	mustExec(t, conn, "CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)")
	mustExec(t, conn, "SET hnsw.ef_search = 10")
	const query = "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10"
	requireIndexScan(t, conn, "SELECT id FROM items ORDER BY embedding <-> "+vectorLiteral(q)+" LIMIT 10", "items_hnsw")

	before := queryIDs(t, conn, query, pgvector.NewVector(q))
	slices.Sort(before)
	if !slices.Equal(before, ids[:10]) {
		t.Fatalf("before DELETE: ids %v, want 1..10", before)
	}
	if tag := mustExec(t, conn, "DELETE FROM items WHERE id <= 10"); tag.String() != "DELETE 10" {
		t.Fatalf("DELETE tag %q", tag)
	}
	got := queryIDs(t, conn, query, pgvector.NewVector(q))
	if len(got) != 10 {
		t.Fatalf("after DELETE: %d rows %v, want 10", len(got), got)
	}
	seen := map[int64]bool{}
	for i, id := range got {
		if id <= 10 || id > n || seen[id] {
			t.Fatalf("after DELETE: row %d has id %d (deleted, unknown or repeated): %v", i, id, got)
		}
		seen[id] = true
		if i > 0 {
			prev, cur := l2(vecs[got[i-1]-1], q), l2(vecs[id-1], q)
			if cur < prev-1e-6*prev {
				t.Fatalf("after DELETE: id %d (%g) after id %d (%g)", id, cur, got[i-1], prev)
			}
		}
	}
}

// TestPgxExplainFollowsSettings re-executes one EXPLAIN that pgx has
// prepared and cached: PostgreSQL plans an EXPLAIN at each execution, so
// SET enable_indexscan = off between the executions changes the plan.
func TestPgxExplainFollowsSettings(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	mustExec(t, conn, "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3))")
	mustExec(t, conn, "INSERT INTO items (embedding) VALUES ('[1,2,3]'), ('[4,5,6]'), ('[1,1,2]')")
	mustExec(t, conn, "CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops)")
	const q = "SELECT id FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2"
	requireIndexScan(t, conn, q, "items_hnsw")
	mustExec(t, conn, "SET enable_indexscan = off")
	if plan := explain(t, conn, q); strings.Contains(plan, "Index Scan") || !strings.Contains(plan, "Seq Scan on items") {
		t.Errorf("cached EXPLAIN after SET enable_indexscan = off:\n%s\nwant a Seq Scan", plan)
	}
	if ids := queryIDs(t, conn, q); !slices.Equal(ids, []int64{3, 1}) {
		t.Errorf("exact scan ids %v, want [3 1]", ids)
	}
	mustExec(t, conn, "RESET enable_indexscan")
	requireIndexScan(t, conn, q, "items_hnsw")
}

// TestPgxQueryExecModes round-trips a vector parameter and result through
// each of pgx's query execution modes (named and unnamed prepared
// statements, describe-then-execute, execute without describe, simple
// protocol).
func TestPgxQueryExecModes(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	ctx := testCtx(t, 30*time.Second)
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(3))")
	modes := []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeCacheDescribe,
		pgx.QueryExecModeDescribeExec, pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol}
	for i, mode := range modes {
		id := int64(i + 1)
		v := []float32{float32(id), -0.5, 1e-5}
		if _, err := conn.Exec(ctx, "INSERT INTO items (id, embedding) VALUES ($1, $2)", mode, id, pgvector.NewVector(v)); err != nil {
			t.Fatalf("%v: INSERT: %v", mode, err)
		}
		var back pgvector.Vector
		var d float64
		err := conn.QueryRow(ctx, "SELECT embedding, embedding <-> $2 FROM items WHERE id = $1", mode,
			id, pgvector.NewVector([]float32{float32(id), 1.5, 1e-5})).Scan(&back, &d)
		if err != nil {
			t.Fatalf("%v: SELECT: %v", mode, err)
		}
		if !slices.Equal(back.Slice(), v) || d != 2 {
			t.Errorf("%v: got (%v, %v), want (%v, 2)", mode, back.Slice(), d, v)
		}
	}
	if ids := queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <-> '[0,0,0]' LIMIT 10"); !slices.Equal(ids, []int64{1, 2, 3, 4, 5}) {
		t.Fatalf("ids %v, want [1 2 3 4 5]", ids)
	}
}
