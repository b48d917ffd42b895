package vecindex

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// IVF list bounds and defaults, pgvector 0.8's (ivfflat.h).
const (
	IVFDefaultLists = 100
	IVFMinLists     = 1
	IVFMaxLists     = 32768
	// IVFSamplesPerList and IVFMinSamples size the k-means sample as
	// pgvector's build does: lists × 50 rows, at least 10,000.
	IVFSamplesPerList = 50
	IVFMinSamples     = 10000
)

// IVFConfig holds the build parameters of an IVFFlat index.
//
//   - Dims: components per vector (>= 1).
//   - Lists: number of inverted lists (k-means centers), 1..IVFMaxLists.
//   - Metric: L2, InnerProduct or Cosine. Cosine and InnerProduct train
//     spherical k-means (unit centers), as pgvector normalises centers
//     for vector_cosine_ops and vector_ip_ops; Cosine also stores its
//     vectors normalised, and leaves zero vectors out (pgvector too).
//   - Seed: seeds the sample and k-means++, so a build from the same
//     vectors gives the same centers.
//   - Bits: the vectors are bit strings of Dims bits (pgvector's ivfflat
//     bit_hamming_ops), given packed as BitVector gives them (BitDims(Dims)
//     slots) to Train, Insert and Search, and kept unpacked, one float32 0
//     or 1 per bit: their squared L2 distance is then the Hamming
//     distance, so k-means, list assignment and list scans under L2 (the
//     only metric allowed with Bits) order rows by Hamming distance.
type IVFConfig struct {
	Dims, Lists int
	Metric      Metric
	Seed        int64
	Bits        bool
}

// IVFFlat is an inverted-file index with uncompressed vectors (Jégou,
// Douze & Schmid 2011, "Product quantization for nearest neighbor
// search", §4, without the quantizer; pgvector's ivfflat). Each vector
// lives in the list of its nearest center; a search scans the lists of
// the probes nearest centers. Each list keeps its vectors in one
// contiguous []float32 (row i at [i·Dims, (i+1)·Dims)), so a scan is a
// tight loop over memory. Safe for concurrent use: searches share a read
// lock, writes take the write lock.
type IVFFlat struct {
	cfg     IVFConfig
	dist    func(q, v []float32) float32
	mu      sync.RWMutex
	trained bool
	sampled int         // vectors k-means was trained on (Train)
	centers []float32   // Lists × Dims
	geom    *centerGeom // the centers' distances (nil: too many lists)
	lists   []ivfList
	where   map[uint64]ivfPos // key -> its list and row
}

// ivfList is one inverted list: keys[i] owns vecs[i·dims:(i+1)·dims].
type ivfList struct {
	keys []uint64
	vecs []float32
}

type ivfPos struct{ list, row int32 }

// NewIVF returns an empty, untrained IVFFlat index. Errors: a bad
// config.
func NewIVF(cfg IVFConfig) (*IVFFlat, error) {
	if cfg.Dims < 1 {
		return nil, fmt.Errorf("vecindex: ivfflat dims %d < 1", cfg.Dims)
	}
	if cfg.Lists < IVFMinLists || cfg.Lists > IVFMaxLists {
		return nil, fmt.Errorf("vecindex: ivfflat lists %d out of range", cfg.Lists)
	}
	if cfg.Metric == L1 || cfg.Metric > L1 || cfg.Bits && cfg.Metric != L2 {
		return nil, fmt.Errorf("vecindex: ivfflat does not support %s", cfg.Metric)
	}
	return &IVFFlat{cfg: cfg, dist: distFunc(cfg.Metric), where: map[uint64]ivfPos{}}, nil
}

// Config returns the index's configuration.
func (x *IVFFlat) Config() IVFConfig { return x.cfg }

// Trained reports whether the centers are set (Train ran).
func (x *IVFFlat) Trained() bool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.trained
}

// Sampled is how many vectors Train's k-means ran on (0 for random
// centers): pgvector's NOTICE "ivfflat index created with little data"
// is due when it is below Lists.
func (x *IVFFlat) Sampled() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.sampled
}

// Live returns the number of vectors held.
func (x *IVFFlat) Live() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.where)
}

// MemoryBytes estimates the vectors' and the centers' bytes, and the
// keys' and the key map's.
func (x *IVFFlat) MemoryBytes() (vectors, other int64) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	n := int64(len(x.where))
	return n * int64(x.cfg.Dims) * 4, int64(len(x.centers))*4 + n*(8+24)
}

// prepare returns v in stored form: v itself when it needs no change
// (not packed bits, not Cosine), else a copy made by prepareInto (ok
// false for a zero vector under Cosine, which is not indexed). Errors: a
// wrong length, a NaN or infinite component.
func (x *IVFFlat) prepare(v []float32) (out []float32, ok bool, err error) {
	if x.cfg.Bits || x.cfg.Metric == Cosine {
		out = make([]float32, x.cfg.Dims)
		ok, err = x.prepareInto(out, v)
		return out, ok, err
	}
	if err := x.checkVector(v); err != nil {
		return nil, false, err
	}
	return v, true, nil
}

// prepareInto writes v's stored form into dst (Dims floats): a bit
// index's packed string unpacked, normalised under Cosine (ok false for
// a zero vector). Errors as prepare.
func (x *IVFFlat) prepareInto(dst, v []float32) (ok bool, err error) {
	if x.cfg.Bits && len(v) == BitDims(x.cfg.Dims) {
		unpackBits(dst, v)
	} else {
		if len(v) != x.cfg.Dims {
			return false, x.checkVector(v)
		}
		copy(dst, v)
	}
	if err := x.checkVector(dst); err != nil {
		return false, err
	}
	return x.cfg.Metric != Cosine || normalize(dst), nil
}

// checkVector checks v's length and components. Errors: ErrDims, a NaN
// or infinite component.
func (x *IVFFlat) checkVector(v []float32) error {
	if len(v) != x.cfg.Dims {
		return fmt.Errorf("%w: got %d, index has %d", ErrDims, len(v), x.cfg.Dims)
	}
	for _, f := range v {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return fmt.Errorf("vecindex: NaN or infinite component")
		}
	}
	return nil
}

// unpack returns a bit index's packed bit string v (BitVector's slots)
// as one float32 0 or 1 per bit, first bit first; v itself for other
// indexes, or when v has not the packed length of Dims bits.
func (x *IVFFlat) unpack(v []float32) []float32 {
	if !x.cfg.Bits || len(v) != BitDims(x.cfg.Dims) {
		return v
	}
	out := make([]float32, x.cfg.Dims)
	unpackBits(out, v)
	return out
}

// unpackBits writes packed bit string v's len(dst) bits into dst, one
// float32 0 or 1 per bit, first bit first.
func unpackBits(dst, v []float32) {
	w := words(v)
	for i := range dst {
		byteAt := i / 8
		dst[i] = float32(w[byteAt/8] >> (8*(byteAt%8) + 7 - i%8) & 1)
	}
}

// normalize scales v to unit length in place (sum of squares in
// float64); false, v unchanged, for a zero vector.
func normalize(v []float32) bool {
	var ss float64
	for _, f := range v {
		ss += float64(f) * float64(f)
	}
	if ss == 0 || math.IsInf(ss, 0) {
		return false
	}
	inv := 1 / math.Sqrt(ss)
	for i, f := range v {
		v[i] = float32(float64(f) * inv)
	}
	return true
}

// nearestList returns the list whose center is nearest v (stored form)
// by the index's distance: L2 for L2, -dot with the unit centers
// otherwise (pgvector's assignment by its distance function), which
// ranks them as L2 does; with x.geom, only the centers Elkan's Lemma 1
// cannot rule out are compared (centerGeom.nearest).
func (x *IVFFlat) nearestList(v []float32) int {
	return x.nearestOf(x.geom, x.centers, v)
}

// nearestOf is nearestList for the given centers and their geometry
// (nil: compare every center by centerDist).
func (x *IVFFlat) nearestOf(geom *centerGeom, centers, v []float32) int {
	d := x.cfg.Dims
	if geom != nil {
		best, _ := geom.nearest(v, centers, d)
		return best
	}
	best, bestD := 0, float32(math.Inf(1))
	for c := range x.cfg.Lists {
		if dd := x.centerDist(v, centers[c*d:(c+1)*d]); dd < bestD {
			best, bestD = c, dd
		}
	}
	return best
}

// centerDist is the distance used to rank centers for v.
func (x *IVFFlat) centerDist(v, center []float32) float32 {
	if x.cfg.Metric == L2 {
		return l2Dist(v, center)
	}
	return sane(-distance.Dot(v, center))
}

// Insert adds (key, v), replacing key's vector when key is present. A
// zero vector under Cosine is left out. The index must be trained.
// Errors: ErrDims, a NaN or infinite component, untrained.
func (x *IVFFlat) Insert(key uint64, v []float32) error {
	p, ok, err := x.prepare(v)
	if err != nil || !ok {
		return err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.trained {
		return fmt.Errorf("vecindex: ivfflat index is not trained")
	}
	x.insertLocked(key, p, x.nearestList(p))
	return nil
}

// insertLocked appends (key, p) to list l, first removing key's old row.
func (x *IVFFlat) insertLocked(key uint64, p []float32, l int) {
	x.deleteLocked(key)
	lst := &x.lists[l]
	x.where[key] = ivfPos{int32(l), int32(len(lst.keys))}
	lst.keys = append(lst.keys, key)
	lst.vecs = append(lst.vecs, p...)
}

// InsertBatch inserts keys[i] → vecs[i], assigning lists on workers
// goroutines (0: GOMAXPROCS) and filling the lists under the lock. Errors
// as Insert, for the first bad vector (nothing is inserted then).
func (x *IVFFlat) InsertBatch(keys []uint64, vecs [][]float32, workers int) error {
	prep, err := x.prepareBatch(keys, vecs)
	if err != nil {
		return err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.trained {
		return fmt.Errorf("vecindex: ivfflat index is not trained")
	}
	assign := make([]int32, len(prep))
	parallelFor(len(prep), workers, func(i int) {
		if prep[i] != nil {
			assign[i] = int32(x.nearestList(prep[i]))
		}
	})
	x.reserve(prep, assign)
	for i, p := range prep {
		if p != nil {
			x.insertLocked(keys[i], p, int(assign[i]))
		}
	}
	return nil
}

// prepareBatch is prepare of each of vecs (nil for a vector left out):
// the copies bit strings and Cosine need are made into one buffer, not
// one allocation per vector.
func (x *IVFFlat) prepareBatch(keys []uint64, vecs [][]float32) ([][]float32, error) {
	d := x.cfg.Dims
	prep := make([][]float32, len(vecs))
	var buf []float32
	if x.cfg.Bits || x.cfg.Metric == Cosine {
		buf = make([]float32, len(vecs)*d)
	}
	for i, v := range vecs {
		p, ok, err := v, true, error(nil)
		if buf != nil {
			p = buf[i*d : (i+1)*d : (i+1)*d]
			ok, err = x.prepareInto(p, v)
		} else {
			err = x.checkVector(v)
		}
		if err != nil {
			return nil, fmt.Errorf("key %d: %w", keys[i], err)
		}
		if ok {
			prep[i] = p
		}
	}
	return prep, nil
}

// reserve grows each list, and the key map when empty, once for the
// batch's vectors (prep[i] != nil goes to list assign[i]), so the
// inserts that follow allocate nothing per row.
func (x *IVFFlat) reserve(prep [][]float32, assign []int32) {
	counts := make([]int, len(x.lists))
	total := 0
	for i, p := range prep {
		if p != nil {
			counts[assign[i]]++
			total++
		}
	}
	if len(x.where) == 0 {
		x.where = make(map[uint64]ivfPos, total)
	}
	for l, n := range counts {
		if n > 0 {
			lst := &x.lists[l]
			lst.keys = slices.Grow(lst.keys, n)
			lst.vecs = slices.Grow(lst.vecs, n*x.cfg.Dims)
		}
	}
}

// Delete removes key's vector (a no-op when absent): the list's last row
// moves into its place, so lists stay contiguous without tombstones.
func (x *IVFFlat) Delete(key uint64) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.deleteLocked(key)
}

func (x *IVFFlat) deleteLocked(key uint64) {
	pos, ok := x.where[key]
	if !ok {
		return
	}
	delete(x.where, key)
	lst := &x.lists[pos.list]
	d := x.cfg.Dims
	last := len(lst.keys) - 1
	if int(pos.row) != last {
		moved := lst.keys[last]
		lst.keys[pos.row] = moved
		copy(lst.vecs[int(pos.row)*d:], lst.vecs[last*d:(last+1)*d])
		x.where[moved] = pos
	}
	lst.keys = lst.keys[:last]
	lst.vecs = lst.vecs[:last*d]
}
