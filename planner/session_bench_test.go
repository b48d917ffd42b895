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
