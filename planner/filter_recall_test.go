package planner

import (
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/fmnist"
)

// TestFilteredRecallFashionMNIST loads 20,000 Fashion-MNIST train images
// with their class label as category (10% selectivity) and a synthetic
// attribute r (0..999, hashed from id) for 0.1%..50% selectivity, and
// checks for each filter, under the default (cost-chosen) plan, recall@10
// >= 0.95 against exact filtered ground truth and that every query returns
// min(10, matching rows) rows.
func TestFilteredRecallFashionMNIST(t *testing.T) {
	if testing.Short() || raceEnabled { // one session, nothing concurrent: recall only
		t.Skip("loads 20,000 images and builds an HNSW index")
	}
	if _, err := os.Stat(fmnist.DefaultDir); err != nil {
		t.Skip("Fashion-MNIST not installed: ", err)
	}
	const base, nq = 20000, 50
	ds, err := fmnist.LoadN(fmnist.DefaultDir, base, nq)
	if err != nil {
		t.Fatal(err)
	}
	rank := func(id int) int64 { return int64((uint64(id)*2654435761 + 12345) % 1000) }
	s := testSession(t)
	exec(t, s, "CREATE TABLE items (id int PRIMARY KEY, embedding vector(784), category text, r int)")
	exec(t, s, "BEGIN")
	for i, v := range ds.Train {
		exec(t, s, "INSERT INTO items VALUES ($1, $2, $3, $4)", int64(i), types.Vector(v), fmt.Sprint(ds.TrainLabels[i]), rank(i))
	}
	exec(t, s, "COMMIT")
	exec(t, s, "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)")
	exec(t, s, "CREATE INDEX ON items (category)")
	exec(t, s, "CREATE INDEX ON items (r)")
	cases := []struct {
		name, where string
		arg         func(q int) any
		match       func(i, q int) bool
	}{
		{"0.1%", "r < $2", func(int) any { return int64(1) }, func(i, _ int) bool { return rank(i) < 1 }},
		{"1%", "r < $2", func(int) any { return int64(10) }, func(i, _ int) bool { return rank(i) < 10 }},
		{"5%", "r < $2", func(int) any { return int64(50) }, func(i, _ int) bool { return rank(i) < 50 }},
		{"10% class", "category = $2", func(q int) any { return fmt.Sprint(q % 10) }, func(i, q int) bool { return int(ds.TrainLabels[i]) == q%10 }},
		{"20%", "r < $2", func(int) any { return int64(200) }, func(i, _ int) bool { return rank(i) < 200 }},
		{"50%", "r < $2", func(int) any { return int64(500) }, func(i, _ int) bool { return rank(i) < 500 }},
	}
	for _, c := range cases {
		found, want := 0, 0
		for qi, q := range ds.Test {
			truth := exactFiltered(ds.Train, q, func(i int) bool { return c.match(i, qi) }, 10)
			res := exec(t, s, "SELECT id FROM items WHERE "+c.where+" ORDER BY embedding <-> $1 LIMIT 10", types.Vector(q), c.arg(qi))
			if len(res.Rows) != len(truth) {
				t.Errorf("%s query %d: %d rows, want %d", c.name, qi, len(res.Rows), len(truth))
			}
			got := map[int64]bool{}
			for _, id := range ids(res) {
				got[id] = true
			}
			for _, id := range truth {
				if got[id] {
					found++
				}
			}
			want += len(truth)
		}
		recall := float64(found) / float64(want)
		t.Logf("%s: recall@10 = %.4f", c.name, recall)
		if recall < 0.95 {
			t.Errorf("%s: recall@10 = %.4f, want >= 0.95", c.name, recall)
		}
	}
}

// exactFiltered returns the ids of the k nearest rows (L2) that match.
func exactFiltered(train [][]float32, q []float32, match func(int) bool, k int) []int64 {
	type hit struct {
		id int64
		d  float64
	}
	var hits []hit
	for i, v := range train {
		if !match(i) {
			continue
		}
		d := 0.0
		for j := range v {
			x := float64(v[j]) - float64(q[j])
			d += x * x
		}
		hits = append(hits, hit{int64(i), d})
	}
	sort.Slice(hits, func(a, b int) bool {
		return hits[a].d < hits[b].d || (hits[a].d == hits[b].d && hits[a].id < hits[b].id)
	})
	out := make([]int64, 0, k)
	for _, h := range hits[:min(k, len(hits))] {
		out = append(out, h.id)
	}
	return out
}
