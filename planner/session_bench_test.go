package planner

import (
	"context"
	"testing"

	"github.com/vecgres/vecgres/wire/backend"
)

// BenchmarkPreparedSelect1 measures one implicit transaction of a
// prepared statement, as the wire runs it for pgbench -M prepared:
// BeginImplicit, Revalidate (Bind), Execute, Sync. Allocations
// (-benchmem) are the engine's per-statement cost without the wire.
func BenchmarkPreparedSelect1(b *testing.B) {
	for _, q := range []struct{ name, sql string }{{"const", "SELECT 1"}, {"param", "SELECT $1::int"}} {
		b.Run(q.name, func(b *testing.B) {
			s := testSession(b)
			p, err := s.Prepare(q.sql, nil)
			if err != nil {
				b.Fatal(err)
			}
			var params []any
			if len(p.ParamTypes()) > 0 {
				params = []any{int64(42)}
			}
			runPrepared(b, s, p, params)
		})
	}
}

// runPrepared runs p once per iteration in its own implicit transaction.
func runPrepared(b *testing.B, s *Session, p backend.Prepared, params []any) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		s.BeginImplicit(false)
		if err := s.Revalidate(p); err != nil {
			b.Fatal(err)
		}
		res, err := s.Execute(ctx, p, params)
		if err != nil || len(res.Rows) != 1 {
			b.Fatal(res, err)
		}
		if err := s.Sync(); err != nil {
			b.Fatal(err)
		}
	}
}

// maxPreparedAllocs bounds the allocations of one implicit transaction of
// a prepared SELECT (41 before the per-statement trims: traitsOf's copy,
// the latch release's method value, work_mem_limit's spelling,
// charPosition's error target, and the aggregate and window maps every
// query made; 29 before issue 15's: the second snapshot of a statement
// outside a transaction, the SELECT tag's formatting, the exec run's
// separate env, build, Env, evaluator and Check allocations, the memory
// account's own; 23 before issue 12's: the leaf map, the run's separate
// exec.Env, the row count's closure).
const maxPreparedAllocs = 20

// TestPreparedSelectAllocs: a prepared SELECT re-executed with a new
// parameter is not bound again and allocates at most maxPreparedAllocs.
func TestPreparedSelectAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s := testSession(t)
	p, err := s.Prepare("SELECT $1::int", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	run := func(v int64) {
		s.BeginImplicit(false)
		if err := s.Revalidate(p); err != nil {
			t.Fatal(err)
		}
		res, err := s.Execute(ctx, p, []any{v})
		if err != nil || len(res.Rows) != 1 || res.Rows[0][0] != v {
			t.Fatal(res, err)
		}
		if err := s.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	run(1)
	pl := p.(*prepared).plan
	n := int64(0)
	if allocs := testing.AllocsPerRun(200, func() { n++; run(n) }); allocs > maxPreparedAllocs {
		t.Errorf("%v allocations per execution, want at most %d", allocs, maxPreparedAllocs)
	}
	if p.(*prepared).plan != pl {
		t.Error("the prepared statement was bound again")
	}
}

// BenchmarkSimpleSelect1 measures one Query message of SELECT 1 as the
// wire runs it for pgbench -M simple: Split, BeginImplicit, Execute,
// Sync; a session keeps the statements of a text it saw (session_simple.go).
func BenchmarkSimpleSelect1(b *testing.B) {
	s := testSession(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		stmts, err := s.Split("SELECT 1")
		if err != nil || len(stmts) != 1 {
			b.Fatal(stmts, err)
		}
		s.BeginImplicit(false)
		res, err := s.Execute(ctx, stmts[0], nil)
		if err != nil || len(res.Rows) != 1 {
			b.Fatal(res, err)
		}
		if err := s.Sync(); err != nil {
			b.Fatal(err)
		}
	}
}

// maxSimpleAllocs bounds the allocations of one Query message of a
// SELECT whose text the session kept (session_simple.go); 66 when every
// Query message was parsed, 22 before issue 12's trims (maxPreparedAllocs).
const maxSimpleAllocs = 19

// TestSimpleSelectAllocs: a Query text sent again is neither parsed nor
// bound again.
func TestSimpleSelectAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s := testSession(t)
	ctx := context.Background()
	var first backend.Prepared
	run := func() {
		stmts, err := s.Split("SELECT 1")
		if err != nil || len(stmts) != 1 {
			t.Fatal(stmts, err)
		}
		if first == nil {
			first = stmts[0]
		} else if stmts[0] != first {
			t.Fatal("the text was parsed again")
		}
		s.BeginImplicit(false)
		res, err := s.Execute(ctx, stmts[0], nil)
		if err != nil || len(res.Rows) != 1 {
			t.Fatal(res, err)
		}
		if err := s.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if allocs := testing.AllocsPerRun(200, run); allocs > maxSimpleAllocs {
		t.Errorf("%v allocations per Query message, want at most %d", allocs, maxSimpleAllocs)
	}
}

// BenchmarkPreparedSetOp is BenchmarkPreparedSelect1 for set operations:
// the per-execution cost of building and running their plan trees (each
// query returns one row, as runPrepared checks).
func BenchmarkPreparedSetOp(b *testing.B) {
	for _, q := range []struct{ name, sql string }{
		{"union", "SELECT 1 UNION SELECT 1"},
		{"unionall3_limit", "SELECT $1::int UNION ALL SELECT 2 UNION ALL SELECT 3 ORDER BY 1 LIMIT 1"},
		{"intersect", "SELECT 1 INTERSECT SELECT $1::int"},
	} {
		b.Run(q.name, func(b *testing.B) {
			s := testSession(b)
			p, err := s.Prepare(q.sql, nil)
			if err != nil {
				b.Fatal(err)
			}
			var params []any
			if len(p.ParamTypes()) > 0 {
				params = []any{int64(1)}
			}
			runPrepared(b, s, p, params)
		})
	}
}
