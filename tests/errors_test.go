package tests

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// errorCase is one statement and the error pgvector gives for it
// (/work/shared/pgvector-compat.md, "Errors"). position 0 means the
// position is not checked.
type errorCase struct {
	name     string
	sql      string
	code     string
	message  string
	detail   string
	hint     string
	position int32
}

var vectorErrorCases = []errorCase{
	{name: "unterminated", sql: "SELECT '[1,2'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "[1,2"`, position: 8},
	{name: "empty element", sql: "SELECT '[1,,3]'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "[1,,3]"`, position: 8},
	{name: "trailing comma", sql: "SELECT '[1,]'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "[1,]"`, position: 8},
	{name: "word element", sql: "SELECT '[hello,1]'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "[hello,1]"`, position: 8},
	{name: "junk in element", sql: "SELECT '[1a]'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "[1a]"`, position: 8},
	{name: "no bracket", sql: "SELECT 'abc'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "abc"`, detail: `Vector contents must start with "[".`, position: 8},
	{name: "empty string", sql: "SELECT ''::vector", code: "22P02",
		message: `invalid input syntax for type vector: ""`, detail: `Vector contents must start with "[".`, position: 8},
	{name: "bare list", sql: "SELECT '1,2,3'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "1,2,3"`, detail: `Vector contents must start with "[".`, position: 8},
	{name: "junk after bracket", sql: "SELECT '[1,2,3]9'::vector", code: "22P02",
		message: `invalid input syntax for type vector: "[1,2,3]9"`, detail: "Junk after closing right brace.", position: 8},
	{name: "no dimensions", sql: "SELECT '[]'::vector", code: "22000",
		message: "vector must have at least 1 dimension", position: 8},
	{name: "NaN", sql: "SELECT '[1,NaN]'::vector", code: "22000",
		message: "NaN not allowed in vector", position: 8},
	{name: "Infinity", sql: "SELECT '[1,Infinity]'::vector", code: "22000",
		message: "infinite value not allowed in vector", position: 8},
	{name: "minus Infinity", sql: "SELECT '[-Infinity,1]'::vector", code: "22000",
		message: "infinite value not allowed in vector", position: 8},
	{name: "inf", sql: "SELECT '[inf]'::vector", code: "22000",
		message: "infinite value not allowed in vector", position: 8},
	{name: "float4 overflow", sql: "SELECT '[4e38,1]'::vector", code: "22003",
		message: `"4e38" is out of range for type vector`, position: 8},
	{name: "too many dimensions for typmod", sql: "SELECT '[1,2,3,4]'::vector(3)", code: "22000",
		message: "expected 3 dimensions, not 4"},
	{name: "insert 4 dims into vector(3)", sql: "INSERT INTO errs (embedding) VALUES ('[1,2,3,4]')", code: "22000",
		message: "expected 3 dimensions, not 4"},
	{name: "typmod too large", sql: "CREATE TABLE big (embedding vector(16001))", code: "22023",
		message: "dimensions for type vector cannot exceed 16000"},
	{name: "typmod zero", sql: "SELECT '[1]'::vector(0)", code: "22023",
		message: "dimensions for type vector must be at least 1"},
	{name: "two typmods", sql: "CREATE TABLE two (embedding vector(3,2))", code: "22023",
		message: "invalid type modifier"},
	{name: "L2 different dimensions", sql: "SELECT '[1,2]'::vector <-> '[1,2,3]'", code: "22000",
		message: "different vector dimensions 2 and 3"},
	{name: "cosine different dimensions", sql: "SELECT '[1,2]'::vector <=> '[1,2,3]'", code: "22000",
		message: "different vector dimensions 2 and 3"},
	{name: "inner product different dimensions", sql: "SELECT '[1,2]'::vector <#> '[1,2,3]'", code: "22000",
		message: "different vector dimensions 2 and 3"},
	{name: "L1 different dimensions", sql: "SELECT '[1,2]'::vector <+> '[1,2,3]'", code: "22000",
		message: "different vector dimensions 2 and 3"},
	{name: "sum different dimensions", sql: "SELECT '[1,2]'::vector + '[1,2,3]'", code: "22000",
		message: "different vector dimensions 2 and 3"},
	{name: "difference different dimensions", sql: "SELECT '[1,2]'::vector - '[1,2,3]'", code: "22000",
		message: "different vector dimensions 2 and 3"},
	{name: "sum overflow", sql: "SELECT '[3e38]'::vector + '[3e38]'", code: "22003",
		message: "value out of range: overflow"},
	{name: "16001 elements", sql: "SELECT '[" + strings.Repeat("1,", 16000) + "1]'::vector", code: "54000",
		message: "vector cannot have more than 16000 dimensions"},
	{name: "hnsw without dimensions", sql: "CREATE INDEX ON nodim USING hnsw (embedding vector_l2_ops)", code: "22023",
		message: "column does not have dimensions"},
	{name: "hnsw over 2000 dimensions", sql: "CREATE INDEX ON wide USING hnsw (embedding vector_l2_ops)", code: "54000",
		message: "column cannot have more than 2000 dimensions for hnsw index"},
	{name: "hnsw without opclass", sql: "CREATE INDEX ON errs USING hnsw (embedding)", code: "42704",
		message: `data type vector has no default operator class for access method "hnsw"`,
		hint:    "You must specify an operator class for the index or define a default operator class for the data type."},
	{name: "hnsw m = 101", sql: "CREATE INDEX ON errs USING hnsw (embedding vector_l2_ops) WITH (m = 101)", code: "22023",
		message: `value 101 out of bounds for option "m"`, detail: `Valid values are between "2" and "100".`},
	{name: "hnsw ef_construction = 1001", sql: "CREATE INDEX ON errs USING hnsw (embedding vector_l2_ops) WITH (ef_construction = 1001)",
		code: "22023", message: `value 1001 out of bounds for option "ef_construction"`, detail: `Valid values are between "4" and "1000".`},
	{name: "hnsw m = 1", sql: "CREATE INDEX ON errs USING hnsw (embedding vector_l2_ops) WITH (m = 1)", code: "22023",
		message: `value 1 out of bounds for option "m"`, detail: `Valid values are between "2" and "100".`},
	{name: "hnsw ef_construction < 2m", sql: "CREATE INDEX ON errs USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 31)",
		code: "22023", message: "ef_construction must be greater than or equal to 2 * m"},
	{name: "ef_search = 0", sql: "SET hnsw.ef_search = 0", code: "22023",
		message: `0 is outside the valid range for parameter "hnsw.ef_search" (1 .. 1000)`},
	{name: "ef_search = 1001", sql: "SET hnsw.ef_search = 1001", code: "22023",
		message: `1001 is outside the valid range for parameter "hnsw.ef_search" (1 .. 1000)`},
	{name: "iterative_scan = on", sql: "SET hnsw.iterative_scan = on", code: "22023",
		message: `invalid value for parameter "hnsw.iterative_scan": "on"`, hint: "Available values: off, relaxed_order, strict_order."},
}

// TestVectorErrors checks SQLSTATE, message, detail, hint and position of
// every vector error pgvector documents that vecgres covers, and that the
// connection is usable after each one.
func TestVectorErrors(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	mustExec(t, conn, "CREATE TABLE errs (id bigserial PRIMARY KEY, embedding vector(3))")
	mustExec(t, conn, "CREATE TABLE nodim (id bigint, embedding vector)")
	mustExec(t, conn, "CREATE TABLE wide (id bigint, embedding vector(2001))")
	for _, tc := range vectorErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := conn.Exec(testCtx(t, 10*time.Second), tc.sql)
			checkError(t, err, tc)
			selectOne(t, conn)
		})
	}
}

// TestVectorBinaryInputErrors sends raw binary vector parameters: unused
// must be 0, dim at least 1, and the value no longer than dim says.
func TestVectorBinaryInputErrors(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	var oid uint32
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT to_regtype('vector')::oid").Scan(&oid); err != nil {
		t.Fatal(err)
	}
	vec := func(dim, unused int16, elems ...float32) []byte {
		b := binary.BigEndian.AppendUint16(nil, uint16(dim))
		b = binary.BigEndian.AppendUint16(b, uint16(unused))
		for _, f := range elems {
			b = binary.BigEndian.AppendUint32(b, math.Float32bits(f))
		}
		return b
	}
	cases := []struct {
		errorCase
		value []byte
	}{
		{errorCase{name: "unused 7", code: "22000", message: "expected unused to be 0, not 7"}, vec(3, 7, 1, 2, 3)},
		{errorCase{name: "dim 0", code: "22000", message: "vector must have at least 1 dimension"}, vec(0, 0)},
		{errorCase{name: "NaN", code: "22000", message: "NaN not allowed in vector"}, vec(2, 0, 1, float32(math.NaN()))},
		{errorCase{name: "infinity", code: "22000", message: "infinite value not allowed in vector"}, vec(2, 0, float32(math.Inf(1)), 1)},
		{errorCase{name: "trailing bytes", code: "22P03", message: "incorrect binary data format"}, append(vec(1, 0, 1), 0, 0, 0, 0)},
		{errorCase{name: "truncated", code: "08P01", message: "insufficient data left in message"}, vec(3, 0, 1, 2)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := conn.PgConn().ExecParams(testCtx(t, 10*time.Second), "SELECT vector_dims($1)",
				[][]byte{tc.value}, []uint32{oid}, []int16{pgx.BinaryFormatCode}, nil).Read()
			checkError(t, res.Err, tc.errorCase)
			selectOne(t, conn)
		})
	}
	// A well-formed binary value is accepted: [1.5,-2,3] from the compat notes.
	ok := []byte{0, 3, 0, 0, 0x3f, 0xc0, 0, 0, 0xc0, 0, 0, 0, 0x40, 0x40, 0, 0}
	res := conn.PgConn().ExecParams(testCtx(t, 10*time.Second), "SELECT $1::text",
		[][]byte{ok}, []uint32{oid}, []int16{pgx.BinaryFormatCode}, nil).Read()
	if res.Err != nil || len(res.Rows) != 1 || string(res.Rows[0][0]) != "[1.5,-2,3]" {
		t.Fatalf("binary [1.5,-2,3]: rows %q, err %v", res.Rows, res.Err)
	}
}

func checkError(t *testing.T, err error, tc errorCase) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %s %s", tc.sql, tc.code, tc.message)
		return
	}
	pe := asPgError(t, err)
	if pe.Code != tc.code || pe.Message != tc.message || pe.Detail != tc.detail || pe.Hint != tc.hint {
		t.Errorf("%s:\n got %s %q detail %q hint %q\nwant %s %q detail %q hint %q",
			tc.sql, pe.Code, pe.Message, pe.Detail, pe.Hint, tc.code, tc.message, tc.detail, tc.hint)
	}
	if pe.Severity != "ERROR" {
		t.Errorf("%s: severity %q, want ERROR", tc.sql, pe.Severity)
	}
	if tc.position != 0 && pe.Position != tc.position {
		t.Errorf("%s: position %d, want %d", tc.sql, pe.Position, tc.position)
	}
}

// selectOne fails the test unless SELECT 1 works on conn.
func selectOne(t *testing.T, conn *pgx.Conn) {
	t.Helper()
	var one int
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("SELECT 1 after the error: %d, %v", one, err)
	}
}

// TestVectorCopyErrors checks that a bad vector in COPY FROM STDIN fails
// the whole COPY with the element's error and a CONTEXT naming the line
// and column, and that no row of the failed COPY is stored.
func TestVectorCopyErrors(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	mustExec(t, conn, "CREATE TABLE errs (id bigint PRIMARY KEY, embedding vector(3))")
	cases := []struct {
		errorCase
		data  string
		where string
	}{
		{errorCase{name: "text syntax", sql: "COPY errs (id, embedding) FROM STDIN", code: "22P02",
			message: `invalid input syntax for type vector: "[1,2"`},
			"1\t[1,2,3]\n2\t[1,2\n", `COPY errs, line 2, column embedding: "[1,2"`},
		{errorCase{name: "csv NaN", sql: "COPY errs (id, embedding) FROM STDIN WITH (FORMAT csv)", code: "22000",
			message: "NaN not allowed in vector"},
			"1,\"[1,NaN,3]\"\n", `COPY errs, line 1, column embedding: "[1,NaN,3]"`},
		{errorCase{name: "text dimensions", sql: "COPY errs (id, embedding) FROM STDIN", code: "22000",
			message: "expected 3 dimensions, not 2"},
			"1\t[1,2,3]\n2\t[4,5,6]\n3\t[1,2]\n", `COPY errs, line 3, column embedding: "[1,2]"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := conn.PgConn().CopyFrom(testCtx(t, 10*time.Second), strings.NewReader(tc.data), tc.sql)
			checkError(t, err, tc.errorCase)
			if err != nil && asPgError(t, err).Where != tc.where {
				t.Errorf("CONTEXT %q, want %q", asPgError(t, err).Where, tc.where)
			}
			selectOne(t, conn)
			var n int64
			if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM errs").Scan(&n); err != nil || n != 0 {
				t.Fatalf("after the failed COPY: count(*) = %d, %v; want 0", n, err)
			}
		})
	}
}

// TestVectorParameterTypes sends a double precision[] parameter (OID
// 1022, as psycopg does for a list): against <-> it is 42883, in an
// INSERT it is assigned to the vector column. Comparing vectors of
// different lengths is not an error.
func TestVectorParameterTypes(t *testing.T) {
	t.Parallel()
	conn := vectorConn(t, startServer(t, ""))
	mustExec(t, conn, "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3))")
	const float8Array = 1022
	param := [][]byte{[]byte("{1,2,3.5}")}
	res := conn.PgConn().ExecParams(testCtx(t, 10*time.Second), "SELECT '[1,2,3]'::vector <-> $1",
		param, []uint32{float8Array}, nil, nil).Read()
	checkError(t, res.Err, errorCase{sql: "vector <-> $1::float8[]", code: "42883",
		message: "operator does not exist: vector <-> double precision[]",
		hint:    "No operator matches the given name and argument types. You might need to add explicit type casts."})
	selectOne(t, conn)
	res = conn.PgConn().ExecParams(testCtx(t, 10*time.Second), "INSERT INTO items (embedding) VALUES ($1) RETURNING id, embedding",
		param, []uint32{float8Array}, nil, nil).Read()
	if res.Err != nil || len(res.Rows) != 1 || string(res.Rows[0][0]) != "1" || string(res.Rows[0][1]) != "[1,2,3.5]" {
		t.Fatalf("INSERT float8[] into vector(3): rows %q, err %v; want [1 [1,2,3.5]]", res.Rows, res.Err)
	}
	var lt, eq bool
	err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT '[1,2]'::vector < '[1,2,3]', '[1,2]'::vector = '[1,2,3]'").Scan(&lt, &eq)
	if err != nil || !lt || eq {
		t.Fatalf("[1,2] < [1,2,3], [1,2] = [1,2,3]: %v, %v, %v; want true, false", lt, eq, err)
	}
}
