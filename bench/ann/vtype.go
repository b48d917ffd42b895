package main

import (
	"fmt"

	"github.com/pgvector/pgvector-go"
)

// columnTypes are the --type values: the pgvector type of the embedding
// column (and of the lateral shape's query column), which also names the
// operator class (<type>_l2_ops, <type>_cosine_ops) and the type of the
// query parameter. halfvec rounds each component to IEEE binary16 (exact
// for Fashion-MNIST's whole-number pixels); sparsevec keeps the nonzero
// components. Recall is always against the exact float32 neighbours.
var columnTypes = []string{"vector", "halfvec", "sparsevec"}

// column returns the column type of dim-dimensional embeddings.
func (c *config) column(dim int) string { return fmt.Sprintf("%s(%d)", c.vtype, dim) }

// value returns v as a parameter or COPY value of the column type.
func (c *config) value(v []float32) any {
	switch c.vtype {
	case "halfvec":
		return pgvector.NewHalfVector(v)
	case "sparsevec":
		return pgvector.NewSparseVector(v)
	}
	return pgvector.NewVector(v)
}
