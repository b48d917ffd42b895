package tests

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestQueriesDuringOtherDDL: while two sessions create, rename, index
// (B-tree and HNSW), alter, drop, roll back and drop by schema tables of
// their own (some with foreign keys to the table read, or copied from it),
// three others query existing, unrelated tables through the simple
// protocol, pgx's cached and described prepared statements, a view, a
// k-NN search and an explicit transaction, thousands of times; every
// query answers (no 42P01 `relation does not exist`, nor any other
// error) with the tables' exact rows. With VECGRES_BIN naming a server
// built with -race, a DATA RACE in its log fails the test.
func TestQueriesDuringOtherDDL(t *testing.T) {
	s := startServer(t, "", "--synchronous-commit", "off") // DDL at the pace of the readers, not of fsync
	ctx := testCtx(t, 5*time.Minute)
	setup := s.connect(t)
	for _, q := range []string{
		"CREATE TABLE steady (id int PRIMARY KEY, v text)",
		"INSERT INTO steady SELECT g, 'v' || g FROM generate_series(1, 10) g",
		"CREATE VIEW steady_view AS SELECT id, v FROM steady WHERE id <= 5",
		"CREATE TABLE items (id int PRIMARY KEY, e vector(3), c int)",
		"INSERT INTO items SELECT g, ARRAY[g, g % 7, 1]::vector, g % 10 FROM generate_series(1, 500) g",
		"CREATE INDEX ON items USING hnsw (e vector_l2_ops)",
		"CREATE INDEX ON items (c)",
	} {
		if _, err := setup.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	const readers, ddlers, rounds = 3, 2, 1000
	var stop atomic.Bool
	var wg sync.WaitGroup
	errs := make(chan error, readers+ddlers)
	fail := func(err error) {
		stop.Store(true)
		select {
		case errs <- err:
		default:
		}
	}
	var ddlRounds atomic.Int64
	for d := 0; d < ddlers; d++ {
		conn := s.connect(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; !stop.Load(); i++ {
				if err := otherDDL(ctx, conn, fmt.Sprintf("other_%d_%d", d, i)); err != nil {
					fail(fmt.Errorf("DDL session %d round %d: %w", d, i, err))
					return
				}
				ddlRounds.Add(1)
			}
		}()
	}
	var answered atomic.Int64
	for r := 0; r < readers; r++ {
		conn := s.connect(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < rounds && !stop.Load(); i++ {
				if err := readSteady(ctx, conn, i); err != nil {
					fail(fmt.Errorf("reader %d round %d: %w", r, i, err))
					return
				}
				answered.Add(1)
			}
		}()
	}
	// The readers end after their rounds; then the DDL sessions.
	for answered.Load() < readers*rounds && !stop.Load() {
		time.Sleep(10 * time.Millisecond)
	}
	stop.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	t.Logf("%d reader rounds, %d DDL rounds", answered.Load(), ddlRounds.Load())
	if ddlRounds.Load() == 0 {
		t.Error("no DDL round finished while the readers ran")
	}
	if log := s.stderr.String(); strings.Contains(log, "DATA RACE") {
		t.Errorf("the server (built with -race) reported a data race")
	}
}

// otherDDL creates, renames, indexes, alters and drops the table name.
func otherDDL(ctx context.Context, conn *pgx.Conn, name string) error {
	for _, q := range []string{
		"CREATE TABLE " + name + " (a int PRIMARY KEY, b text)",
		"INSERT INTO " + name + " VALUES (1, 'x')",
		"ALTER TABLE " + name + " RENAME TO " + name + "_r",
		"CREATE INDEX ON " + name + "_r (b)",
		"CREATE TABLE " + name + "_v3 (id int, e vector(3))",
		"INSERT INTO " + name + "_v3 SELECT g, ARRAY[g,1,1]::vector FROM generate_series(1, 20) g",
		"CREATE INDEX ON " + name + "_v3 USING hnsw (e vector_l2_ops)",
		"ALTER TABLE " + name + "_v3 RENAME TO " + name + "_v4",
		"DROP TABLE " + name + "_v4",
		"ALTER TABLE " + name + "_r ADD COLUMN c int",
		"CREATE VIEW " + name + "_v AS SELECT a FROM " + name + "_r",
		"DROP VIEW " + name + "_v",
		"DROP TABLE " + name + "_r",
		"CREATE TEMP TABLE " + name + "_t (a int)",
		"DROP TABLE " + name + "_t",
		"BEGIN",
		"CREATE TABLE " + name + "_x (a int)",
		"DROP TABLE " + name + "_x",
		"CREATE TABLE " + name + "_y (a int)",
		"ROLLBACK",
		"CREATE SCHEMA " + name + "_s",
		"CREATE TABLE " + name + "_s.steady (a int)",
		"DROP SCHEMA " + name + "_s CASCADE",
		"CREATE TABLE " + name + "_fk (a int REFERENCES steady (id))",
		"INSERT INTO " + name + "_fk VALUES (3)",
		"CREATE TABLE " + name + "_as AS SELECT * FROM steady",
		"DROP TABLE " + name + "_fk, " + name + "_as",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	return nil
}

// readSteady queries steady in round i's way and checks the answer.
func readSteady(ctx context.Context, conn *pgx.Conn, i int) error {
	var n int64
	var v string
	var err error
	switch i % 7 {
	case 5:
		err = conn.QueryRow(ctx, "SELECT id FROM items ORDER BY e <-> $1 LIMIT 1", "[10,3,1]").Scan(&n)
		if err == nil && n != 10 {
			return fmt.Errorf("nearest = %d", n)
		}
	case 6:
		err = conn.QueryRow(ctx, "SELECT count(*) FROM items WHERE c = 3", pgx.QueryExecModeSimpleProtocol).Scan(&n)
		if err == nil && n != 50 {
			return fmt.Errorf("count c=3 = %d", n)
		}
	case 0: // simple protocol
		err = conn.QueryRow(ctx, "SELECT count(*) FROM steady", pgx.QueryExecModeSimpleProtocol).Scan(&n)
		v = fmt.Sprint(n)
		if v != "10" {
			return fmt.Errorf("count(*) = %s", v)
		}
	case 1: // a cached prepared statement
		err = conn.QueryRow(ctx, "SELECT v FROM steady WHERE id = $1", 7).Scan(&v)
		if err == nil && v != "v7" {
			return fmt.Errorf("v of 7 = %q", v)
		}
	case 2: // a view
		err = conn.QueryRow(ctx, "SELECT count(*) FROM steady_view", pgx.QueryExecModeSimpleProtocol).Scan(&n)
		if err == nil && n != 5 {
			return fmt.Errorf("count(*) of the view = %d", n)
		}
	case 3: // a transaction block
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if err := tx.QueryRow(ctx, "SELECT max(id) FROM steady").Scan(&n); err != nil {
				return err
			}
			if n != 10 {
				return fmt.Errorf("max(id) = %d", n)
			}
			return tx.QueryRow(ctx, "SELECT v FROM steady WHERE id = 3", pgx.QueryExecModeSimpleProtocol).Scan(&v)
		})
	case 4: // described, not cached
		err = conn.QueryRow(ctx, "SELECT v FROM steady s WHERE s.id = $1", pgx.QueryExecModeDescribeExec, 2).Scan(&v)
		if err == nil && v != "v2" {
			return fmt.Errorf("v of 2 = %q", v)
		}
	}
	return err
}
