package catalog

import (
	"context"
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// An ivfflat index's centers are trained from the rows when it is built
// (fillIVF, first pass). They are not logged nor written to snapshots:
// start-up and REINDEX train the lists again from the rows then live (as
// an index whose record has no graph file is rebuilt), with the same seed
// (the index's OID). The lists may then differ from those before the
// restart; answers do not, beyond the approximation probes allow, as
// the planner keeps exact distance order and falls back to the exact scan.

// newIVFOn gives ix (method ivfflat, M lists) its empty, untrained lists
// for a column of type ct (vector or halfvec, whose halves are kept as
// float32).
func newIVFOn(ix *Index, ct types.Type) error {
	x, err := vecindex.NewIVF(vecindex.IVFConfig{Dims: int(ct.Typmod), Lists: ix.M, Metric: ix.Metric, Seed: int64(ix.OID)})
	if err != nil {
		return pgerror.Internal(fmt.Errorf("create index %s: %w", ix.Name, err))
	}
	ix.IVF = x
	return nil
}

// fillIVF enters the non-NULL vectors of slots into ix's lists; the
// first call trains the centers on them (all of them are offered to the
// sample: vecindex.IVFFlat.Train). Errors: 57014 when ctx ends.
func (c *Catalog) fillIVF(ctx context.Context, ix *Index, slots []uint64) error {
	t := ix.Table
	keys := make([]uint64, 0, len(slots))
	vecs := make([][]float32, 0, len(slots))
	for _, s := range slots {
		if v := ix.value(t.version(s).vals); v != nil {
			keys = append(keys, s)
			vecs = append(vecs, graphVector(v))
		}
	}
	if !ix.IVF.Trained() {
		ix.IVF.Train(vecs, 0)
	}
	if ctx.Err() != nil {
		return canceledBy(ctx)
	}
	if len(keys) == 0 {
		return nil
	}
	return ix.insertBatch(keys, vecs)
}

// insertBatch inserts keys[i] → vecs[i] into ix's graph or lists.
func (ix *Index) insertBatch(keys []uint64, vecs [][]float32) error {
	var err error
	if ix.IVF != nil {
		err = ix.IVF.InsertBatch(keys, vecs, 0)
	} else {
		err = ix.Graph.InsertBatch(keys, vecs, 0)
	}
	if err != nil {
		return pgerror.Internal(fmt.Errorf("index %s: %w", ix.Name, err))
	}
	return nil
}

// LittleData reports whether ix is an ivfflat index trained on fewer
// rows than it has lists: pgvector's NOTICE "ivfflat index created with
// little data" is then due.
func (ix *Index) LittleData() bool {
	return ix.IVF != nil && ix.IVF.Sampled() < ix.M
}
