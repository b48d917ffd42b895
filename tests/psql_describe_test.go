package tests

import (
	"os"
	"testing"
)

// TestPsqlDescribeAll runs psql's \d family against tables in two
// schemas (public and s, each with a table items), with HNSW, IVFFlat,
// B-tree, expression, partial and UNIQUE indexes, a primary key, a unique
// constraint, a foreign key seen from both sides, a CHECK constraint,
// serial columns and defaults, and compares psql's output with what psql
// 15 printed against PostgreSQL 15 with pgvector 0.8.6 for the same
// statements (testdata/psql/describe_all.out): \d, \d table, \d+ table,
// the relation lists plain and verbose where no size shows, \dn, \dn+,
// \du, \du+, \dp, \dD, and schema patterns (\dt s.*, \d s.t, \dt *.items,
// \di s.*), \d of an index (expression, partial) and of a sequence, and
// a few more lists (\dE, \dg, \dP, \dRp, \z, \dx vector, \dd, \dO,
// \dc). psql's
// commands run through the planner (regular expressions, COLLATE, joins
// over the catalog).
func TestPsqlDescribeAll(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	setup := `CREATE EXTENSION vector;
CREATE TABLE items (id bigserial PRIMARY KEY, category text DEFAULT 'none', embedding vector(3), n int NOT NULL DEFAULT 0, CHECK (n >= 0));
CREATE UNIQUE INDEX items_cat_n ON items (category, n);
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64);
CREATE INDEX items_ivf ON items USING ivfflat (embedding vector_cosine_ops) WITH (lists = 10);
CREATE INDEX items_lower ON items ((lower(category)));
CREATE INDEX items_part ON items (n) WHERE n > 5;
CREATE TABLE tags (id serial PRIMARY KEY, item_id bigint REFERENCES items(id) ON DELETE CASCADE, name text UNIQUE);
CREATE SCHEMA s;
CREATE TABLE s.t (a int PRIMARY KEY, b text);
CREATE TABLE s.items (x int);
`
	if _, stderr, err := psql(t, s, setup, "-q", "-v", "ON_ERROR_STOP=1"); err != nil {
		t.Fatalf("setup: %v\n%s", err, stderr)
	}
	commands := `\d
\d items
\d+ items
\d tags
\dt
\di
\ds
\ds+
\dv
\dm
\dn
\dn+
\du
\du+
\dp
\dD
\dt s.*
\d s.t
\dt *.items
\di s.*
\d s.items
\d+ s.t
\di items_*
\dt nosuch
\d nosuch
\d items_pkey
\d items_id_seq
\d+ items_embedding_idx
\d items_lower
\d+ items_part
\d tags_name_key
\dE
\dg
\dP
\dRp
\z items
\dx vector
\dn s
\dd
\dO
\dc
`
	got, stderr, err := psql(t, s, commands)
	if err != nil {
		t.Fatalf("psql: %v\n%s", err, stderr)
	}
	want, err := os.ReadFile("testdata/psql/describe_all.out")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("psql output differs from PostgreSQL 15's:\n%s", lineDiff(string(want), got))
	}
	// \dv and \dm find no relations, \dt nosuch and \d nosuch none named
	// nosuch, \dP no partitioned relations, as psql says against
	// PostgreSQL.
	wantErr := "Did not find any relations.\nDid not find any relations.\n" +
		"Did not find any relation named \"nosuch\".\nDid not find any relation named \"nosuch\".\n" +
		"Did not find any relations.\n"
	if stderr != wantErr {
		t.Errorf("stderr %q, want %q", stderr, wantErr)
	}
}
