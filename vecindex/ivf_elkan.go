package vecindex

import (
	"context"
	"math"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// Limits of the triangle-inequality bookkeeping, both in float32 cells:
// elkanMaxCells bounds samples × lists, the lower bounds Elkan's k-means
// keeps (256 MiB; a larger training runs Lloyd's iterations with
// centerGeom pruning instead), and ivfGeomMaxLists the lists whose
// pairwise center distances are kept for assignment (16 MiB; more lists
// are assigned by comparing every center).
const (
	elkanMaxCells   = 1 << 26
	ivfGeomMaxLists = 2048
)

// l2 is the Euclidean distance ‖a − b‖ (not squared: the triangle
// inequality holds for it).
func l2(a, b []float32) float32 {
	return float32(math.Sqrt(float64(distance.L2Squared(a, b))))
}

// centerGeom holds half the pairwise distances of k centers, half[c·k+c']
// = ½‖c − c'‖, for Elkan's first lemma (Elkan 2003, "Using the Triangle
// Inequality to Accelerate k-Means", ICML, Lemma 1): when ½‖b − c‖ ≥
// ‖x − b‖, c is no nearer to x than b, so ‖x − c‖ need not be computed.
type centerGeom struct {
	k    int
	half []float32
}

// newCenterGeom measures the k centers (k × d floats, on workers
// goroutines); nil when k exceeds ivfGeomMaxLists.
func newCenterGeom(centers []float32, k, d, workers int) *centerGeom {
	if k > ivfGeomMaxLists {
		return nil
	}
	g := &centerGeom{k: k, half: make([]float32, k*k)}
	g.measure(centers, d, workers)
	return g
}

// measure fills half from centers.
func (g *centerGeom) measure(centers []float32, d, workers int) {
	k := g.k
	parallelFor(k, workers, func(a int) {
		for b := a + 1; b < k; b++ {
			h := l2(centers[a*d:(a+1)*d], centers[b*d:(b+1)*d]) / 2
			g.half[a*k+b], g.half[b*k+a] = h, h
		}
	})
}

// nearest returns the center nearest v in L2 and its distance, the
// first one among equals, computing only the distances Lemma 1 cannot
// rule out. Under the spherical metrics the centers have unit length, so
// ‖v − c‖² = ‖v‖² + 1 − 2 v·c ranks them as −v·c does.
func (g *centerGeom) nearest(v, centers []float32, d int) (int, float32) {
	best, bestD := 0, l2(v, centers[:d])
	row := g.half[:g.k]
	for c := 1; c < g.k; c++ {
		if row[c] >= bestD {
			continue
		}
		if dc := l2(v, centers[c*d:(c+1)*d]); dc < bestD {
			best, bestD = c, dc
			row = g.half[c*g.k : (c+1)*g.k]
		}
	}
	return best, bestD
}

// elkan refines centers in place as lloyd does (assign each sample to
// its nearest center, move each center to its samples' mean, normalised
// when spherical, until no assignment changes or ivfMaxIterations
// assignments), with Elkan's bounds (Elkan 2003, §3; pgvector's
// ivfkmeans.c trains the same way): per sample an upper bound on the
// distance to its center and a lower bound on the distance to every
// other center, loosened by how far each center moved, so that most
// distances are never computed. Distances are L2, which under the
// spherical metrics (unit samples and centers) ranks centers as −dot
// does. Sums of each center's samples are kept in float64 and changed
// only by the samples that move. Memory: samples × lists float32 lower
// bounds (the caller keeps that below elkanMaxCells).
func (x *IVFFlat) elkan(ctx context.Context, sample [][]float32, centers []float32, workers int) error {
	k, d, n := x.cfg.Lists, x.cfg.Dims, len(sample)
	e := &elkanState{
		k: k, d: d, sample: sample, centers: centers,
		assign: make([]int32, n), was: make([]int32, n),
		upper: make([]float32, n), lower: make([]float32, n*k), stale: make([]bool, n),
		geom: centerGeom{k: k, half: make([]float32, k*k)},
		s:    make([]float32, k),
		sums: make([]float64, k*d), counts: make([]int, k),
		delta: make([]float32, k), dirty: make([]bool, k),
	}
	for i := range e.was {
		e.was[i] = -1
	}
	parallelFor(n, workers, e.assignAll)
	changed := n > 0
	for it := 0; it < ivfMaxIterations && changed; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		e.moveCenters(x.spherical())
		if it == ivfMaxIterations-1 {
			break
		}
		if e.anyMoved() {
			parallelFor(n, workers, e.loosen)
		}
		e.geom.measure(centers, d, workers)
		e.halfMin()
		copy(e.was, e.assign)
		parallelFor(n, workers, e.reassign)
		changed = false
		for i := range n {
			if e.was[i] != e.assign[i] {
				changed = true
				break
			}
		}
	}
	return nil
}

// elkanState is one run of elkan: per sample its center, the center
// before the last assignment (−1 before the first), the upper bound, k
// lower bounds and whether the upper bound may be loose; per center half
// the distance to its nearest other center (s), its samples' float64
// sum and count, how far the last move took it and whether its samples
// changed.
type elkanState struct {
	k, d         int
	sample       [][]float32
	centers      []float32
	assign, was  []int32
	upper, lower []float32
	stale        []bool
	geom         centerGeom
	s            []float32
	sums         []float64
	counts       []int
	delta        []float32
	dirty        []bool
}

func (e *elkanState) center(c int) []float32 { return e.centers[c*e.d : (c+1)*e.d] }

// assignAll computes every distance of sample i: its lower bounds are
// exact, its upper bound too.
func (e *elkanState) assignAll(i int) {
	lo := e.lower[i*e.k : (i+1)*e.k]
	best := 0
	for c := range e.k {
		lo[c] = l2(e.sample[i], e.center(c))
		if lo[c] < lo[best] {
			best = c
		}
	}
	e.assign[i], e.upper[i] = int32(best), lo[best]
}

// moveCenters applies the samples that changed center to the sums, then
// moves each center whose samples changed to their mean (a center left
// without samples stays), recording the distance moved in delta.
func (e *elkanState) moveCenters(spherical bool) {
	d := e.d
	clear(e.dirty)
	for i, a := range e.assign {
		old := e.was[i]
		if old == a {
			continue
		}
		if old >= 0 {
			e.counts[old]--
			e.dirty[old] = true
			addScaled(e.sums[int(old)*d:int(old+1)*d], e.sample[i], -1)
		}
		e.counts[a]++
		e.dirty[a] = true
		addScaled(e.sums[int(a)*d:int(a+1)*d], e.sample[i], 1)
		e.was[i] = a
	}
	mean := make([]float32, d)
	for c := range e.k {
		e.delta[c] = 0
		if !e.dirty[c] || e.counts[c] == 0 {
			continue
		}
		inv := 1 / float64(e.counts[c])
		for j, s := range e.sums[c*d : (c+1)*d] {
			mean[j] = float32(s * inv)
		}
		if spherical {
			normalize(mean)
		}
		e.delta[c] = l2(mean, e.center(c))
		copy(e.center(c), mean)
	}
}

// addScaled adds sign × v to sum.
func addScaled(sum []float64, v []float32, sign float64) {
	for j, f := range v {
		sum[j] += sign * float64(f)
	}
}

func (e *elkanState) anyMoved() bool {
	for _, dl := range e.delta {
		if dl != 0 {
			return true
		}
	}
	return false
}

// loosen keeps sample i's bounds true after the centers moved (Elkan
// 2003, steps 5 and 6): each lower bound drops by its center's move, the
// upper bound grows by its own center's and is marked loose.
func (e *elkanState) loosen(i int) {
	lo := e.lower[i*e.k : (i+1)*e.k]
	for c, dl := range e.delta {
		lo[c] = max(lo[c]-dl, 0)
	}
	if dl := e.delta[e.assign[i]]; dl != 0 {
		e.upper[i] += dl
		e.stale[i] = true
	}
}

// halfMin sets s[c] to half the distance from c to its nearest other
// center.
func (e *elkanState) halfMin() {
	for c := range e.k {
		m := float32(math.Inf(1))
		for b, h := range e.geom.half[c*e.k : (c+1)*e.k] {
			if b != c && h < m {
				m = h
			}
		}
		e.s[c] = m
	}
}

// reassign is Elkan's assignment step for sample i (§3, steps 2 and 3):
// skipped whole when its upper bound is within s of its center; else
// each other center is compared only when neither its lower bound nor
// Lemma 1 rules it out, the upper bound made exact first.
func (e *elkanState) reassign(i int) {
	a, u := int(e.assign[i]), e.upper[i]
	if u <= e.s[a] {
		return
	}
	v := e.sample[i]
	lo := e.lower[i*e.k : (i+1)*e.k]
	loose := e.stale[i]
	for c := range e.k {
		if c == a || u <= lo[c] || u <= e.geom.half[a*e.k+c] {
			continue
		}
		if loose {
			u = l2(v, e.center(a))
			lo[a], loose = u, false
			if u <= lo[c] || u <= e.geom.half[a*e.k+c] {
				continue
			}
		}
		dc := l2(v, e.center(c))
		lo[c] = dc
		if dc < u {
			a, u = c, dc
		}
	}
	e.assign[i], e.upper[i], e.stale[i] = int32(a), u, loose
}
