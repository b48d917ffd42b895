package planner

import (
	"context"
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/wal"
	"github.com/vecgres/vecgres/wire/backend"
)

// testSession opens an in-memory catalog and returns a session on it.
func testSession(t testing.TB) *Session {
	t.Helper()
	c, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS(), SegmentSize: 1 << 24, NoSync: true}})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	s := NewEngine(c).NewSession(map[string]string{"user": "postgres"}).(*Session)
	t.Cleanup(s.Close)
	return s
}

// exec runs one statement with parameters and returns its result.
func exec(t testing.TB, s *Session, query string, params ...any) *backend.Result {
	t.Helper()
	var p backend.Prepared
	var err error
	if len(params) == 0 {
		var ps []backend.Prepared
		if ps, err = s.Split(query); err == nil {
			p = ps[0]
		}
	} else {
		p, err = s.Prepare(query, nil)
	}
	if err != nil {
		t.Fatalf("prepare %s: %v", query, err)
	}
	res, err := s.Execute(context.Background(), p, params)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return res
}

// ids returns the first column of every row as int64.
func ids(res *backend.Result) []int64 {
	out := make([]int64, len(res.Rows))
	for i, r := range res.Rows {
		out[i] = r[0].(int64)
	}
	return out
}
