package fmnist

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Derive turns Fashion-MNIST's byte-valued pixels into float data that is
// not byte-valued (labelled derived from real data in the reports), so
// vecindex cannot use its exact byte codes:
//
//   - "scaled": each pixel/255 plus a seeded uniform perturbation in
//     ±0.002 (about half an 8-bit step of the 0..1 range), so values are
//     continuous;
//   - "unit": each vector L2-normalised (a zero vector stays zero).
//
// "" leaves the data unchanged. The perturbation uses a fixed seed per
// split, so every run and every driver sees the same vectors. train and
// test are changed in place; an unknown kind is an error naming it.
func Derive(kind string, train, test [][]float32) error {
	switch kind {
	case "":
		return nil
	case "scaled":
		scale(train, 1)
		scale(test, 2)
	case "unit":
		unit(train)
		unit(test)
	default:
		return fmt.Errorf("unknown derived data set %q (want scaled or unit)", kind)
	}
	return nil
}

func scale(vs [][]float32, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 255))
	for _, v := range vs {
		for i, x := range v {
			v[i] = x/255 + float32(r.Float64()*0.004-0.002)
		}
	}
}

func unit(vs [][]float32) {
	for _, v := range vs {
		Normalize(v)
	}
}

// Normalize scales v to unit L2 norm in place (a zero vector stays
// zero), in float64 as pgvector's l2_normalize does.
func Normalize(v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 {
		return
	}
	inv := 1 / math.Sqrt(ss)
	for i, x := range v {
		v[i] = float32(float64(x) * inv)
	}
}
