package tests

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// TestHalfvecKNNMatchesExact: on 3,000 halfvec(8) rows with an HNSW index
// per operator class, ORDER BY v <op> q LIMIT k through the index (plain,
// filtered by a category that keeps a tenth of the rows, and with LIMIT
// beyond hnsw.ef_search) returns the rows of the same query under
// enable_indexscan = off: the same distances in the same order, and the
// same rows strictly nearer than the k-th distance (rows tied at the k-th
// distance may be any of the tied ones: SQL leaves their order open and
// the index keeps the ones its walk found). The planner's k-NN rules
// (exact order, never short) hold for halfvec as for vector. Each index is
// required in the plan.
func TestHalfvecKNNMatchesExact(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := vectorConn(t, s)
	defer conn.Close(context.Background())
	mustExec(t, conn, "CREATE TABLE hk (id bigint PRIMARY KEY, cat int, v halfvec(8))")
	r := rand.New(rand.NewPCG(11, 12))
	vec := func() pgvector.HalfVector {
		v := make([]float32, 8)
		for i := range v {
			v[i] = float32(r.IntN(9) - 4) // small integers: ties, exact in halves
		}
		return pgvector.NewHalfVector(v)
	}
	classes := []struct{ name, op string }{
		{"halfvec_l2_ops", "<->"}, {"halfvec_ip_ops", "<#>"}, {"halfvec_cosine_ops", "<=>"}, {"halfvec_l1_ops", "<+>"},
	}
	// The indexes exist before the rows, so each graph grows one insert at
	// a time and is the same on every run (a parallel CREATE INDEX on a
	// loaded machine builds a slightly different graph each time, and this
	// test asks ef_search-wide walks for exact answers).
	for _, oc := range classes {
		mustExec(t, conn, fmt.Sprintf("CREATE INDEX hk_%s ON hk USING hnsw (v %s)", oc.name, oc.name))
	}
	for id := range 3000 {
		mustExec(t, conn, "INSERT INTO hk VALUES ($1, $2, $3)", id, id%10, vec())
	}
	seq := s.connect(t)
	defer seq.Close(context.Background())
	mustExec(t, seq, "SET enable_indexscan = off")
	for _, oc := range classes {
		ix := "hk_" + oc.name
		for i := range 5 {
			q := vec()
			for _, c := range []struct {
				where string
				k     int
			}{{"", 10}, {"WHERE cat = 3", 10}, {"", 60}, {"WHERE cat = 7", 45}} {
				dist := fmt.Sprintf("v %s '%s'", oc.op, q.String())
				sql := fmt.Sprintf("SELECT id, (%s)::float8 FROM hk %s ORDER BY %s, id LIMIT %d", dist, c.where, dist, c.k)
				idx := fmt.Sprintf("SELECT id, (%s)::float8 FROM hk %s ORDER BY %s LIMIT %d", dist, c.where, dist, c.k)
				if i == 0 && c.where == "" && c.k == 10 {
					requireIndexScan(t, conn, idx, ix)
				}
				got, want := queryNeighbours(t, conn, idx), queryNeighbours(t, seq, sql)
				if msg := sameKNN(got, want); msg != "" {
					t.Fatalf("%s %s: %s\nindex %v\nexact %v", oc.name, idx, msg, got, want)
				}
			}
		}
	}
}

// neighbour is one k-NN answer row: its id and distance.
type neighbour struct {
	id   int64
	dist float64
}

func queryNeighbours(t *testing.T, conn *pgx.Conn, sql string) []neighbour {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 30*time.Second), sql)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (neighbour, error) {
		var n neighbour
		err := r.Scan(&n.id, &n.dist)
		return n, err
	})
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return out
}

// sameKNN compares a k-NN answer with the exact one: the same distances
// in order, and the same ids among the rows strictly nearer than the last
// distance (ties at the cutoff may be any of the tied rows). It returns
// what differs, or "".
func sameKNN(got, want []neighbour) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d rows, want %d", len(got), len(want))
	}
	if len(want) == 0 {
		return ""
	}
	cutoff := want[len(want)-1].dist
	var a, b []int64
	for i := range want {
		if got[i].dist != want[i].dist {
			return fmt.Sprintf("distance %d is %v, want %v", i, got[i].dist, want[i].dist)
		}
		if want[i].dist < cutoff {
			a, b = append(a, got[i].id), append(b, want[i].id)
		}
	}
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		return fmt.Sprintf("rows nearer than the cutoff %v differ", cutoff)
	}
	return ""
}
