package tests

import (
	"os"
	"testing"
)

// TestPsqlDescribeSequences runs psql's \ds, \d of sequences (CREATE
// SEQUENCE with its options and OWNED BY, one in another schema, a
// bigserial column's), \d of a table whose default calls nextval, \d and
// \dp, and compares psql's output with what psql 15 printed against
// PostgreSQL 15 for the same statements
// (testdata/psql/describe_sequences.out).
func TestPsqlDescribeSequences(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	setup := `CREATE TABLE orders (id integer NOT NULL, note text);
CREATE SEQUENCE orders_id_seq AS integer START 10 INCREMENT 5 MAXVALUE 1000 CACHE 3 CYCLE OWNED BY orders.id;
ALTER TABLE ONLY orders ALTER COLUMN id SET DEFAULT nextval('orders_id_seq'::regclass);
CREATE SCHEMA q;
CREATE SEQUENCE q.countdown INCREMENT -1 MINVALUE -9 MAXVALUE 0;
CREATE TABLE serials (id bigserial PRIMARY KEY);
`
	if _, stderr, err := psql(t, s, setup, "-q", "-v", "ON_ERROR_STOP=1"); err != nil {
		t.Fatalf("setup: %v\n%s", err, stderr)
	}
	commands := `\ds
\ds q.*
\ds *.*down
\d orders_id_seq
\d q.countdown
\d serials_id_seq
\d orders
\d
\dp orders_id_seq
`
	got, stderr, err := psql(t, s, commands)
	if err != nil || stderr != "" {
		t.Fatalf("psql: %v\n%s", err, stderr)
	}
	want, err := os.ReadFile("testdata/psql/describe_sequences.out")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("psql output differs from PostgreSQL 15's:\n%s", lineDiff(string(want), got))
	}
}
