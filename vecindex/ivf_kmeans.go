package vecindex

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// ivfMaxIterations bounds Lloyd's iterations; training stops earlier
// when no sample changes list.
const ivfMaxIterations = 25

// Train sets the centers from vecs (the table's vectors; the caller may
// pass all of them): a seeded sample of max(Lists × IVFSamplesPerList,
// IVFMinSamples) vectors is clustered with k-means (k-means++ seeding,
// Arthur & Vassilvitskii 2007; then Lloyd's iterations, assignment on
// workers goroutines, 0: GOMAXPROCS). Cosine and InnerProduct cluster
// directions (spherical k-means, Dhillon & Modha 2001): samples and
// centers are unit length, as pgvector normalises. With fewer samples
// than lists, the samples are centers and the rest are random (pgvector's
// QuickCenters); with none, all are random. Zero vectors under Cosine are
// left out. Must be called once, before any insert; vectors are not
// inserted.
func (x *IVFFlat) Train(vecs [][]float32, workers int) {
	_ = x.TrainContext(context.Background(), vecs, workers) // cannot end
}

// TrainContext is Train stopping with ctx's error, the index left
// untrained, when ctx ends (checked between k-means++ picks and Lloyd's
// iterations).
func (x *IVFFlat) TrainContext(ctx context.Context, vecs [][]float32, workers int) error {
	rng := rand.New(rand.NewPCG(uint64(x.cfg.Seed), 0x1f1f))
	sample := x.sample(vecs, rng)
	centers, err := x.seedCenters(ctx, sample, rng, workers)
	if err == nil && len(sample) > x.cfg.Lists {
		err = x.refine(ctx, sample, centers, workers)
	}
	if err != nil {
		return err
	}
	geom := newCenterGeom(centers, x.cfg.Lists, x.cfg.Dims, workers)
	x.mu.Lock()
	defer x.mu.Unlock()
	x.centers, x.geom = centers, geom
	x.lists = make([]ivfList, x.cfg.Lists)
	x.sampled = len(sample)
	x.trained = true
	return nil
}

// sample returns up to max(Lists × IVFSamplesPerList, IVFMinSamples)
// of vecs, chosen by reservoir sampling (Vitter's algorithm R) over the
// indexes of the eligible ones (the index's length, non-zero under the
// spherical metrics), then copied, unpacked and, for spherical metrics,
// normalised into one buffer: no copy per vector offered.
func (x *IVFFlat) sample(vecs [][]float32, rng *rand.Rand) [][]float32 {
	n := max(x.cfg.Lists*IVFSamplesPerList, IVFMinSamples)
	var picked []int
	seen := 0
	for i, v := range vecs {
		if !x.trainable(v) {
			continue
		}
		seen++
		if len(picked) < n {
			picked = append(picked, i)
		} else if j := rng.IntN(seen); j < n {
			picked[j] = i
		}
	}
	d := x.cfg.Dims
	buf := make([]float32, len(picked)*d)
	out := make([][]float32, len(picked))
	for j, i := range picked {
		out[j] = buf[j*d : (j+1)*d : (j+1)*d]
		copy(out[j], x.unpack(vecs[i]))
		if x.spherical() {
			normalize(out[j])
		}
	}
	return out
}

// trainable reports whether v may be sampled: of the index's length
// (packed or not, for bits) and, under the spherical metrics, not zero.
func (x *IVFFlat) trainable(v []float32) bool {
	if len(v) != x.cfg.Dims && !(x.cfg.Bits && len(v) == BitDims(x.cfg.Dims)) {
		return false
	}
	if !x.spherical() {
		return true
	}
	for _, f := range v {
		if f != 0 {
			return true
		}
	}
	return false
}

func (x *IVFFlat) spherical() bool { return x.cfg.Metric != L2 }

// seedCenters returns Lists × Dims initial centers: k-means++ over the
// sample when it has more vectors than lists, else the sample's vectors
// followed by random centers (components uniform in [0, 1), unit length
// when spherical).
func (x *IVFFlat) seedCenters(ctx context.Context, sample [][]float32, rng *rand.Rand, workers int) ([]float32, error) {
	k, d := x.cfg.Lists, x.cfg.Dims
	centers := make([]float32, 0, k*d)
	if len(sample) <= k {
		for _, v := range sample {
			centers = append(centers, v...)
		}
		for len(centers) < k*d {
			c := make([]float32, d)
			for i := range c {
				c[i] = rng.Float32()
			}
			if x.spherical() {
				normalize(c)
			}
			centers = append(centers, c...)
		}
		return centers, nil
	}
	// k-means++: each next center is a sample drawn with probability
	// proportional to its squared distance to the nearest chosen center.
	nearest := make([]float64, len(sample))
	for i := range nearest {
		nearest[i] = math.Inf(1)
	}
	next := sample[rng.IntN(len(sample))]
	for c := 0; c < k; c++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		centers = append(centers, next...)
		var total float64
		parallelFor(len(sample), workers, func(i int) {
			if dd := float64(l2Dist(sample[i], next)); dd < nearest[i] {
				nearest[i] = dd
			}
		})
		for _, dd := range nearest {
			total += dd
		}
		if total == 0 {
			next = sample[rng.IntN(len(sample))]
			continue
		}
		r := rng.Float64() * total
		idx := len(sample) - 1
		for i, dd := range nearest {
			if r -= dd; r < 0 {
				idx = i
				break
			}
		}
		next = sample[idx]
	}
	return centers, nil
}

// refine runs k-means iterations on the seeded centers: Elkan's when
// its lower bounds fit elkanMaxCells, else Lloyd's.
func (x *IVFFlat) refine(ctx context.Context, sample [][]float32, centers []float32, workers int) error {
	if len(sample)*x.cfg.Lists <= elkanMaxCells {
		return x.elkan(ctx, sample, centers, workers)
	}
	return x.lloyd(ctx, sample, centers, workers)
}

// lloyd refines centers in place: assign each sample to its nearest
// center (centerGeom.nearest when the centers are few enough to measure,
// else centerDist against each), move each center to its samples' mean
// (normalised when spherical; a center left without samples stays), until
// no assignment changes or ivfMaxIterations.
func (x *IVFFlat) lloyd(ctx context.Context, sample [][]float32, centers []float32, workers int) error {
	k, d := x.cfg.Lists, x.cfg.Dims
	assign := make([]int32, len(sample))
	for i := range assign {
		assign[i] = -1
	}
	sums := make([]float64, k*d)
	counts := make([]int, k)
	for range ivfMaxIterations {
		if err := ctx.Err(); err != nil {
			return err
		}
		var changed atomic.Bool
		geom := newCenterGeom(centers, k, d, workers)
		parallelFor(len(sample), workers, func(i int) {
			best := int32(x.nearestOf(geom, centers, sample[i]))
			if assign[i] != best {
				assign[i] = best
				changed.Store(true)
			}
		})
		if !changed.Load() {
			return nil
		}
		clear(sums)
		clear(counts)
		for i, v := range sample {
			c := int(assign[i])
			counts[c]++
			for j, f := range v {
				sums[c*d+j] += float64(f)
			}
		}
		for c := range k {
			if counts[c] == 0 {
				continue
			}
			for j := range d {
				centers[c*d+j] = float32(sums[c*d+j] / float64(counts[c]))
			}
			if x.spherical() {
				normalize(centers[c*d : (c+1)*d])
			}
		}
	}
	return nil
}

// parallelFor calls fn(i) for i in [0, n) on workers goroutines (0:
// GOMAXPROCS), each taking a contiguous range.
func parallelFor(n, workers int, fn func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, max(n/256, 1))
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		wg.Go(func() {
			for i := lo; i < hi; i++ {
				fn(i)
			}
		})
	}
	wg.Wait()
}
