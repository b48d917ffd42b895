package tests

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// TestMultidimArraysPgxBinary sends and reads arrays of several
// dimensions and lower bounds in the binary format through pgx: the
// parameter keeps its shape (array_dims of it), a stored 2-D array comes
// back with its dimensions and lower bounds, and an empty one with none.
func TestMultidimArraysPgxBinary(t *testing.T) {
	srv := startServer(t, "")
	conn := srv.connect(t)
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, `CREATE TABLE ma (id int PRIMARY KEY, a int[], t text[])`)
	in := pgtype.Array[int32]{Elements: []int32{1, 2, 3, 4, 5, 6}, Valid: true,
		Dims: []pgtype.ArrayDimension{{Length: 2, LowerBound: 0}, {Length: 3, LowerBound: 1}}}
	texts := pgtype.Array[pgtype.Text]{Elements: []pgtype.Text{{String: "a b", Valid: true}, {}}, Valid: true,
		Dims: []pgtype.ArrayDimension{{Length: 1, LowerBound: 1}, {Length: 2, LowerBound: 1}}}
	mustExec(t, conn, `INSERT INTO ma VALUES (1, $1, $2), (2, '{}', '{}')`, in, texts)
	var dims, text string
	if err := conn.QueryRow(ctx, `SELECT array_dims($1::int[]), a::text FROM ma WHERE id = 1`, in).Scan(&dims, &text); err != nil {
		t.Fatal(err)
	}
	if dims != "[0:1][1:3]" || text != "[0:1][1:3]={{1,2,3},{4,5,6}}" {
		t.Errorf("array_dims %q, text %q", dims, text)
	}
	var out pgtype.Array[int32]
	var outT pgtype.Array[pgtype.Text]
	if err := conn.QueryRow(ctx, `SELECT a, t FROM ma WHERE id = 1`).Scan(&out, &outT); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out, in) || !reflect.DeepEqual(outT, texts) {
		t.Errorf("read back %+v %+v, want %+v %+v", out, outT, in, texts)
	}
	var sub pgtype.Array[int32]
	if err := conn.QueryRow(ctx, `SELECT a[0:0][2:] FROM ma WHERE id = 1`).Scan(&sub); err != nil {
		t.Fatal(err)
	}
	if want := []pgtype.ArrayDimension{{Length: 1, LowerBound: 1}, {Length: 2, LowerBound: 1}}; !reflect.DeepEqual(sub.Dims, want) || !reflect.DeepEqual(sub.Elements, []int32{2, 3}) {
		t.Errorf("slice %+v", sub)
	}
	var empty pgtype.Array[int32]
	if err := conn.QueryRow(ctx, `SELECT a FROM ma WHERE id = 2`).Scan(&empty); err != nil {
		t.Fatal(err)
	}
	if !empty.Valid || len(empty.Dims) != 0 || len(empty.Elements) != 0 {
		t.Errorf("empty array %+v", empty)
	}
	var grid [][]int32
	if err := conn.QueryRow(ctx, `SELECT ARRAY[[1,2],[3,4]]`).Scan(&grid); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(grid, [][]int32{{1, 2}, {3, 4}}) {
		t.Errorf("[][]int32 %v", grid)
	}
}

// TestOutputSettingsCopyTo checks that COPY TO follows extra_float_digits
// and bytea_output, in arrays too, and with TimeZone and IntervalStyle in
// records too; the expected bytes are PostgreSQL 15's for the same
// statements.
func TestOutputSettingsCopyTo(t *testing.T) {
	srv := startServer(t, "")
	conn := srv.connect(t)
	mustExec(t, conn, `CREATE TABLE cs (id int, f8 float8, f4 real, b bytea, fa float8[], ba bytea[])`)
	mustExec(t, conn, `INSERT INTO cs VALUES (1, 1/3::float8, 1/3::real, '\x00ff5c41', '{{0.1,1e20},{NaN,-0.0}}', ARRAY['\x0a'::bytea, '\x5c'])`)
	copyTo := func(sql string) string {
		var buf bytes.Buffer
		if _, err := conn.PgConn().CopyTo(testCtx(t, 30*time.Second), &buf, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return buf.String()
	}
	plain := "1\t0.3333333333333333\t0.33333334\t\\\\x00ff5c41\t{{0.1,1e+20},{NaN,-0}}\t{\"\\\\\\\\x0a\",\"\\\\\\\\x5c\"}\n"
	if got := copyTo(`COPY cs TO STDOUT`); got != plain {
		t.Errorf("defaults:\n got %q\nwant %q", got, plain)
	}
	mustExec(t, conn, `SET extra_float_digits = -2`)
	mustExec(t, conn, `SET bytea_output = 'escape'`)
	styled := "1\t0.3333333333333\t0.3333\t\\\\000\\\\377\\\\\\\\A\t{{0.1,1e+20},{NaN,-0}}\t{\"\\\\\\\\012\",\"\\\\\\\\\\\\\\\\\"}\n"
	if got := copyTo(`COPY cs TO STDOUT`); got != styled {
		t.Errorf("table:\n got %q\nwant %q", got, styled)
	}
	csv := "1,0.3333333333333,0.3333,\\000\\377\\\\A,\"{{0.1,1e+20},{NaN,-0}}\",\"{\"\"\\\\012\"\",\"\"\\\\\\\\\"\"}\"\n"
	if got := copyTo(`COPY (SELECT * FROM cs) TO STDOUT WITH (FORMAT csv)`); got != csv {
		t.Errorf("query:\n got %q\nwant %q", got, csv)
	}
	// TimeZone and IntervalStyle share the one session Style with them.
	mustExec(t, conn, `SET TimeZone = 'America/New_York'`)
	mustExec(t, conn, `SET IntervalStyle = 'iso_8601'`)
	q := `(SELECT '2024-12-01 12:00:00+00'::timestamptz, 2/3::float8, '\x0a'::bytea, interval '3 hours',` +
		` ROW('2024-12-01 12:00:00+00'::timestamptz, 2/3::float8, '\x5c'::bytea))`
	all := "2024-12-01 07:00:00-05\t0.6666666666667\t\\\\012\tPT3H\t(\"2024-12-01 07:00:00-05\",0.6666666666667,\"\\\\\\\\\\\\\\\\\")\n"
	if got := copyTo(`COPY ` + q + ` TO STDOUT`); got != all {
		t.Errorf("all four settings:\n got %q\nwant %q", got, all)
	}
	allCSV := "2024-12-01 07:00:00-05,0.6666666666667,\\012,PT3H,\"(\"\"2024-12-01 07:00:00-05\"\",0.6666666666667,\"\"\\\\\\\\\"\")\"\n"
	if got := copyTo(`COPY ` + q + ` TO STDOUT WITH (FORMAT csv)`); got != allCSV {
		t.Errorf("all four settings, csv:\n got %q\nwant %q", got, allCSV)
	}
}
