package planner

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestStatementsBesideDDL runs, concurrently, DDL on tables of their own
// (CREATE/ALTER/DROP TABLE, CREATE INDEX, REINDEX, VACUUM, ANALYZE) and
// statements on a shared table that run without the schema latch (SELECT,
// INSERT, UPDATE, functions reading the catalog, psql-style catalog
// reads), for the race detector (go test -race): no statement fails, and
// the shared table's rows come out exact.
func TestStatementsBesideDDL(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE shared (id int PRIMARY KEY, n int)", "INSERT INTO shared VALUES (0, 0)")
	ls.a.cat.SetWaitHook(nil)
	const rounds = 15
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	worker := func(s *Session, stmts func(i int) []string) {
		defer wg.Done()
		for i := range rounds {
			for _, q := range stmts(i) {
				if _, err := run(context.Background(), s, q); err != nil {
					errs <- fmt.Errorf("%s: %w", q, err)
					return
				}
			}
		}
	}
	wg.Add(3)
	go worker(ls.a, func(i int) []string {
		return []string{
			fmt.Sprintf("CREATE TABLE d%d (id int, v vector(2))", i),
			fmt.Sprintf("INSERT INTO d%d VALUES (1, '[1,2]'), (2, '[2,3]')", i),
			fmt.Sprintf("CREATE INDEX d%d_v ON d%d USING hnsw (v vector_l2_ops)", i, i),
			fmt.Sprintf("ALTER TABLE d%d ADD COLUMN z int", i),
			fmt.Sprintf("REINDEX TABLE d%d", i),
			fmt.Sprintf("VACUUM d%d", i),
			fmt.Sprintf("ANALYZE d%d", i),
			fmt.Sprintf("DROP TABLE d%d", i),
		}
	})
	go worker(ls.b, func(i int) []string {
		return []string{
			fmt.Sprintf("INSERT INTO shared VALUES (%d, %d)", i+1, i),
			fmt.Sprintf("UPDATE shared SET n = n + 1 WHERE id = %d", i+1),
			"SELECT count(*) FROM shared WHERE n >= 0",
			"SELECT to_regclass('shared'), pg_relation_size('shared'), has_table_privilege('shared', 'SELECT')",
		}
	})
	go worker(ls.c, func(int) []string {
		return []string{
			"SELECT relname FROM pg_class WHERE relname = 'shared'",
			"SELECT 'shared'::regclass::oid > 0",
			"BEGIN",
			"SELECT n FROM shared WHERE id = 0",
			"COMMIT",
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err, pgerror.CodeOf(err))
	}
	res, err := run(context.Background(), ls.a, "SELECT count(*), sum(n) FROM shared")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(res.Rows[0]); got != fmt.Sprint([]any{int64(rounds + 1), int64(rounds * (rounds + 1) / 2)}) {
		t.Fatalf("shared: %s", got)
	}
	if n := ls.a.cat.LockWaiters(); n != 0 {
		t.Fatalf("%d waiters left", n)
	}
}
