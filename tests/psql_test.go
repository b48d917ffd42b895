package tests

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// psql runs the psql client against s with the given arguments and
// standard input, and returns its standard output and error. It skips the
// test when psql is not installed.
func psql(t *testing.T, s *server, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	path, lookErr := exec.LookPath("psql")
	if lookErr != nil {
		t.Skip("psql is not on PATH")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	base := []string{"-h", "127.0.0.1", "-p", s.Port(), "-U", "postgres", "-d", "postgres", "-X"}
	cmd := exec.CommandContext(ctx, path, append(base, args...)...)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C", "PGCONNECT_TIMEOUT=10", "PGOPTIONS=", "PAGER=")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// TestPsqlIssueSession runs the first issue's psql session from a file
// and compares psql's aligned output with what PostgreSQL + pgvector print.
func TestPsqlIssueSession(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("psql"); err != nil {
		t.Skip("psql is not on PATH")
	}
	s := startServer(t, "")
	script := `CREATE EXTENSION vector;
CREATE TABLE items (id bigserial PRIMARY KEY, category text, embedding vector(3));
INSERT INTO items (category, embedding) VALUES ('a', '[1,2,3]'), ('b', '[4,5,6]'), ('a', '[1,1,2]');
CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64);
SET hnsw.ef_search = 40;
SELECT id, embedding, embedding <-> '[1,1,1]' AS distance FROM items ORDER BY embedding <-> '[1,1,1]' LIMIT 2;
SELECT * FROM items ORDER BY id;
`
	want := `CREATE EXTENSION
CREATE TABLE
INSERT 0 3
CREATE INDEX
SET
 id | embedding |     distance     
----+-----------+------------------
  3 | [1,1,2]   |                1
  1 | [1,2,3]   | 2.23606797749979
(2 rows)

 id | category | embedding 
----+----------+-----------
  1 | a        | [1,2,3]
  2 | b        | [4,5,6]
  3 | a        | [1,1,2]
(3 rows)

`
	file := filepath.Join(t.TempDir(), "issue.sql")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := psql(t, s, "", "-v", "ON_ERROR_STOP=1", "-f", file)
	if err != nil {
		t.Fatalf("psql: %v\nstderr:\n%s\nstdout:\n%s", err, errOut, out)
	}
	if out != want || errOut != "" {
		t.Fatalf("psql output differs:\n%s\nstderr:\n%s", lineDiff(want, out), errOut)
	}
}

// TestPsqlCopyCSV loads a CSV file with psql's \copy (COPY FROM STDIN in
// CSV format underneath) and checks the rows.
func TestPsqlCopyCSV(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("psql"); err != nil {
		t.Skip("psql is not on PATH")
	}
	s := startServer(t, "")
	dir := t.TempDir()
	csv := filepath.Join(dir, "items.csv")
	data := "c,\"[7,8,9]\"\nd,\"[0.5,0.25,1]\"\n,\"[1,1,1]\"\n\"e,f\",\"[-1.5,2e3,3]\"\n"
	if err := os.WriteFile(csv, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `CREATE EXTENSION vector;
CREATE TABLE items (id bigserial PRIMARY KEY, category text, embedding vector(3));
INSERT INTO items (category, embedding) VALUES ('a', '[1,2,3]'), ('b', '[4,5,6]');
\copy items (category, embedding) FROM '` + csv + `' WITH (FORMAT csv)
SELECT count(*), count(category) FROM items;
SELECT id, category, embedding FROM items WHERE id > 2 ORDER BY id;
`
	want := `CREATE EXTENSION
CREATE TABLE
INSERT 0 2
COPY 4
 count | count 
-------+-------
     6 |     5
(1 row)

 id | category |   embedding   
----+----------+---------------
  3 | c        | [7,8,9]
  4 | d        | [0.5,0.25,1]
  5 |          | [1,1,1]
  6 | e,f      | [-1.5,2000,3]
(4 rows)

`
	out, errOut, err := psql(t, s, script, "-v", "ON_ERROR_STOP=1", "-f", "-")
	if err != nil {
		t.Fatalf("psql: %v\nstderr:\n%s\nstdout:\n%s", err, errOut, out)
	}
	if out != want || errOut != "" {
		t.Fatalf("psql output differs:\n%s\nstderr:\n%s", lineDiff(want, out), errOut)
	}
}

// TestPsqlErrorCursor checks that psql shows the error position of vector
// input errors as a LINE n: excerpt with a caret, and the DETAIL line.
func TestPsqlErrorCursor(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("psql"); err != nil {
		t.Skip("psql is not on PATH")
	}
	s := startServer(t, "")
	script := `CREATE EXTENSION vector;
CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3));
SELECT '[1,2'::vector;
SELECT id FROM items
WHERE embedding = '[1,,3]';
SELECT 'abc'::vector;
SELECT 1 AS ok;
`
	wantOut := `CREATE EXTENSION
CREATE TABLE
 ok 
----
  1
(1 row)

`
	wantErr := `psql:<stdin>:3: ERROR:  invalid input syntax for type vector: "[1,2"
LINE 1: SELECT '[1,2'::vector;
               ^
psql:<stdin>:5: ERROR:  invalid input syntax for type vector: "[1,,3]"
LINE 2: WHERE embedding = '[1,,3]';
                          ^
psql:<stdin>:6: ERROR:  invalid input syntax for type vector: "abc"
LINE 1: SELECT 'abc'::vector;
               ^
DETAIL:  Vector contents must start with "[".
`
	out, errOut, err := psql(t, s, script, "-f", "-")
	if err != nil {
		t.Fatalf("psql: %v\nstderr:\n%s", err, errOut)
	}
	if out != wantOut {
		t.Errorf("psql stdout differs:\n%s", lineDiff(wantOut, out))
	}
	if errOut != wantErr {
		t.Errorf("psql stderr differs:\n%s", lineDiff(wantErr, errOut))
	}
}
