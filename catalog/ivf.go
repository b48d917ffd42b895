package catalog

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// An ivfflat index's centers are trained from the rows when it is built
// (fillIVF, first pass) and written to each snapshot (file ivf.<oid>,
// writeIVF); its lists are not: start-up reads the centers and fills the
// lists from the rows. An index the WAL created after the last snapshot
// (or whose file is missing) is trained again at start-up from the rows
// then live, with the same seed (its OID), as REINDEX trains it; its
// centers may then differ from those before the crash, and answers with
// them, only within the approximation probes allow: the planner keeps
// exact distance order and falls back to the exact scan.

// newIVFOn gives ix (method ivfflat, M lists) its empty, untrained lists
// for a column of type ct (vector or halfvec, whose halves are kept as
// float32; or bit under bit_hamming_ops, whose strings vecindex keeps as
// 0/1 components under L2: IVFConfig.Bits).
func newIVFOn(ix *Index, ct types.Type) error {
	cfg := vecindex.IVFConfig{Dims: int(ct.Typmod), Lists: ix.M, Metric: ix.Metric, Seed: int64(ix.OID)}
	if ct.Kind == types.KindBit {
		cfg.Metric, cfg.Bits = vecindex.L2, true
	}
	x, err := vecindex.NewIVF(cfg)
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
		if v, _ := ix.value(t.version(s).vals); v != nil {
			keys = append(keys, s)
			vecs = append(vecs, graphVector(v))
		}
	}
	pr := monitor.IndexBuildOf(ctx)
	if !ix.IVF.Trained() {
		pr.SetPhase(monitor.PhaseKMeans)
		if err := ix.IVF.TrainContext(ctx, vecs, 0); err != nil {
			return canceledBy(ctx)
		}
	}
	if ctx.Err() != nil {
		return canceledBy(ctx)
	}
	if len(keys) == 0 {
		return nil
	}
	pr.SetPhase(monitor.PhaseAssignTuples)
	err := ix.insertBatch(keys, vecs)
	if d := pr.Done(); d != nil && err == nil {
		d.Add(int64(len(keys)))
	}
	return err
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

// ivfFileName is an ivfflat index's centers file in a snapshot.
func ivfFileName(oid uint32) string { return fmt.Sprintf("ivf.%d", oid) }

// writeIVF writes ix's centers for the snapshot at lsn: a snapshot file
// header (snapKindIVF) then vecindex's centers format, with its own
// CRC-32C. The lists are not written: start-up fills them from the rows.
func (c *Catalog) writeIVF(fs wal.FS, dir string, lsn wal.LSN, ix *Index) error {
	if !ix.IVF.Trained() {
		return nil
	}
	return c.writeFile(fs, filepath.Join(dir, ivfFileName(ix.OID)), func(f wal.File) error {
		w := bufio.NewWriter(f)
		if _, err := w.Write(snapHeader(snapKindIVF, lsn)); err != nil {
			return err
		}
		if _, err := ix.IVF.WriteCentersTo(w); err != nil {
			return err
		}
		return w.Flush()
	})
}

// readIVF gives ix the centers its snapshot file holds, so that start-up
// fills the lists (rebuildIndexes, fillIVF) without training them again.
// A missing file is logged and the centers are trained again; a damaged
// one is ErrSnapshotCorrupt (the previous snapshot is tried).
func (c *Catalog) readIVF(fs wal.FS, dir string, lsn wal.LSN, ix *Index) error {
	path := filepath.Join(dir, ivfFileName(ix.OID))
	r, closeFn, err := openSnapFile(fs, path)
	if errors.Is(err, os.ErrNotExist) {
		c.logger().Warn("catalog: snapshot has no ivfflat centers file, training the index again", "index", ix.Name)
		return nil
	}
	if err != nil {
		return err
	}
	defer closeFn()
	br := bufio.NewReader(r)
	if _, err := readSnapHeader(br, path, snapKindIVF, lsn); err != nil {
		return err
	}
	if err := ix.IVF.ReadCentersFrom(br); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrSnapshotCorrupt, path, err)
	}
	return nil
}
