package tests

import (
	"regexp"
	"strings"
	"testing"
)

// TestPsqlCatalogCommands runs psql's describe commands against a table
// with a bigserial primary key, a text column, a vector(3) column and an
// HNSW index, and compares psql's output with PostgreSQL 15's. The
// expected text of the vector-free parts was printed by psql 15.18 against
// PostgreSQL 15.18 (same table with real[] for vector(3)); the vector
// parts are what pgvector 0.8 stores: format_type vector(3), storage
// external, pg_get_indexdef "USING hnsw (embedding vector_l2_ops) WITH
// (m='8', ef_construction='32')". \l and \dx are vecgres's own: one
// database, and the vector extension instead of plpgsql. \du, \df and
// \dT were printed by psql 15.20 against PostgreSQL 15.20 with the roles
// alice (LOGIN) and bob, a domain named vector, and SQL functions and
// aggregates with the signatures of pgvector's that vecgres serves.
func TestPsqlCatalogCommands(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	setup := []string{
		"-v", "ON_ERROR_STOP=1", "-q",
		"-c", "CREATE TABLE items (id bigserial PRIMARY KEY, body text, embedding vector(3))",
		"-c", "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 8, ef_construction = 32)",
		"-c", "CREATE ROLE alice LOGIN",
		"-c", "CREATE ROLE bob",
	}
	if out, errOut, err := psql(t, s, "", setup...); err != nil {
		t.Fatalf("setup: %v\n%s%s", err, out, errOut)
	}
	tests := []struct{ command, want string }{
		{`\dt`, `         List of relations
 Schema | Name  | Type  |  Owner   
--------+-------+-------+----------
 public | items | table | postgres
(1 row)

`},
		{`\d items`, `                               Table "public.items"
  Column   |   Type    | Collation | Nullable |              Default              
-----------+-----------+-----------+----------+-----------------------------------
 id        | bigint    |           | not null | nextval('items_id_seq'::regclass)
 body      | text      |           |          | 
 embedding | vector(3) |           |          | 
Indexes:
    "items_pkey" PRIMARY KEY, btree (id)
    "items_embedding_idx" hnsw (embedding vector_l2_ops) WITH (m='8', ef_construction='32')

`},
		{`\d+ items`, `                                                          Table "public.items"
  Column   |   Type    | Collation | Nullable |              Default              | Storage  | Compression | Stats target | Description 
-----------+-----------+-----------+----------+-----------------------------------+----------+-------------+--------------+-------------
 id        | bigint    |           | not null | nextval('items_id_seq'::regclass) | plain    |             |              | 
 body      | text      |           |          |                                   | extended |             |              | 
 embedding | vector(3) |           |          |                                   | external |             |              | 
Indexes:
    "items_pkey" PRIMARY KEY, btree (id)
    "items_embedding_idx" hnsw (embedding vector_l2_ops) WITH (m='8', ef_construction='32')
Access method: heap

`},
		{`\di`, `                    List of relations
 Schema |        Name         | Type  |  Owner   | Table 
--------+---------------------+-------+----------+-------
 public | items_embedding_idx | index | postgres | items
 public | items_pkey          | index | postgres | items
(2 rows)

`},
		{`\d`, `              List of relations
 Schema |     Name     |   Type   |  Owner   
--------+--------------+----------+----------
 public | items        | table    | postgres
 public | items_id_seq | sequence | postgres
(2 rows)

`},
		{`\l`, `                                          List of databases
   Name   |  Owner   | Encoding | Collate | Ctype | ICU Locale | Locale Provider | Access privileges 
----------+----------+----------+---------+-------+------------+-----------------+-------------------
 postgres | postgres | UTF8     | C       | C     |            | libc            | 
(1 row)

`},
		{`\dx`, `                           List of installed extensions
  Name  | Version | Schema |                     Description                      
--------+---------+--------+------------------------------------------------------
 vector | 0.8.6   | public | vector data type and ivfflat and hnsw access methods
(1 row)

`},
		{`\du`, `                                   List of roles
 Role name |                         Attributes                         | Member of 
-----------+------------------------------------------------------------+-----------
 alice     |                                                            | {}
 bob       | Cannot login                                               | {}
 postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS | {}

`},
		{`\du+`, `                                          List of roles
 Role name |                         Attributes                         | Member of | Description 
-----------+------------------------------------------------------------+-----------+-------------
 alice     |                                                            | {}        | 
 bob       | Cannot login                                               | {}        | 
 postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS | {}        | 

`},
		{`\du alice`, `           List of roles
 Role name | Attributes | Member of 
-----------+------------+-----------
 alice     |            | {}

`},
		{`\df`, `                                               List of functions
 Schema |               Name               |  Result data type  |          Argument data types           | Type 
--------+----------------------------------+--------------------+----------------------------------------+------
 public | array_to_halfvec                 | halfvec            | double precision[], integer, boolean   | func
 public | array_to_halfvec                 | halfvec            | integer[], integer, boolean            | func
 public | array_to_halfvec                 | halfvec            | numeric[], integer, boolean            | func
 public | array_to_halfvec                 | halfvec            | real[], integer, boolean               | func
 public | array_to_sparsevec               | sparsevec          | double precision[], integer, boolean   | func
 public | array_to_sparsevec               | sparsevec          | integer[], integer, boolean            | func
 public | array_to_sparsevec               | sparsevec          | numeric[], integer, boolean            | func
 public | array_to_sparsevec               | sparsevec          | real[], integer, boolean               | func
 public | array_to_vector                  | vector             | double precision[], integer, boolean   | func
 public | array_to_vector                  | vector             | integer[], integer, boolean            | func
 public | array_to_vector                  | vector             | numeric[], integer, boolean            | func
 public | array_to_vector                  | vector             | real[], integer, boolean               | func
 public | avg                              | halfvec            | halfvec                                | agg
 public | avg                              | vector             | vector                                 | agg
 public | binary_quantize                  | bit                | halfvec                                | func
 public | binary_quantize                  | bit                | vector                                 | func
 public | cosine_distance                  | double precision   | halfvec, halfvec                       | func
 public | cosine_distance                  | double precision   | sparsevec, sparsevec                   | func
 public | cosine_distance                  | double precision   | vector, vector                         | func
 public | halfvec                          | halfvec            | halfvec, integer, boolean              | func
 public | halfvec_accum                    | double precision[] | double precision[], halfvec            | func
 public | halfvec_add                      | halfvec            | halfvec, halfvec                       | func
 public | halfvec_avg                      | halfvec            | double precision[]                     | func
 public | halfvec_cmp                      | integer            | halfvec, halfvec                       | func
 public | halfvec_combine                  | double precision[] | double precision[], double precision[] | func
 public | halfvec_concat                   | halfvec            | halfvec, halfvec                       | func
 public | halfvec_eq                       | boolean            | halfvec, halfvec                       | func
 public | halfvec_ge                       | boolean            | halfvec, halfvec                       | func
 public | halfvec_gt                       | boolean            | halfvec, halfvec                       | func
 public | halfvec_in                       | halfvec            | cstring, oid, integer                  | func
 public | halfvec_l2_squared_distance      | double precision   | halfvec, halfvec                       | func
 public | halfvec_le                       | boolean            | halfvec, halfvec                       | func
 public | halfvec_lt                       | boolean            | halfvec, halfvec                       | func
 public | halfvec_mul                      | halfvec            | halfvec, halfvec                       | func
 public | halfvec_ne                       | boolean            | halfvec, halfvec                       | func
 public | halfvec_negative_inner_product   | double precision   | halfvec, halfvec                       | func
 public | halfvec_out                      | cstring            | halfvec                                | func
 public | halfvec_recv                     | halfvec            | internal, oid, integer                 | func
 public | halfvec_send                     | bytea              | halfvec                                | func
 public | halfvec_spherical_distance       | double precision   | halfvec, halfvec                       | func
 public | halfvec_sub                      | halfvec            | halfvec, halfvec                       | func
 public | halfvec_to_float4                | real[]             | halfvec, integer, boolean              | func
 public | halfvec_to_sparsevec             | sparsevec          | halfvec, integer, boolean              | func
 public | halfvec_to_vector                | vector             | halfvec, integer, boolean              | func
 public | halfvec_typmod_in                | integer            | cstring[]                              | func
 public | hamming_distance                 | double precision   | bit, bit                               | func
 public | hnsw_bit_support                 | internal           | internal                               | func
 public | hnsw_halfvec_support             | internal           | internal                               | func
 public | hnsw_sparsevec_support           | internal           | internal                               | func
 public | hnswhandler                      | index_am_handler   | internal                               | func
 public | inner_product                    | double precision   | halfvec, halfvec                       | func
 public | inner_product                    | double precision   | sparsevec, sparsevec                   | func
 public | inner_product                    | double precision   | vector, vector                         | func
 public | ivfflat_bit_support              | internal           | internal                               | func
 public | ivfflat_halfvec_support          | internal           | internal                               | func
 public | ivfflathandler                   | index_am_handler   | internal                               | func
 public | jaccard_distance                 | double precision   | bit, bit                               | func
 public | l1_distance                      | double precision   | halfvec, halfvec                       | func
 public | l1_distance                      | double precision   | sparsevec, sparsevec                   | func
 public | l1_distance                      | double precision   | vector, vector                         | func
 public | l2_distance                      | double precision   | halfvec, halfvec                       | func
 public | l2_distance                      | double precision   | sparsevec, sparsevec                   | func
 public | l2_distance                      | double precision   | vector, vector                         | func
 public | l2_norm                          | double precision   | halfvec                                | func
 public | l2_norm                          | double precision   | sparsevec                              | func
 public | l2_normalize                     | halfvec            | halfvec                                | func
 public | l2_normalize                     | sparsevec          | sparsevec                              | func
 public | l2_normalize                     | vector             | vector                                 | func
 public | sparsevec                        | sparsevec          | sparsevec, integer, boolean            | func
 public | sparsevec_cmp                    | integer            | sparsevec, sparsevec                   | func
 public | sparsevec_eq                     | boolean            | sparsevec, sparsevec                   | func
 public | sparsevec_ge                     | boolean            | sparsevec, sparsevec                   | func
 public | sparsevec_gt                     | boolean            | sparsevec, sparsevec                   | func
 public | sparsevec_in                     | sparsevec          | cstring, oid, integer                  | func
 public | sparsevec_l2_squared_distance    | double precision   | sparsevec, sparsevec                   | func
 public | sparsevec_le                     | boolean            | sparsevec, sparsevec                   | func
 public | sparsevec_lt                     | boolean            | sparsevec, sparsevec                   | func
 public | sparsevec_ne                     | boolean            | sparsevec, sparsevec                   | func
 public | sparsevec_negative_inner_product | double precision   | sparsevec, sparsevec                   | func
 public | sparsevec_out                    | cstring            | sparsevec                              | func
 public | sparsevec_recv                   | sparsevec          | internal, oid, integer                 | func
 public | sparsevec_send                   | bytea              | sparsevec                              | func
 public | sparsevec_to_halfvec             | halfvec            | sparsevec, integer, boolean            | func
 public | sparsevec_to_vector              | vector             | sparsevec, integer, boolean            | func
 public | sparsevec_typmod_in              | integer            | cstring[]                              | func
 public | subvector                        | halfvec            | halfvec, integer, integer              | func
 public | subvector                        | vector             | vector, integer, integer               | func
 public | sum                              | halfvec            | halfvec                                | agg
 public | sum                              | vector             | vector                                 | agg
 public | vector                           | vector             | vector, integer, boolean               | func
 public | vector_accum                     | double precision[] | double precision[], vector             | func
 public | vector_add                       | vector             | vector, vector                         | func
 public | vector_avg                       | vector             | double precision[]                     | func
 public | vector_cmp                       | integer            | vector, vector                         | func
 public | vector_combine                   | double precision[] | double precision[], double precision[] | func
 public | vector_concat                    | vector             | vector, vector                         | func
 public | vector_dims                      | integer            | halfvec                                | func
 public | vector_dims                      | integer            | vector                                 | func
 public | vector_eq                        | boolean            | vector, vector                         | func
 public | vector_ge                        | boolean            | vector, vector                         | func
 public | vector_gt                        | boolean            | vector, vector                         | func
 public | vector_in                        | vector             | cstring, oid, integer                  | func
 public | vector_l2_squared_distance       | double precision   | vector, vector                         | func
 public | vector_le                        | boolean            | vector, vector                         | func
 public | vector_lt                        | boolean            | vector, vector                         | func
 public | vector_mul                       | vector             | vector, vector                         | func
 public | vector_ne                        | boolean            | vector, vector                         | func
 public | vector_negative_inner_product    | double precision   | vector, vector                         | func
 public | vector_norm                      | double precision   | vector                                 | func
 public | vector_out                       | cstring            | vector                                 | func
 public | vector_recv                      | vector             | internal, oid, integer                 | func
 public | vector_send                      | bytea              | vector                                 | func
 public | vector_spherical_distance        | double precision   | vector, vector                         | func
 public | vector_sub                       | vector             | vector, vector                         | func
 public | vector_to_float4                 | real[]             | vector, integer, boolean               | func
 public | vector_to_halfvec                | halfvec            | vector, integer, boolean               | func
 public | vector_to_sparsevec              | sparsevec          | vector, integer, boolean               | func
 public | vector_typmod_in                 | integer            | cstring[]                              | func
(118 rows)

`},
		{`\dT`, `        List of data types
 Schema |   Name    | Description 
--------+-----------+-------------
 public | halfvec   | 
 public | sparsevec | 
 public | vector    | 
(3 rows)

`},
		{`\dT+`, `                                        List of data types
 Schema |   Name    | Internal name | Size | Elements |  Owner   | Access privileges | Description 
--------+-----------+---------------+------+----------+----------+-------------------+-------------
 public | halfvec   | halfvec       | var  |          | postgres |                   | 
 public | sparsevec | sparsevec     | var  |          | postgres |                   | 
 public | vector    | vector        | var  |          | postgres |                   | 
(3 rows)

`},
	}
	wantPsqlOutputs(t, s, tests)
}

// TestPsqlCatalogNotFound checks psql's messages and exit status for
// names that match nothing (empty results of the catalog queries), as psql
// 15 behaves against PostgreSQL 15: \d fails, \dt only reports.
func TestPsqlCatalogNotFound(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	tests := []struct {
		command string
		fails   bool
	}{{`\d nosuch`, true}, {`\dt nosuch`, false}}
	for _, tc := range tests {
		out, errOut, err := psql(t, s, "", "-c", tc.command)
		if want := "Did not find any relation named \"nosuch\".\n"; out != "" || errOut != want || (err != nil) != tc.fails {
			t.Errorf("%s: err %v, stdout %q, stderr %q, want stderr %q and failure %v", tc.command, err, out, errOut, want, tc.fails)
		}
	}
}

// TestPsqlTiming checks \timing: psql prints the time of each statement.
func TestPsqlTiming(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	out, errOut, err := psql(t, s, "", "-c", `\timing on`, "-c", "SELECT 1 AS one")
	if err != nil || errOut != "" {
		t.Fatalf("psql: %v\n%s", err, errOut)
	}
	want := regexp.MustCompile(`^Timing is on\.\n one \n-----\n   1\n\(1 row\)\n\nTime: [0-9]+\.[0-9]{3} ms\n$`)
	if !want.MatchString(out) {
		t.Fatalf("output %q does not match %s", out, want)
	}
}

// TestCatalogViewsAndFunctions runs the single-table pg_catalog queries
// and catalog functions drivers send (pgvector-python's and psycopg's type
// lookups, node-postgres pgvector's registerTypes, pgx's extension check).
func TestCatalogViewsAndFunctions(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	setup := []string{"-v", "ON_ERROR_STOP=1", "-q",
		"-c", "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3))",
		"-c", "CREATE INDEX ON items USING hnsw (embedding vector_cosine_ops)"}
	if out, errOut, err := psql(t, s, "", setup...); err != nil {
		t.Fatalf("setup: %v\n%s%s", err, out, errOut)
	}
	tests := []struct{ query, want string }{
		{"SELECT typname, oid, typarray FROM pg_type WHERE typname IN ('vector', 'halfvec', 'sparsevec')", "vector|16385|16386\nhalfvec|16389|16390\nsparsevec|16391|16392\n"},
		{"SELECT typname AS name, oid, typarray AS array_oid, oid::regtype::text AS regtype, typdelim AS delimiter " +
			"FROM pg_type t WHERE t.oid = to_regtype('vector') ORDER BY t.oid", "vector|16385|16386|vector|,\n"},
		{"SELECT typname, typelem FROM pg_catalog.pg_type WHERE oid = 16386", "_vector|16385\n"},
		{"SELECT extname, extversion FROM pg_extension", "vector|0.8.6\n"},
		{"SELECT relname, relkind FROM pg_class ORDER BY relname", "items|r\nitems_embedding_idx|i\nitems_id_seq|S\nitems_pkey|i\n"},
		{"SELECT a.attname, a.atttypid, a.atttypmod, a.attnotnull FROM pg_attribute a WHERE a.attrelid = 16400 ORDER BY a.attnum",
			"id|20|-1|t\nembedding|16385|3|f\n"},
		{"SELECT amname FROM pg_am WHERE amtype = 'i' ORDER BY 1", "btree\nhnsw\nivfflat\n"},
		{"SELECT nspname FROM pg_namespace ORDER BY 1", "information_schema\npg_catalog\npg_toast\npublic\n"}, // as PostgreSQL 15
		{"SELECT datname, pg_encoding_to_char(encoding) FROM pg_database", "postgres|UTF8\n"},
		// 16401 is items_id_seq, the serial column's sequence
		{"SELECT pg_get_indexdef(16402)", "CREATE INDEX items_embedding_idx ON public.items USING hnsw (embedding vector_cosine_ops)\n"},
		{"SELECT has_table_privilege('items', 'SELECT'), has_schema_privilege('public', 'USAGE'), " +
			"has_database_privilege('postgres', 'CONNECT'), pg_table_is_visible(16400)", "t|t|t|t\n"},
		{"SELECT pg_get_userbyid(10), obj_description(16400, 'pg_class') IS NULL, current_setting('server_version_num')", "postgres|t|150020\n"},
	}
	for _, tc := range tests {
		out, errOut, err := psql(t, s, "", "-At", "-c", tc.query)
		if err != nil || errOut != "" || out != tc.want {
			t.Errorf("%s:\n got %q (err %v, stderr %q)\nwant %q", tc.query, out, err, errOut, tc.want)
		}
	}
	_, errOut, err := psql(t, s, "", "-At", "-v", "VERBOSITY=verbose", "-c", "SELECT current_setting('no_such_setting')")
	if err == nil || !strings.Contains(errOut, "42704") {
		t.Errorf("current_setting of an unknown name: err %v, stderr %q; want 42704", err, errOut)
	}
}

// TestPsqlErrorPosition checks that psql points at the unknown name as
// with PostgreSQL 15, which reports the relation's or column's position
// in characters (so after a multi-byte character too).
func TestPsqlErrorPosition(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	tests := []struct{ query, want string }{
		{"SELECT * FROM nosuch", "ERROR:  relation \"nosuch\" does not exist\n" +
			"LINE 1: SELECT * FROM nosuch\n" +
			"                      ^\n"},
		{"SELECT 'é', nosuchcol FROM pg_class", "ERROR:  column \"nosuchcol\" does not exist\n" +
			"LINE 1: SELECT 'é', nosuchcol FROM pg_class\n" +
			"                    ^\n"},
	}
	for _, tc := range tests {
		out, errOut, err := psql(t, s, "", "-c", tc.query)
		if err == nil || out != "" || errOut != tc.want {
			t.Errorf("%s: err %v, stdout %q\nstderr %q\nwant   %q", tc.query, err, out, errOut, tc.want)
		}
	}
}

// wantPsqlOutputs runs each command with psql -c against s and compares
// its whole output (stderr must be empty).
func wantPsqlOutputs(t *testing.T, s *server, tests []struct{ command, want string }) {
	t.Helper()
	for _, tc := range tests {
		out, errOut, err := psql(t, s, "", "-c", tc.command)
		if err != nil || errOut != "" {
			t.Errorf("%s: %v\nstderr: %s", tc.command, err, errOut)
			continue
		}
		if out != tc.want {
			t.Errorf("%s output differs:\n%s", tc.command, lineDiff(tc.want, out))
		}
	}
}
