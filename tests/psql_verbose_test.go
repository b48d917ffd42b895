package tests

import (
	"strings"
	"testing"
)

// TestPsqlVerboseLists runs psql's \dt+, \di+, \d+ and \ds+ against an
// empty table with a bigserial primary key and an HNSW index, and compares
// the aligned output with psql 15's layout of the same cells (printed by
// psql 15 with \pset title 'List of relations'). The cells are what
// PostgreSQL 15 shows (Persistence permanent, Access method heap, btree or
// the index's method, no description), with vecgres's sizes: no rows take
// 0 bytes, a sequence is one 8 kB page.
func TestPsqlVerboseLists(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	setup := []string{"-v", "ON_ERROR_STOP=1", "-q",
		"-c", "CREATE TABLE items (id bigserial PRIMARY KEY, body text, embedding vector(3))",
		"-c", "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops)"}
	if out, errOut, err := psql(t, s, "", setup...); err != nil {
		t.Fatalf("setup: %v\n%s%s", err, out, errOut)
	}
	tablePlus := `                                    List of relations
 Schema | Name  | Type  |  Owner   | Persistence | Access method |  Size   | Description 
--------+-------+-------+----------+-------------+---------------+---------+-------------
 public | items | table | postgres | permanent   | heap          | 0 bytes | 
(1 row)

`
	indexPlus := `                                               List of relations
 Schema |        Name         | Type  |  Owner   | Table | Persistence | Access method |  Size   | Description 
--------+---------------------+-------+----------+-------+-------------+---------------+---------+-------------
 public | items_embedding_idx | index | postgres | items | permanent   | hnsw          | 0 bytes | 
 public | items_pkey          | index | postgres | items | permanent   | btree         | 0 bytes | 
(2 rows)

`
	tests := []struct{ command, want string }{
		{`\dt+`, tablePlus},
		{`\dt+ items`, tablePlus},
		{`\di+`, indexPlus},
		{`\di+ items*`, indexPlus},
		{`\d+`, `                                          List of relations
 Schema |     Name     |   Type   |  Owner   | Persistence | Access method |    Size    | Description 
--------+--------------+----------+----------+-------------+---------------+------------+-------------
 public | items        | table    | postgres | permanent   | heap          | 0 bytes    | 
 public | items_id_seq | sequence | postgres | permanent   |               | 8192 bytes | 
(2 rows)

`},
		{`\ds+`, `                                  List of relations
 Schema |     Name     |   Type   |  Owner   | Persistence |    Size    | Description 
--------+--------------+----------+----------+-------------+------------+-------------
 public | items_id_seq | sequence | postgres | permanent   | 8192 bytes | 
(1 row)

`},
	}
	wantPsqlOutputs(t, s, tests)
	if _, errOut, err := psql(t, s, "", "-c", `\dv+`); err != nil || errOut != "Did not find any relations.\n" {
		t.Errorf(`\dv+: err %v, stderr %q`, err, errOut)
	}
}

// TestPsqlVerboseListSizes checks that \dt+ and \di+ show the sizes
// pg_size_pretty(pg_table_size(...)) gives once the table has rows.
func TestPsqlVerboseListSizes(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	setup := []string{"-v", "ON_ERROR_STOP=1", "-q",
		"-c", "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3))",
		"-c", "INSERT INTO items (embedding) SELECT ARRAY[i, i + 1, i + 2]::vector FROM generate_series(1, 200) i",
		"-c", "CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops)"}
	if out, errOut, err := psql(t, s, "", setup...); err != nil {
		t.Fatalf("setup: %v\n%s%s", err, out, errOut)
	}
	sizes, errOut, err := psql(t, s, "", "-At", "-c",
		"SELECT pg_size_pretty(pg_table_size('items')), pg_size_pretty(pg_table_size('items_hnsw')), pg_size_pretty(pg_table_size('items_pkey'))")
	if err != nil || errOut != "" {
		t.Fatalf("sizes: %v %s", err, errOut)
	}
	sz := strings.Split(strings.TrimSpace(sizes), "|")
	if len(sz) != 3 || sz[0] == "0 bytes" || sz[1] == "0 bytes" || sz[2] == "0 bytes" {
		t.Fatalf("sizes %q: want three non-zero sizes", sizes)
	}
	tests := []struct{ command, want string }{
		{`\dt+`, "public|items|table|postgres|permanent|heap|" + sz[0] + "|\n"},
		{`\di+`, "public|items_hnsw|index|postgres|items|permanent|hnsw|" + sz[1] + "|\n" +
			"public|items_pkey|index|postgres|items|permanent|btree|" + sz[2] + "|\n"},
	}
	for _, tc := range tests {
		out, errOut, err := psql(t, s, "", "-At", "-c", tc.command)
		if err != nil || errOut != "" || out != tc.want {
			t.Errorf("%s: got %q (err %v, stderr %q), want %q", tc.command, out, err, errOut, tc.want)
		}
	}
}
