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
		err = x.lloyd(ctx, sample, centers, workers)
	}
	if err != nil {
		return err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.centers = centers
	x.lists = make([]ivfList, x.cfg.Lists)
	x.sampled = len(sample)
	x.trained = true
	return nil
}

// sample returns up to max(Lists × IVFSamplesPerList, IVFMinSamples)
// of vecs, chosen by reservoir sampling (Vitter's algorithm R), as
// training copies: unit length for spherical metrics.
func (x *IVFFlat) sample(vecs [][]float32, rng *rand.Rand) [][]float32 {
	n := max(x.cfg.Lists*IVFSamplesPerList, IVFMinSamples)
	var out [][]float32
	seen := 0
	for _, v := range vecs {
		if v = x.unpack(v); len(v) != x.cfg.Dims {
			continue
		}
		c := append([]float32(nil), v...)
		if x.spherical() && !normalize(c) {
			continue
		}
		seen++
		if len(out) < n {
			out = append(out, c)
		} else if j := rng.IntN(seen); j < n {
			out[j] = c
		}
	}
	return out
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

// lloyd refines centers in place: assign each sample to its nearest
// center (centerDist), move each center to its samples' mean
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
		parallelFor(len(sample), workers, func(i int) {
			best, bestD := int32(0), float32(math.Inf(1))
			for c := range k {
				if dd := x.centerDist(sample[i], centers[c*d:(c+1)*d]); dd < bestD {
					best, bestD = int32(c), dd
				}
			}
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
