package tests

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/lib/pq"
	"github.com/pgvector/pgvector-go"
	pgxvector "github.com/pgvector/pgvector-go/pgx"
)

// Array parameters as drivers send them: pgx in binary (array_recv) with
// parameter types the server infers or the client declares, lib/pq's
// pq.Array in text (array_in) with unspecified types, and arrays read back
// in each format. The vector-free parts also run against PostgreSQL 15.

// pgxConnect opens a pgx connection to dsn, closed when the test ends.
func pgxConnect(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(testCtx(t, 10*time.Second), dsn)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func pgxIDs(t *testing.T, conn *pgx.Conn, query string, args ...any) []int64 {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 30*time.Second), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return ids
}

func uuidOf(b byte) pgtype.UUID {
	var u pgtype.UUID
	for i := range u.Bytes {
		u.Bytes[i] = b + byte(i)
	}
	u.Valid = true
	return u
}

// TestArraysPgx sends []int64, []string, []*string (NULL elements),
// []pgtype.UUID, []bool, []float64 and []time.Time parameters in binary,
// reads the arrays back in binary, and checks op ANY/ALL with array
// parameters whose type the server infers from the left operand.
func TestArraysPgx(t *testing.T) {
	t.Parallel()
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		ctx := testCtx(t, 60*time.Second)
		conn := pgxConnect(t, tg.dsn)
		mustExec(t, conn, "DROP TABLE IF EXISTS arr_pgx")
		mustExec(t, conn, "CREATE TABLE arr_pgx (id bigint PRIMARY KEY, tags text[], nums int8[], uids uuid[], flags bool[], scores float8[], days date[])")
		a, c := "a", "c d"
		day := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
		rows := []struct {
			id    int64
			tags  []*string
			nums  []int64
			uids  []pgtype.UUID
			flags []bool
		}{
			{1, []*string{&a, nil, &c}, []int64{10, 20}, []pgtype.UUID{uuidOf(1)}, []bool{true}},
			{2, []*string{&c}, []int64{}, []pgtype.UUID{uuidOf(2), uuidOf(3)}, nil},
			{3, nil, []int64{30, -1 << 40}, nil, []bool{false, true}},
		}
		for _, r := range rows {
			mustExec(t, conn, "INSERT INTO arr_pgx (id, tags, nums, uids, flags, scores, days) VALUES ($1, $2, $3, $4, $5, $6, $7)",
				r.id, r.tags, r.nums, r.uids, r.flags, []float64{float64(r.id) / 2}, []time.Time{day})
		}

		// Read back in binary.
		var tags []*string
		var nums []int64
		var uids []pgtype.UUID
		var scores []float64
		var days []time.Time
		err := conn.QueryRow(ctx, "SELECT tags, nums, uids, scores, days FROM arr_pgx WHERE id = 1").Scan(&tags, &nums, &uids, &scores, &days)
		if err != nil {
			t.Fatal(err)
		}
		if len(tags) != 3 || *tags[0] != "a" || tags[1] != nil || *tags[2] != "c d" || !slices.Equal(nums, []int64{10, 20}) ||
			!slices.Equal(uids, []pgtype.UUID{uuidOf(1)}) || !slices.Equal(scores, []float64{0.5}) || len(days) != 1 || !days[0].Equal(day) {
			t.Fatalf("row 1 = %v %v %v %v %v", tags, nums, uids, scores, days)
		}
		var empty []int64
		var nullTags []string
		if err := conn.QueryRow(ctx, "SELECT nums, tags FROM arr_pgx WHERE id = 2").Scan(&empty, &nullTags); err != nil || empty == nil || len(empty) != 0 {
			t.Fatalf("empty int8[]: %v (nil %v), %v", empty, empty == nil, err)
		}

		// op ANY / ALL with array parameters.
		checks := []struct {
			query string
			args  []any
			want  []int64
		}{
			{"SELECT id FROM arr_pgx WHERE id = ANY($1) ORDER BY id", []any{[]int64{3, 1, 99}}, []int64{1, 3}},
			{"SELECT id FROM arr_pgx WHERE id <> ALL($1) ORDER BY id", []any{[]int64{2}}, []int64{1, 3}},
			{"SELECT id FROM arr_pgx WHERE id = ANY($1) ORDER BY id", []any{[]int64{}}, nil},
			{"SELECT id FROM arr_pgx WHERE $1 = ANY(tags) ORDER BY id", []any{"c d"}, []int64{1, 2}},
			{"SELECT id FROM arr_pgx WHERE $1 = ANY(uids) ORDER BY id", []any{uuidOf(3)}, []int64{2}},
			{"SELECT id FROM arr_pgx WHERE nums[1] > ANY($1) ORDER BY id", []any{[]int64{15, 25}}, []int64{3}},
			{"SELECT id FROM arr_pgx WHERE nums[1] < ALL($1) ORDER BY id", []any{[]int64{15, 25}}, []int64{1}},
			{"SELECT id FROM arr_pgx WHERE 20 = ANY(nums) OR id = ANY($1::bigint[]) ORDER BY id", []any{[]int64{2}}, []int64{1, 2}},
			{"SELECT id FROM arr_pgx WHERE tags = $1 ORDER BY id", []any{[]string{"c d"}}, []int64{2}},
			{"SELECT id FROM arr_pgx WHERE cardinality(nums) = $1 ORDER BY id", []any{2}, []int64{1, 3}},
		}
		for _, c := range checks {
			if got := pgxIDs(t, conn, c.query, c.args...); !slices.Equal(got, c.want) {
				t.Errorf("%s %v = %v, want %v", c.query, c.args, got, c.want)
			}
		}

		// A parameter the client declares as bigint[] (OID 1016), encoded in
		// binary by pgx's codec for that OID.
		pc := conn.PgConn()
		sd, err := pc.Prepare(ctx, "arr_any", "SELECT id FROM arr_pgx WHERE id = ANY($1) ORDER BY id", []uint32{1016})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sd.ParamOIDs, []uint32{1016}) {
			t.Fatalf("ParamOIDs %v, want [1016]", sd.ParamOIDs)
		}
		param, err := conn.TypeMap().Encode(1016, pgx.BinaryFormatCode, []int64{2, 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		res := pc.ExecPrepared(ctx, "arr_any", [][]byte{param}, []int16{pgx.BinaryFormatCode}, []int16{pgx.TextFormatCode}).Read()
		if res.Err != nil || len(res.Rows) != 2 || string(res.Rows[0][0]) != "2" || string(res.Rows[1][0]) != "3" {
			t.Fatalf("declared bigint[]: %v %q", res.Err, res.Rows)
		}
		// The server describes an inferred array parameter by its OID.
		sd, err = pc.Prepare(ctx, "arr_infer", "SELECT id FROM arr_pgx WHERE $1 = ANY(tags) AND id = ANY($2)", nil)
		if err != nil || !slices.Equal(sd.ParamOIDs, []uint32{25, 1016}) {
			t.Fatalf("inferred ParamOIDs %v, %v; want [25 1016]", sd.ParamOIDs, err)
		}

		// A malformed binary array is 22P03 / 42804 as in PostgreSQL.
		bad, _ := conn.TypeMap().Encode(1007, pgx.BinaryFormatCode, []int32{1}, nil)
		res = pc.ExecPrepared(ctx, "arr_any", [][]byte{bad}, []int16{pgx.BinaryFormatCode}, nil).Read()
		wantCode(t, res.Err, "42804")

		if tg.vectors {
			pgxVectorArrays(t, conn)
		}
	})
}

// pgxVectorArrays sends vector[] parameters ([]pgvector.Vector, pgvector's
// _vector type registered by pgvector-go) and reads them back.
func pgxVectorArrays(t *testing.T, conn *pgx.Conn) {
	ctx := testCtx(t, 30*time.Second)
	mustExec(t, conn, "CREATE EXTENSION IF NOT EXISTS vector")
	if err := pgxvector.RegisterTypes(ctx, conn); err != nil {
		t.Fatal(err)
	}
	mustExec(t, conn, "DROP TABLE IF EXISTS arr_vec")
	mustExec(t, conn, "CREATE TABLE arr_vec (id int PRIMARY KEY, vs vector[], embedding vector(2))")
	v1, v2 := pgvector.NewVector([]float32{1, 2}), pgvector.NewVector([]float32{3, 4.5})
	mustExec(t, conn, "INSERT INTO arr_vec VALUES ($1, $2, $3)", 1, []pgvector.Vector{v1, v2}, v1)
	mustExec(t, conn, "INSERT INTO arr_vec VALUES ($1, $2, $3)", 2, []pgvector.Vector{v2}, v2)
	var vs []pgvector.Vector
	if err := conn.QueryRow(ctx, "SELECT vs FROM arr_vec WHERE id = 1").Scan(&vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || !slices.Equal(vs[0].Slice(), v1.Slice()) || !slices.Equal(vs[1].Slice(), v2.Slice()) {
		t.Fatalf("vs = %v", vs)
	}
	if got := pgxIDs(t, conn, "SELECT id FROM arr_vec WHERE $1 = ANY(vs) ORDER BY id", v2); !slices.Equal(got, []int64{1, 2}) {
		t.Errorf("$1 = ANY(vs) = %v", got)
	}
	if got := pgxIDs(t, conn, "SELECT id FROM arr_vec WHERE embedding = ANY($1) ORDER BY id", []pgvector.Vector{v1}); !slices.Equal(got, []int64{1}) {
		t.Errorf("embedding = ANY($1) = %v", got)
	}
	var first pgvector.Vector
	if err := conn.QueryRow(ctx, "SELECT vs[2] FROM arr_vec WHERE id = 1").Scan(&first); err != nil || !slices.Equal(first.Slice(), v2.Slice()) {
		t.Fatalf("vs[2] = %v, %v", first, err)
	}
	// float8[] and real[] parameters still cast to vector.
	mustExec(t, conn, "INSERT INTO arr_vec (id, embedding) VALUES ($1, $2::real[]::vector)", 3, []float32{5, 6})
	mustExec(t, conn, "INSERT INTO arr_vec (id, embedding) VALUES ($1, $2::float8[])", 4, []float64{7, 8})
	var e3, e4 pgvector.Vector
	if err := conn.QueryRow(ctx, "SELECT embedding FROM arr_vec WHERE id = 3").Scan(&e3); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, "SELECT embedding FROM arr_vec WHERE id = 4").Scan(&e4); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e3.Slice(), []float32{5, 6}) || !slices.Equal(e4.Slice(), []float32{7, 8}) {
		t.Fatalf("casts to vector: %v %v", e3, e4)
	}
	_, err := conn.Exec(ctx, "INSERT INTO arr_vec (id, embedding) VALUES ($1, $2::float8[])", 5, []*float64{nil, nil})
	wantCode(t, err, "22004")
}

// TestArraysPQ sends pq.Array parameters (text format, types left to the
// server) and scans arrays back with pq.Array.
func TestArraysPQ(t *testing.T) {
	t.Parallel()
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		db := openPQ(t, tg.dsn)
		pqExec(t, db, "DROP TABLE IF EXISTS arr_pq", "CREATE TABLE arr_pq (id bigint PRIMARY KEY, tags text[], nums int4[], scores float8[])")
		ins := "INSERT INTO arr_pq (id, tags, nums, scores) VALUES ($1, $2, $3, $4)"
		inserts := []struct {
			id     int64
			tags   []string
			nums   []int64
			scores []float64
		}{
			{1, []string{"a", "b c", `q"x`, `back\slash`, "", "NULL", "{}"}, []int64{1, 2}, []float64{0.5}},
			{2, []string{"z"}, []int64{}, nil},
			{3, nil, []int64{-7}, []float64{1e300, -2.5}},
		}
		ctx := testCtx(t, 60*time.Second)
		for _, r := range inserts {
			if _, err := db.ExecContext(ctx, ins, r.id, pq.Array(r.tags), pq.Array(r.nums), pq.Array(r.scores)); err != nil {
				t.Fatalf("insert %d: %v", r.id, err)
			}
		}
		for _, r := range inserts {
			var tags []string
			var nums []int64
			var scores []float64
			err := db.QueryRowContext(ctx, "SELECT tags, nums, scores FROM arr_pq WHERE id = $1", r.id).Scan(pq.Array(&tags), pq.Array(&nums), pq.Array(&scores))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(tags, r.tags) || !slices.Equal(nums, r.nums) || !slices.Equal(scores, r.scores) {
				t.Errorf("row %d = %q %v %v, want %q %v %v", r.id, tags, nums, scores, r.tags, r.nums, r.scores)
			}
		}
		var withNull []sql.NullString
		if err := db.QueryRowContext(ctx, "SELECT '{a,NULL}'::text[]").Scan(pq.Array(&withNull)); err != nil ||
			len(withNull) != 2 || withNull[0].String != "a" || withNull[1].Valid {
			t.Fatalf("NULL element: %v, %v", withNull, err)
		}
		checks := []struct {
			query string
			arg   any
			want  []int64
		}{
			{"SELECT id FROM arr_pq WHERE id = ANY($1) ORDER BY id", pq.Array([]int64{1, 3}), []int64{1, 3}},
			{"SELECT id FROM arr_pq WHERE id <> ALL($1) ORDER BY id", pq.Array([]int64{1}), []int64{2, 3}},
			{"SELECT id FROM arr_pq WHERE $1 = ANY(tags) ORDER BY id", `q"x`, []int64{1}},
			{"SELECT id FROM arr_pq WHERE tags[1] = ANY($1) ORDER BY id", pq.Array([]string{"z", "a"}), []int64{1, 2}},
			{"SELECT id FROM arr_pq WHERE -7 = ANY(nums) OR id = ANY($1::int8[]) ORDER BY id", pq.Array([]int64{2}), []int64{2, 3}},
			{"SELECT id FROM arr_pq WHERE array_length(tags, 1) = $1 ORDER BY id", 7, []int64{1}},
		}
		for _, c := range checks {
			rows, err := db.QueryContext(ctx, c.query, c.arg)
			if err != nil {
				t.Fatalf("%s: %v", c.query, err)
			}
			var got []int64
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					t.Fatal(err)
				}
				got = append(got, id)
			}
			rows.Close()
			if !slices.Equal(got, c.want) {
				t.Errorf("%s = %v, want %v", c.query, got, c.want)
			}
		}
		_, err := db.ExecContext(ctx, "SELECT id FROM arr_pq WHERE id = ANY($1)", "{1,,2}")
		pe := wantPQCode(t, err, "22P02")
		if want := `malformed array literal: "{1,,2}"`; pe.Message != want || pe.Detail != `Unexpected "," character.` {
			t.Errorf("malformed: %q / %q", pe.Message, pe.Detail)
		}
		if tg.vectors {
			pqVectorArrays(t, db)
		}
	})
}

// pqVectorArrays sends a vector[] as pq.Array of pgvector.Vector (text)
// and a float8[] cast to vector.
func pqVectorArrays(t *testing.T, db *sql.DB) {
	ctx := testCtx(t, 30*time.Second)
	pqExec(t, db, "CREATE EXTENSION IF NOT EXISTS vector", "DROP TABLE IF EXISTS arr_pq_vec", "CREATE TABLE arr_pq_vec (id int, vs vector[])")
	vs := []pgvector.Vector{pgvector.NewVector([]float32{1, 2}), pgvector.NewVector([]float32{3, 4})}
	strs := make([]string, len(vs))
	for i, v := range vs {
		strs[i] = v.String()
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO arr_pq_vec VALUES (1, $1)", pq.Array(strs)); err != nil {
		t.Fatal(err)
	}
	var text string
	if err := db.QueryRowContext(ctx, "SELECT vs::text FROM arr_pq_vec").Scan(&text); err != nil || text != `{"[1,2]","[3,4]"}` {
		t.Fatalf("vs = %q, %v", text, err)
	}
	var n int
	err := db.QueryRowContext(ctx, "SELECT count(*) FROM arr_pq_vec WHERE $1::vector = ANY(vs)", fmt.Sprint(vs[1])).Scan(&n)
	if err != nil || n != 1 {
		t.Fatalf("ANY(vs): %d, %v", n, err)
	}
}

// TestArraysDurable stores array columns, kills the server and restarts it
// (WAL replay), then stops it (a clean stop writes a checkpoint) and
// restarts again (snapshot load), reading them back each time.
func TestArraysDurable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startServer(t, dir)
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE arr_d (id int PRIMARY KEY, tags text[], nums int8[], vs vector[])")
	mustExec(t, conn, `INSERT INTO arr_d VALUES (1, '{a,NULL,"b c"}', '{1,NULL}', '{"[1,2]",NULL}'), (2, '{}', NULL, '{}')`)
	want := `1|{a,NULL,"b c"}|{1,NULL}|{"[1,2]",NULL};2|{}|NULL|{}`
	read := func(s *server) string {
		c := s.connect(t)
		rows, err := c.Query(testCtx(t, 10*time.Second), "SELECT id::text, tags::text, nums::text, vs::text FROM arr_d ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for rows.Next() {
			var a, b, d string
			var c *string
			if err := rows.Scan(&a, &b, &c, &d); err != nil {
				t.Fatal(err)
			}
			if c == nil {
				c = new(string)
				*c = "NULL"
			}
			out = append(out, a+"|"+b+"|"+*c+"|"+d)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return strings.Join(out, ";")
	}
	if got := read(s); got != want {
		t.Fatalf("before restart: %s, want %s", got, want)
	}
	s.Kill()
	s = startServer(t, dir)
	if got := read(s); got != want {
		t.Fatalf("after WAL replay: %s, want %s", got, want)
	}
	s.Stop()
	s = startServer(t, dir)
	if got := read(s); got != want {
		t.Fatalf("after snapshot: %s, want %s", got, want)
	}
}

// TestArraysAnyIndex checks that col = ANY (array) reads a B-tree index
// and returns exactly the matching rows.
func TestArraysAnyIndex(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE arr_ix (id bigint PRIMARY KEY, name text)")
	mustExec(t, conn, "INSERT INTO arr_ix SELECT 1, 'n1'")
	for i := 2; i <= 2000; i++ {
		mustExec(t, conn, "INSERT INTO arr_ix VALUES ($1, $2)", i, fmt.Sprintf("n%d", i%100))
	}
	mustExec(t, conn, "CREATE INDEX arr_ix_name ON arr_ix (name)")
	mustExec(t, conn, "CREATE INDEX arr_ix_id ON arr_ix (id)")
	requireIndexScan(t, conn, "SELECT id FROM arr_ix WHERE id = ANY('{5,7,1999}')", "arr_ix_id")
	requireIndexScan(t, conn, "SELECT id FROM arr_ix WHERE name = ANY('{n3}') AND id < 500", "arr_ix_name")
	checks := []struct {
		query string
		args  []any
		want  []int64
	}{
		{"SELECT id FROM arr_ix WHERE id = ANY($1) ORDER BY id", []any{[]int64{1999, 5, 7, 5, 4000}}, []int64{5, 7, 1999}},
		{"SELECT id FROM arr_ix WHERE id = ANY($1) ORDER BY id", []any{[]int64{}}, nil},
		{"SELECT id FROM arr_ix WHERE id = ANY('{5,NULL}') ORDER BY id", nil, []int64{5}},
		{"SELECT id FROM arr_ix WHERE id = ANY(NULL::bigint[])", nil, nil},
		{"SELECT id FROM arr_ix WHERE name = ANY($1) AND id < 300 ORDER BY id", []any{[]string{"n3", "n1"}}, []int64{1, 3, 101, 103, 201, 203}},
		{"SELECT id FROM arr_ix WHERE id = ANY($1) AND id > 6 ORDER BY id", []any{[]int64{5, 7}}, []int64{7}},
		{"SELECT id FROM arr_ix WHERE id = ANY($1) OR id = 2 ORDER BY id", []any{[]int64{9}}, []int64{2, 9}},
	}
	for _, c := range checks {
		if got := pgxIDs(t, conn, c.query, c.args...); !slices.Equal(got, c.want) {
			t.Errorf("%s %v = %v, want %v", c.query, c.args, got, c.want)
		}
	}
}
