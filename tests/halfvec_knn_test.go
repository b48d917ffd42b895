package tests

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pgvector/pgvector-go"
)

// TestHalfvecKNNMatchesExact: on 3,000 halfvec(8) rows with an HNSW index
// per operator class, ORDER BY v <op> q LIMIT k through the index (plain,
// filtered by a category that keeps a tenth of the rows, and with LIMIT
// beyond hnsw.ef_search) returns exactly the rows of the same query under
// enable_indexscan = off: the planner's k-NN rules (exact order, never
// short) hold for halfvec as for vector. Each index is required in the plan.
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
	for id := range 3000 {
		mustExec(t, conn, "INSERT INTO hk VALUES ($1, $2, $3)", id, id%10, vec())
	}
	seq := s.connect(t)
	defer seq.Close(context.Background())
	mustExec(t, seq, "SET enable_indexscan = off")
	for _, oc := range []struct{ name, op string }{
		{"halfvec_l2_ops", "<->"}, {"halfvec_ip_ops", "<#>"}, {"halfvec_cosine_ops", "<=>"}, {"halfvec_l1_ops", "<+>"},
	} {
		ix := "hk_" + oc.name
		mustExec(t, conn, fmt.Sprintf("CREATE INDEX %s ON hk USING hnsw (v %s)", ix, oc.name))
		for i := range 5 {
			q := vec()
			for _, c := range []struct {
				where string
				k     int
			}{{"", 10}, {"WHERE cat = 3", 10}, {"", 60}, {"WHERE cat = 7", 45}} {
				sql := fmt.Sprintf("SELECT id FROM hk %s ORDER BY v %s '%s', id LIMIT %d", c.where, oc.op, q.String(), c.k)
				idx := fmt.Sprintf("SELECT id FROM hk %s ORDER BY v %s '%s' LIMIT %d", c.where, oc.op, q.String(), c.k)
				if i == 0 && c.where == "" && c.k == 10 {
					requireIndexScan(t, conn, idx, ix)
				}
				got, want := queryIDs(t, conn, idx), queryIDs(t, seq, sql)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %s: index %v, exact %v", oc.name, idx, got, want)
				}
			}
		}
		mustExec(t, conn, "DROP INDEX "+ix)
	}
}
