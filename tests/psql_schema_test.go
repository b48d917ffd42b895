package tests

import "testing"

// TestPsqlSchemas checks psql's \dn, \dt and \d against tables in a user
// schema, with PostgreSQL 15's output: \dn lists the schema, \dt lists only
// the tables search_path sees, \d names a table's indexes without their
// schema.
func TestPsqlSchemas(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	setup := []string{"-v", "ON_ERROR_STOP=1", "-q",
		"-c", "CREATE SCHEMA s",
		"-c", "CREATE TABLE s.t (id int PRIMARY KEY, v text)",
		"-c", "CREATE TABLE t (a int)",
		"-c", "CREATE TABLE s.only_s (a int)",
	}
	if out, errOut, err := psql(t, s, "", setup...); err != nil {
		t.Fatalf("setup: %v\n%s%s", err, out, errOut)
	}
	wantPsqlOutputs(t, s, []struct{ command, want string }{
		{`\dn`, `      List of schemas
  Name  |       Owner       
--------+-------------------
 public | pg_database_owner
 s      | postgres
(2 rows)

`},
		{`\dt`, `        List of relations
 Schema | Name | Type  |  Owner   
--------+------+-------+----------
 public | t    | table | postgres
(1 row)

`},
	})
	out, errOut, err := psql(t, s, "", "-c", "SET search_path = s, public", "-c", `\d t`)
	want := `SET
                    Table "s.t"
 Column |  Type   | Collation | Nullable | Default 
--------+---------+-----------+----------+---------
 id     | integer |           | not null | 
 v      | text    |           |          | 
Indexes:
    "t_pkey" PRIMARY KEY, btree (id)

`
	if err != nil || errOut != "" || out != want {
		t.Errorf(`\d t: %v, stderr %q, output differs:
%s`, err, errOut, lineDiff(want, out))
	}
}
