package sql

import (
	"errors"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// FuzzParse checks that Parse never panics and that every error is a
// *pgerror.Error.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", ";", "SELECT 1", "SELEC", "SELECT -9223372036854775808, 0x1F, 1_0, 'x'::vector(3)",
		"CREATE TABLE t (id bigserial PRIMARY KEY, v vector(3) NOT NULL DEFAULT '[1,2,3]')",
		"INSERT INTO t (v) VALUES ('[1,2,3]'), (DEFAULT) RETURNING *",
		"SELECT id FROM t x WHERE x.id IN (1,2) AND v <-> $1 < 0.5 ORDER BY v <=> $1 DESC NULLS LAST LIMIT 5 OFFSET $2",
		"UPDATE t SET v = '[1]' WHERE id BETWEEN 1 AND 2 RETURNING id", "DELETE FROM t WHERE v IS NULL",
		"COPY t (a) FROM STDIN WITH (FORMAT csv, HEADER, DELIMITER ';', NULL '', QUOTE '\"', ESCAPE '\\')",
		"COPY t TO STDOUT BINARY", "CREATE INDEX CONCURRENTLY i ON t USING hnsw (v vector_l2_ops) WITH (m = 16)",
		"DROP INDEX IF EXISTS i; DROP TABLE t CASCADE", "SET LOCAL hnsw.ef_search = 40; SHOW ALL; RESET ALL",
		"BEGIN ISOLATION LEVEL READ COMMITTED; COMMIT; ROLLBACK", "EXPLAIN (ANALYZE) SELECT count(*) FROM t",
		"SELECT current_user, coalesce(a, 1), lower(b) FROM t", "SELECT * FROM a JOIN b ON true",
		"SELECT 'é\x00'", "SELECT ((((1))))", "SELECT $0, $99999999999",
		"INSERT INTO t (id, v) VALUES (1, '[1]') ON CONFLICT (id) DO UPDATE SET v = EXCLUDED.v WHERE t.id > 0 RETURNING *",
		"INSERT INTO t VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING", "INSERT INTO t (v) SELECT v FROM u ORDER BY 1 LIMIT 2",
		"SELECT i FROM generate_series(1, 10, $1) AS g(i) WHERE i > 2", "SELECT a, avg(v) FROM t GROUP BY a, 1 HAVING count(*) > 1",
		"SELECT * FROM t ORDER BY v <-> (SELECT v FROM t WHERE id = (SELECT 1)) LIMIT 5", "SELECT EXISTS (SELECT 1), ARRAY(SELECT 1)",
		"GRANT SELECT, INSERT ON TABLE t, public.u TO a, PUBLIC, CURRENT_USER", "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM b CASCADE",
		"GRANT CREATE ON SCHEMA public TO a WITH GRANT OPTION", "CREATE ROLE r LOGIN CREATEROLE NOCREATEDB SUPERUSER", "CREATE ROLE none",
		"PREPARE p (int, vector(3)) AS SELECT $1, $2 <-> v FROM t; EXECUTE p(1, '[1,2,3]'); DEALLOCATE p",
		"PREPARE q AS SELECT $1; SELECT $2", "EXECUTE p((SELECT 1), count(*), $1)", "DROP EXTENSION IF EXISTS a, \"B\" RESTRICT",
		"SELECT CASE WHEN a THEN 1 WHEN b THEN CASE c WHEN 1 THEN 2 END ELSE 3 END FROM t", "INSERT INTO t AS x DEFAULT VALUES RETURNING x.*", "SELECT a IS DISTINCT FROM b, a IS NOT DISTINCT FROM NULL FROM t",
		"UPDATE t AS x SET a = x.a + 1 WHERE x.id = 1", "DELETE FROM t x WHERE x.id = 2 RETURNING x.id",
		"(SELECT id FROM t ORDER BY v <-> '[1,2]' LIMIT 5) UNION ALL (SELECT id FROM u LIMIT 5) INTERSECT SELECT 1 ORDER BY 1 LIMIT $1",
		"SELECT a FROM t EXCEPT ALL (SELECT b FROM u UNION SELECT 1) OFFSET 2", "SELECT count(DISTINCT a), sum(DISTINCT v) FROM t",
		"SELECT id FROM (SELECT id, v FROM t ORDER BY v <-> '[1,2]' LIMIT 20) AS s(id) ORDER BY v <=> '[1,2]' LIMIT 5", "SELECT * FROM ((SELECT 1) UNION (SELECT 2))",
		// Chains deep enough to overflow the C parser's stack (54001 now).
		"SELECT 1" + strings.Repeat("+1", 30000), "SELECT 1" + strings.Repeat(" IS NULL", 30000),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		stmts, err := Parse(q)
		if err != nil {
			var pe *pgerror.Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q): error %T is not *pgerror.Error", q, err)
			}
			return
		}
		for _, s := range stmts {
			if s == nil {
				t.Fatalf("Parse(%q): nil statement", q)
			}
		}
	})
}
